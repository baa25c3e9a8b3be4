import Foundation

/// The text form of a `Date` stored with `dateStorage = iso8601`: UTC
/// `YYYY-MM-DD HH:MM:SS`, then a fraction of a second with the fewest digits that read back as
/// the same `timeIntervalSinceReferenceDate`, bit for bit.
///
/// SQLite's date functions read it (`date()`, `datetime()`, `strftime()`, `julianday()`, to
/// their millisecond precision), and text order is time order: the whole seconds are fixed
/// width, and a fraction written with the fewest digits never ends in zero, so `…:05` <
/// `…:05.25` < `…:05.5` compare as text the way the dates do. The engine never matters: the
/// same text is stored on every engine.
///
/// Calendar arithmetic is integer arithmetic on days (proleptic Gregorian, as SQLite counts),
/// without `DateFormatter` or `Calendar`. Writing checks its own result by reading it back, so
/// a date is either stored exactly or refused, never rounded.
///
/// Related SQLite documentation: <https://sqlite.org/lang_datefunc.html>
enum DateText {
  /// Seconds from 1970-01-01 to 2001-01-01, Foundation's reference date.
  static let referenceOffset: Int64 = 978_307_200
  /// The first second SQLite's date functions read, 0000-01-01 00:00:00, since 2001.
  static let earliest: Int64 = -63_145_526_400
  /// The second after the last one they read (10000-01-01 00:00:00), since 2001.
  static let end: Int64 = 252_423_993_600
  /// The most fraction digits written: enough for any date a second or more from 2001.
  static let maximumFractionDigits = 19

  /// Why a date has no text form; the caller wraps it in its own error.
  enum Refusal: Error, Equatable {
    case notFinite
    case outOfRange
    case inexact
  }

