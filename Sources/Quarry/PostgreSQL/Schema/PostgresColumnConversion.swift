import Foundation

/// The SQL that converts one column's values exactly to a ``ConversionTarget`` on PostgreSQL,
/// and finds the values it cannot convert: the PostgreSQL side of ``ColumnConversion``.
///
/// PostgreSQL columns are typed, so the checks depend on the old column's type (`sourceType`,
/// as ``PostgresCatalog/columns(in:)`` reports it) and the new one's (`targetType`). Every value
/// a check lets through converts without loss; a cast alone would round `3.5` to 4 and fail the
/// whole statement on `'n/a'`.
struct PostgresColumnConversion {
  let target: ConversionTarget
  let sourceType: String
  let targetType: String

  private enum Source { case integer, real, numeric, text, boolean, bytea, uuid, json, other }

  private var source: Source {
    switch sourceType {
    case "BIGINT", "INTEGER", "SMALLINT": return .integer
    case "DOUBLE PRECISION", "REAL": return .real
    case "NUMERIC": return .numeric
    case "TEXT": return .text
    case "BOOLEAN": return .boolean
    case "BYTEA": return .bytea
    case "UUID": return .uuid
    case "JSONB", "JSON": return .json
    default:
      return sourceType.hasPrefix("CHARACTER") || sourceType.hasPrefix("NUMERIC(")
        ? (sourceType.hasPrefix("NUMERIC") ? .numeric : .text) : .other
    }
  }

  private static let integerText = "'^[+-]?[0-9]+$'"
  private static let numberText = "'^[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][+-]?[0-9]+)?$'"
  private static let uuidText =
    "'^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$'"
  /// Integers a double holds exactly, every smaller one too.
  private static let exactDoubleIntegers = "-9007199254740992 AND 9007199254740992"

  /// An SQL condition, true for a non-NULL `value` that cannot be converted exactly.
  func rejects(_ value: String) -> String {
    switch (targetType, source) {
    case (_, .other): return "TRUE"
    case ("BIGINT", _):
      let (min, max) = integerRange
      let range = "BETWEEN \(min) AND \(max)"
      switch source {
      case .integer: return min == .min && max == .max ? "FALSE" : "\(value) NOT \(range)"
      case .boolean: return "\(value)::int NOT \(range)"
      case .real:
        return "NOT (\(value) = trunc(\(value)) AND \(value) >= -9223372036854775808.0"
          + " AND \(value) < 9223372036854775808.0 AND \(value)::numeric \(range))"
      case .numeric: return "NOT (\(value) = trunc(\(value)) AND \(value) \(range))"
      case .text:
        return "NOT (\(value) ~ \(Self.integerText) AND length(ltrim(\(value), '+-0')) <= 19"
          + " AND \(value)::numeric \(range))"
      default: return "TRUE"
      }
    case ("BOOLEAN", _):
      switch source {
      case .boolean: return "FALSE"
      case .integer, .numeric, .real: return "\(value) NOT IN (0, 1)"
      case .text: return "lower(\(value)) NOT IN ('0', '1', 'true', 'false')"
      default: return "TRUE"
      }
    case ("DOUBLE PRECISION", _):
      switch source {
      case .real: return "FALSE"
      case .integer: return "\(value) NOT BETWEEN \(Self.exactDoubleIntegers)"
      case .numeric: return "\(value)::float8::numeric <> \(value)"
      case .text:
        return "NOT (\(value) ~ \(Self.numberText) AND (\(value)::float8::text = \(value)"
          + " OR (\(value) ~ \(Self.integerText) AND length(ltrim(\(value), '+-0')) <= 19"
          + " AND \(value)::numeric BETWEEN \(Self.exactDoubleIntegers))))"
      default: return "TRUE"
      }
    case ("NUMERIC", _):
      switch source {
      case .integer, .numeric: return "FALSE"
      case .real: return "\(value) IN ('NaN'::float8, 'Infinity'::float8, '-Infinity'::float8)"
      case .text: return "NOT (\(value) ~ \(Self.numberText))"
      default: return "TRUE"
      }
    case ("TEXT", _):
      // Anything has a text form; UTF-8 and one Character are checked in Swift.
      return "FALSE"
    case ("BYTEA", _):
      return source == .bytea || source == .text ? "FALSE" : "TRUE"
    case ("UUID", _):
      switch source {
      case .uuid: return "FALSE"
      case .text: return "NOT (\(value) ~ \(Self.uuidText))"
      default: return "TRUE"
      }
    case ("JSONB", _):
      // Text must be JSON: checked in Swift.
      return source == .json || source == .text ? "FALSE" : "TRUE"
    default:
      return "TRUE"
    }
  }

