import Foundation
import Quarry

/// The value the round-trip property test stores everywhere: one field per hard case.
struct Sample: Codable, Identifiable, Sendable, Equatable, CustomStringConvertible {
  var id: String
  var text: String
  var date: Date
  var decimal: Decimal
  var real: Double
  var unsigned: UInt64
  var signed: Int64
  var bytes: Data
  var nested: Int??

  /// Equal exactly: strings scalar by scalar (NFC and NFD differ), NaN equal to NaN, decimals
  /// by value and spelling. `-0.0 == 0.0`, as in Swift: SQLite and XML keep the zero, not its
  /// sign (documented).
  func isIdentical(to other: Sample) -> Bool {
    id.unicodeScalars.elementsEqual(other.id.unicodeScalars)
      && text.unicodeScalars.elementsEqual(other.text.unicodeScalars)
      && date.timeIntervalSinceReferenceDate.bitPattern
        == other.date.timeIntervalSinceReferenceDate.bitPattern
      && decimal == other.decimal && decimal.description == other.decimal.description
      && (real == other.real || (real.isNaN && other.real.isNaN)) && unsigned == other.unsigned
      && signed == other.signed && bytes == other.bytes && nested == other.nested
  }

  var description: String {
    "Sample(id: \(id.debugDescription), text: \(text.debugDescription), date: "
      + "\(date.timeIntervalSinceReferenceDate), decimal: \(decimal), real: \(real) "
      + "(\(String(real.bitPattern, radix: 16))), unsigned: \(unsigned), signed: \(signed), "
      + "bytes: \(bytes.count), nested: \(String(describing: nested)))"
  }

  static func random(number: Int, using random: inout SplitMix) -> Sample {
    Sample(
      id: "\(number)-" + randomText(using: &random, allowEmpty: false),
      text: randomText(using: &random, allowEmpty: true),
      date: Date(timeIntervalSinceReferenceDate: randomInterval(using: &random)),
      decimal: randomDecimal(using: &random),
      real: randomDouble(using: &random),
      unsigned: [0, 1, UInt64(Int64.max), UInt64(Int64.max) + 1, .max, random.next()][
        Int.random(in: 0..<6, using: &random)],
      signed: [0, -1, .min, .max, Int64(bitPattern: random.next())][
        Int.random(in: 0..<5, using: &random)],
      bytes: Data(
        (0..<Int.random(in: 0..<20, using: &random)).map { _ in
          UInt8.random(in: 0...255, using: &random)
        }),
      nested: [nil, .some(nil), .some(.some(Int.random(in: -1000...1000, using: &random)))][
        Int.random(in: 0..<3, using: &random)])
  }

  private static func randomText(using random: inout SplitMix, allowEmpty: Bool) -> String {
    let pieces = [
      "", "a", "Robin", "caf\u{E9}", "\u{65E5}\u{672C}", "\u{1F426}", "\u{41}\u{30A}", "z\"<&>'",
      "line\nbreak", "tab\there", " ",
    ]
    var text = ""
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      text += pieces[Int.random(in: 0..<pieces.count, using: &random)]
    }
    return text.isEmpty && !allowEmpty ? "x" : text
  }

  private static func randomInterval(using random: inout SplitMix) -> TimeInterval {
    switch Int.random(in: 0..<5, using: &random) {
    case 0: return TimeInterval(Int.random(in: -2_000_000_000...2_000_000_000, using: &random))
    case 1: return Double.random(in: -1e9...1e9, using: &random)
    case 2: return -Double.random(in: 0..<1, using: &random)
    case 3:
      return [0, -0.5, 700_000_000.1234568, -63_113_904_000.25, 1e11][
        Int.random(in: 0..<5, using: &random)]
    default: return Double(bitPattern: random.next() & 0x41FF_FFFF_FFFF_FFFF)  // below ~2^33
    }
  }

  private static func randomDecimal(using random: inout SplitMix) -> Decimal {
    var digits = ""
    for _ in 0..<Int.random(in: 1...38, using: &random) {
      digits += String(Int.random(in: 0...9, using: &random))
    }
    let point = Int.random(in: 0...digits.count, using: &random)
    let sign = Bool.random(using: &random) ? "-" : ""
    let text =
      sign + digits.prefix(point) + (point < digits.count ? "." + digits.dropFirst(point) : "")
    return Decimal(string: text.hasPrefix(".") || text.hasPrefix("-.") ? "0" + text : text) ?? 0
  }

  private static func randomDouble(using random: inout SplitMix) -> Double {
    switch Int.random(in: 0..<4, using: &random) {
    case 0:
      return [.nan, .infinity, -.infinity, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude][
        Int.random(in: 0..<6, using: &random)]
    case 1: return Double(bitPattern: random.next())
    default: return Double.random(in: -1e6...1e6, using: &random)
    }
  }
}

extension Sample: TableRecord {
  typealias PrimaryKey = String

  static let table = TableDefinition(
    name: "samples",
    columns: [
      ColumnDefinition("id", .text, primaryKey: true),
      ColumnDefinition("text", .text),
      ColumnDefinition("date", .real),
      ColumnDefinition("decimal", .numeric),
      ColumnDefinition("real", .real),
      ColumnDefinition("unsigned", .integer),
      ColumnDefinition("signed", .integer),
      ColumnDefinition("bytes", .blob),
      ColumnDefinition("nested", .text, nullable: true),
    ])

  init(row: Row) throws {
    id = try row.decode(at: 0)
    text = try row.decode(at: 1)
    date = try row.decode(at: 2)
    decimal = try row.decode(at: 3)
    real = try row.decode(at: 4)
    unsigned = try row.decode(at: 5)
    signed = try row.decode(at: 6)
    bytes = try row.decode(at: 7)
    nested = try row.decodeJSON(at: 8)
  }

  func bind(to statement: Statement) throws {
    try statement.bind(id, at: 1)
    try statement.bind(text, at: 2)
    try statement.bind(date, at: 3)
    try statement.bind(decimal, at: 4)
    try statement.bind(real, at: 5)
    try statement.bind(unsigned, at: 6)
    try statement.bind(signed, at: 7)
    try statement.bind(bytes, at: 8)
    try statement.bindJSON(nested, at: 9)
  }

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
    try statement.bind(id, at: index)
  }

  static func bind(primaryKey: String, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}