  /// The text of the date `seconds` after 2001-01-01 00:00:00 UTC.
  ///
  /// - Throws: ``Refusal`` for NaN and infinities, dates outside the years 0000–9999, and the
  ///   few dates within a second of 2001 whose fraction no 19 digits reproduce.
  static func text(forReferenceSeconds seconds: Double) throws(Refusal) -> String {
    guard seconds.isFinite else { throw .notFinite }
    guard seconds >= Double(earliest), seconds < Double(end) else { throw .outOfRange }
    let floor = seconds.rounded(.down)
    let whole = Int64(floor)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(20 + maximumFractionDigits)
    appendCalendarText(of: whole, to: &bytes)
    let fraction = seconds - floor
    if fraction != 0 {
      guard let digits = fewestDigits(of: fraction, afterWhole: whole, equalling: seconds) else {
        throw .inexact
      }
      bytes.append(UInt8(ascii: "."))
      bytes += digits
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The seconds since 2001 that `text` spells, or nil when it is not a date SQLite reads:
  /// `YYYY-MM-DD`, optionally followed by ` HH:MM` or `THH:MM`, `:SS`, `.fraction` and a
  /// zone (`Z`, `+HH:MM`, `-HH:MM`).
  static func referenceSeconds<Bytes: Collection<UInt8>>(parsing text: Bytes) -> Double? {
    var cursor = DigitCursor(bytes: Array(text))
    return cursor.parseDate()
  }

  // MARK: Writing

  /// Appends `YYYY-MM-DD HH:MM:SS` for `whole` seconds since 2001.
  private static func appendCalendarText(of whole: Int64, to bytes: inout [UInt8]) {
    let unix = whole + referenceOffset
    let days = unix >= 0 ? unix / 86_400 : -((-unix + 86_399) / 86_400)
    let secondOfDay = unix - days * 86_400
    let (year, month, day) = civil(fromDays: days)
    append(year, width: 4, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    append(month, width: 2, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    append(day, width: 2, to: &bytes)
    bytes.append(UInt8(ascii: " "))
    append(secondOfDay / 3600, width: 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    append(secondOfDay / 60 % 60, width: 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    append(secondOfDay % 60, width: 2, to: &bytes)
  }

  private static func append(_ value: Int64, width: Int, to bytes: inout [UInt8]) {
    var digits = [UInt8](repeating: UInt8(ascii: "0"), count: width)
    var rest = value
    for position in stride(from: width - 1, through: 0, by: -1) {
      digits[position] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    }
    bytes += digits
  }

  /// The shortest digits `d` with `whole + 0.d == seconds` exactly, as reading computes it.
  ///
  /// For each digit count, the exact decimals nearest `fraction` from below and above are the
  /// only candidates: reading is monotonic, so if any decimal of that length reads back as
  /// `seconds`, one of these two does. They are computed exactly from the fraction's binary
  /// significand, in 128-bit integers.
  private static func fewestDigits(
    of fraction: Double, afterWhole whole: Int64, equalling seconds: Double
  ) -> [UInt8]? {
    // fraction = significand * 2^-shift exactly, significand < 2^53.
    guard fraction.isNormal else { return nil }
    let significand = fraction.significandBitPattern | (1 << 52)
    let shift = 52 - Int(fraction.exponent)
    var power: UInt64 = 1
    for count in 1...maximumFractionDigits {
      power *= 10
      let product = significand.multipliedFullWidth(by: power)
      let (below, isExact) = shiftedRight(product, by: shift)
      var candidates = [below]
      if !isExact && below + 1 < power { candidates.append(below + 1) }
      for candidate in candidates where candidate != 0 {
        let value = fractionValue(candidate, digitCount: count)
        if Double(whole) + value == seconds { return digits(of: candidate, count: count) }
      }
    }
    return nil
  }

  /// `value >> shift` and whether no set bit was shifted out.
  private static func shiftedRight(
    _ value: (high: UInt64, low: UInt64), by shift: Int
  ) -> (UInt64, Bool) {
    if shift <= 0 { return (value.low, true) }  // never: the fraction is below 1
    if shift >= 128 { return (0, value.high == 0 && value.low == 0) }
    if shift >= 64 {
      let lost = value.low != 0 || (value.high & ((1 << UInt64(shift - 64)) &- 1)) != 0
      return (value.high >> UInt64(shift - 64), !lost)
    }
    let lost = value.low & ((1 << UInt64(shift)) &- 1) != 0
    let result = (value.low >> UInt64(shift)) | (value.high << UInt64(64 - shift))
    // The quotient is below 10^19 < 2^64: no high bits remain.
    return (result, !lost)
  }

  private static func digits(of value: UInt64, count: Int) -> [UInt8] {
    var digits = [UInt8](repeating: UInt8(ascii: "0"), count: count)
    var rest = value
    for position in stride(from: count - 1, through: 0, by: -1) {
      digits[position] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    }
    while digits.last == UInt8(ascii: "0") { digits.removeLast() }
    return digits
  }

  // MARK: Reading

  private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
    var power = 1.0
    for _ in 0..<exponent { power *= 10 }
    return power
  }

  /// `0.<digits>` correctly rounded to a Double: a single division of two exact doubles when
  /// both are (Clinger's fast path), Swift's correctly rounded parser otherwise.
  static func fractionValue(_ digits: UInt64, digitCount: Int) -> Double {
    if digits < 1 << 53 && digitCount <= 22 {
      return Double(digits) / exactPowersOfTen[digitCount]
    }
    let text = String(digits)
    let padded = String(repeating: "0", count: max(0, digitCount - text.count)) + text
    return Double("0." + padded) ?? 0
  }

  /// A fraction of any length, as written by another program.
  static func fractionValue(_ digits: ArraySlice<UInt8>) -> Double {
    if digits.count <= 19 {
      var value: UInt64 = 0
      for digit in digits { value = value * 10 + UInt64(digit - UInt8(ascii: "0")) }
      return fractionValue(value, digitCount: digits.count)
    }
    return Double("0." + String(decoding: digits, as: UTF8.self)) ?? 0
  }

  // MARK: Calendar

  /// Year, month and day of `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
  static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// Days from 1970-01-01 to the date (Howard Hinnant's `days_from_civil`).
  static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func daysInMonth(year: Int64, month: Int64) -> Int64 {
    switch month {
    case 2:
      let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      return isLeap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

/// Reads the parts of a date text, field by field.
private struct DigitCursor {
  let bytes: [UInt8]
  var offset = 0

  private var isAtEnd: Bool { offset == bytes.count }

  private mutating func advance(if byte: UInt8) -> Bool {
    guard offset < bytes.count, bytes[offset] == byte else { return false }
    offset += 1
    return true
  }

  /// Exactly `count` ASCII digits as a number.
  private mutating func number(digits count: Int) -> Int64? {
    guard offset + count <= bytes.count else { return nil }
    var value: Int64 = 0
    for byte in bytes[offset..<offset + count] {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    offset += count
    return value
  }

  mutating func parseDate() -> Double? {
    guard let year = number(digits: 4), advance(if: UInt8(ascii: "-")),
      let month = number(digits: 2), (1...12).contains(month), advance(if: UInt8(ascii: "-")),
      let day = number(digits: 2),
      (1...DateText.daysInMonth(year: year, month: month)).contains(day)
    else { return nil }
    var seconds = DateText.days(year: year, month: month, day: day) * 86_400
    var fraction = 0.0
    if advance(if: UInt8(ascii: " ")) || advance(if: UInt8(ascii: "T")) {
      guard let hour = number(digits: 2), hour < 24, advance(if: UInt8(ascii: ":")),
        let minute = number(digits: 2), minute < 60
      else { return nil }
      seconds += hour * 3600 + minute * 60
      if advance(if: UInt8(ascii: ":")) {
        guard let second = number(digits: 2), second < 60 else { return nil }
        seconds += second
        if advance(if: UInt8(ascii: ".")) {
          let start = offset
          while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"),
            bytes[offset] <= UInt8(ascii: "9")
          {
            offset += 1
          }
          guard offset > start else { return nil }
          fraction = DateText.fractionValue(bytes[start..<offset])
        }
      }
      guard let zone = parseZone() else { return nil }
      seconds -= zone
    }
    guard isAtEnd else { return nil }
    return Double(seconds - DateText.referenceOffset) + fraction
  }

  /// The zone's offset from UTC in seconds: 0 without one.
  private mutating func parseZone() -> Int64? {
    if isAtEnd || advance(if: UInt8(ascii: "Z")) { return 0 }
    let sign: Int64
    if advance(if: UInt8(ascii: "+")) {
      sign = 1
    } else if advance(if: UInt8(ascii: "-")) {
      sign = -1
    } else {
      return nil
    }
    guard let hours = number(digits: 2), hours < 24, advance(if: UInt8(ascii: ":")),
      let minutes = number(digits: 2), minutes < 60
    else { return nil }
    return sign * (hours * 3600 + minutes * 60)
  }
}