  /// An SQL condition selecting the values Swift must look at; nil when SQL decides them all.
  func needsSwiftCheck(_ value: String) -> String? {
    switch (targetType, source) {
    case ("TEXT", .bytea): return "TRUE"
    case ("TEXT", _) where target.kind == .character:
      return "char_length(\(value)::text) <> 1"
    case ("JSONB", .text): return "TRUE"
    default: return nil
    }
  }

  /// Whether Swift accepts a value selected by ``needsSwiftCheck(_:)``.
  func swiftAccepts(_ value: DatabaseValue) -> Bool {
    switch (targetType, value) {
    case ("TEXT", .blob(let data)):
      guard let text = String(validating: data, as: UTF8.self) else { return false }
      return target.kind != .character || text.count == 1
    case ("TEXT", .text(let text)): return target.kind != .character || text.count == 1
    case ("TEXT", .integer(let integer)): return String(integer).count == 1
    case ("JSONB", .text(let text)):
      return !text.utf8.contains(0)
        && (try? JSONSerialization.jsonObject(
          with: Data(text.utf8), options: .fragmentsAllowed)) != nil
    default: return false
    }
  }

  /// The SQL expression of the converted value; NULL stays NULL.
  func converted(_ value: String) -> String {
    switch (targetType, source) {
    case ("BIGINT", .boolean): return "\(value)::int::bigint"
    case ("BIGINT", .text): return "\(value)::numeric::bigint"
    case ("BIGINT", _): return "\(value)::bigint"
    case ("BOOLEAN", .boolean): return value
    case ("BOOLEAN", .text): return "lower(\(value)) IN ('1', 'true')"
    case ("BOOLEAN", _): return "\(value) <> 0"
    case ("DOUBLE PRECISION", .text): return "\(value)::numeric::float8"
    case ("DOUBLE PRECISION", _): return "\(value)::float8"
    case ("NUMERIC", _): return "\(value)::numeric"
    case ("TEXT", .boolean): return "\(value)::int::text"
    case ("TEXT", .bytea): return "convert_from(\(value), 'UTF8')"
    case ("TEXT", _): return "\(value)::text"
    case ("BYTEA", .text): return "convert_to(\(value), 'UTF8')"
    case ("BYTEA", _): return value
    case ("UUID", _): return "\(value)::uuid"
    case ("JSONB", _): return "\(value)::jsonb"
    default: return value
    }
  }

  /// The integer range of an integer target (every 64-bit integer without one).
  private var integerRange: (Int64, Int64) {
    if case .integer(let min, let max) = target.kind { return (min, max) }
    return (.min, .max)
  }

  /// What the values must be, for messages (the SQLite conversion's words).
  var requirement: String {
    switch targetType {
    case "UUID": return "a UUID"
    case "JSONB": return "JSON text"
    default: return ColumnConversion(target: target).requirement
    }
  }

  /// The target a conversion without one has: the new column's type.
  static func defaultTarget(for column: ColumnDefinition) -> ConversionTarget {
    column.kind == .bool ? .bool : .forColumn(of: column.type)
  }
}
