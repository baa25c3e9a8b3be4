import Foundation

// A Decimal goes into a NUMERIC column as an INTEGER when it is whole and fits in 64 bits, and
// as a REAL otherwise, so that `price > 5` compares numbers (TEXT would sort after every
// number, and SQLite's NUMERIC affinity turns decimal TEXT into REAL anyway). Reading a REAL
// back rounds to 15 significant digits, the precision SQLite itself guarantees for decimal text
// in a NUMERIC column.
//
// Exact or refused: a Decimal is bound when reading it back gives the same value, which holds
// for every decimal with up to 15 significant digits. Others (`3.141592653589793238`,
// `123456789012345678901234567890`) throw a ValueConversionError saying why, instead of being
// rounded silently.
//
// The one deliberate exception is a Decimal that is exactly a Double's expansion: Swift builds
// a literal such as `let price: Decimal = 19.99` through a Double, as 19.98999999999999488.
// Refusing it would make every `price: 9.99` in app code throw; when the Double is also the
// one of a decimal of at most 15 digits, it is stored as that Double, bit for bit, and reads
// back as that decimal, the one written in the source (19.99). Longer literals are refused.
//
// Related SQLite documentation: <https://sqlite.org/datatype3.html#type_affinity>

extension Decimal: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue {
    guard !isNaN else {
      throw ValueConversionError("Decimal NaN has no SQLite NUMERIC form")
    }
    let text = description
    if let integer = Int64(text) { return .integer(integer) }
    guard let real = Double(text), real.isFinite else {
      throw ValueConversionError("Decimal \(text) has no SQLite NUMERIC form")
    }
    let readBack = Self.decimal(roundingToFifteenDigits: real)
    if readBack == self { return .real(real) }
    if let literal = Self.literalDouble(of: self, readingBackAs: readBack) { return .real(literal) }
    throw ValueConversionError(
      "Decimal \(text) has \(Self.significantDigitCount(of: text)) significant digits and a "
        + "SQLite NUMERIC column keeps 15, so it would not read back the same - round it "
        + "first (NSDecimalRound) or store its description as a String (a literal such as "
        + "19.99 is built through a Double: write Decimal(string: \"19.99\"))")
  }

  /// The Double that Swift built `decimal` from when it is a `Decimal` literal of at most 15
  /// significant digits (`readBack`, which that Double reads back as), else nil.
  private static func literalDouble(of decimal: Decimal, readingBackAs readBack: Decimal)
    -> Double?
  {
    guard let real = Double(readBack.description), Decimal(real) == decimal else { return nil }
    return real
  }

  /// The significant digits of a Decimal's description (`-0.0120` has 2), for messages.
  private static func significantDigitCount(of text: String) -> Int {
    let digits = text.utf8.filter { (0x30...0x39).contains($0) }
    let leading = digits.prefix { $0 == 0x30 }.count
    let trailing = text.contains(".") ? 0 : digits.reversed().prefix { $0 == 0x30 }.count
    return max(1, digits.count - leading - trailing)
  }

  public static func decode(from value: DatabaseValue) throws -> Decimal {
    switch value {
    case .integer(let integer):
      return Decimal(integer)
    case .real(let real):
      guard real.isFinite else {
        throw ValueConversionError("REAL \(real) is not a finite Decimal")
      }
      return decimal(roundingToFifteenDigits: real)
    case .text(let text):
      guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
        throw ValueConversionError("TEXT '\(text)' is not a decimal number")
      }
      return decimal
    default:
      throw ValueConversionError(expected: "NUMERIC", found: value)
    }
  }

  /// The decimal with at most 15 significant digits nearest to `real`.
  private static func decimal(roundingToFifteenDigits real: Double) -> Decimal {
    if real == 0 { return 0 }
    let magnitude = abs(real)
    var exponent = Int(log10(magnitude).rounded(.down))
    // log10 rounds up just below a power of ten (log10(99999999999999.9) == 14.0); correct it
    // with exact powers of ten so the 15 digits start at the first significant one.
    if abs(exponent) <= 22 && magnitude < pow(10, Double(exponent)) { exponent -= 1 }
    let scale = 14 - exponent
    // Powers of ten up to 1e22 are exact doubles, so scaling costs a single rounding error that
    // the rounding to a whole significand absorbs. Other magnitudes go through text.
    guard (0...22).contains(scale) else {
      return Decimal(string: String(format: "%.15g", real)) ?? Decimal(real)
    }
    var significand = UInt64((magnitude * pow(10, Double(scale))).rounded())
    var fractionDigits = scale
    while fractionDigits > 0 && significand % 10 == 0 {
      significand /= 10
      fractionDigits -= 1
    }
    return Decimal(
      sign: real < 0 ? .minus : .plus, exponent: -fractionDigits,
      significand: Decimal(significand))
  }
}
