/// The SQL that converts one column's values exactly to a ``ConversionTarget``, and finds the
/// values it cannot convert, for SQLite.
///
/// Checks read the value as `+"column"`: the unary plus drops the column's affinity, so a
/// comparison sees the value as stored (TEXT `'1'` is not the integer 1). Every value the check
/// lets through converts without loss with the conversion expression; `CAST` alone would turn
/// `'n/a'` into 0 and `3.5` into 3.
///
/// Related SQLite documentation: <https://sqlite.org/datatype3.html#type_conversions_prior_to_comparison>
struct ColumnConversion {
  let target: ConversionTarget

  /// The largest integer a double holds exactly, and every smaller one too.
  private static let exactDoubleIntegers = "-9007199254740992 AND 9007199254740992"

  /// An SQL condition, true for a non-NULL `value` that cannot be converted exactly.
  func rejects(_ value: String) -> String {
    let canonicalInteger = "CAST(CAST(\(value) AS INTEGER) AS TEXT) = \(value)"
    let canonicalReal = "CAST(CAST(\(value) AS REAL) AS TEXT) = \(value)"
    switch target.kind {
    case .integer(let min, let max) where min == .min && max == .max:
      // Every 64-bit integer: no range to check (the common case, kept short for speed).
      return "CASE typeof(\(value))"
        + " WHEN 'integer' THEN 0"
        + " WHEN 'text' THEN \(canonicalInteger) IS NOT 1"
        + " WHEN 'real' THEN NOT (\(value) >= -9223372036854775808.0"
        + " AND \(value) < 9223372036854775808.0 AND \(value) = CAST(\(value) AS INTEGER))"
        + " ELSE 1 END"
    case .integer(let min, let max):
      let range = "BETWEEN \(min) AND \(max)"
      return "CASE typeof(\(value))"
        + " WHEN 'integer' THEN \(value) NOT \(range)"
        + " WHEN 'real' THEN NOT (\(value) >= -9223372036854775808.0"
        + " AND \(value) < 9223372036854775808.0 AND \(value) = CAST(\(value) AS INTEGER)"
        + " AND CAST(\(value) AS INTEGER) \(range))"
        + " WHEN 'text' THEN NOT (\(canonicalInteger) AND CAST(\(value) AS INTEGER) \(range))"
        + " ELSE 1 END"
    case .bool:
      return "CASE typeof(\(value))"
        + " WHEN 'integer' THEN \(value) NOT IN (0, 1)"
        + " WHEN 'real' THEN \(value) NOT IN (0.0, 1.0)"
        + " WHEN 'text' THEN lower(\(value)) NOT IN ('0', '1', 'true', 'false')"
        + " ELSE 1 END"
    case .real:
      return "CASE typeof(\(value))"
        + " WHEN 'integer' THEN \(value) NOT BETWEEN \(Self.exactDoubleIntegers)"
        + " WHEN 'real' THEN 0"
        + " WHEN 'text' THEN NOT (\(canonicalReal) OR (\(canonicalInteger)"
        + " AND CAST(\(value) AS INTEGER) BETWEEN \(Self.exactDoubleIntegers)))"
        + " ELSE 1 END"
    case .text:
      // A blob is text only if its bytes are UTF-8: checked in Swift (see `needsSwiftCheck`).
      return "0"
    case .character:
      // Text of several code points may still be one Character: checked in Swift.
      return "CASE typeof(\(value))"
        + " WHEN 'text' THEN 0"
        + " WHEN 'integer' THEN \(value) NOT BETWEEN 0 AND 9"
        + " ELSE 1 END"
    case .blob:
      return "typeof(\(value)) NOT IN ('blob', 'text')"
    case .numeric:
      return "CASE typeof(\(value))"
        + " WHEN 'integer' THEN 0 WHEN 'real' THEN 0"
        + " WHEN 'text' THEN NOT (\(canonicalReal) OR \(canonicalInteger))"
        + " ELSE 1 END"
    case .iso8601Date, .dateSeconds:
      // The conversion function gives NULL exactly for what it cannot convert.
      return "\(converted(value)) IS NULL"
    }
  }

  /// An SQL condition selecting the values the SQL check lets through but Swift must look at;
  /// nil when SQL decides every value.
  func needsSwiftCheck(_ value: String) -> String? {
    switch target.kind {
    case .character: return "typeof(\(value)) = 'text' AND length(\(value)) <> 1"
    case .text: return "typeof(\(value)) = 'blob'"
    default: return nil
    }
  }

  /// Whether Swift accepts a value selected by ``needsSwiftCheck(_:)``.
  func swiftAccepts(_ value: DatabaseValue) -> Bool {
    switch (target.kind, value) {
    case (.character, .text(let text)): return text.count == 1
    case (.text, .blob(let data)): return String(validating: data, as: UTF8.self) != nil
    default: return false
    }
  }

  /// The SQL expression of the converted value; NULL stays NULL.
  func converted(_ value: String) -> String {
    switch target.kind {
    case .integer:
      return "CAST(\(value) AS INTEGER)"
    case .bool:
      return "CASE lower(\(value)) WHEN 'true' THEN 1 WHEN 'false' THEN 0"
        + " ELSE CAST(\(value) AS INTEGER) END"
    case .real:
      return "CAST(\(value) AS REAL)"
    case .text, .character:
      // CAST writes 15 significant digits; a double that needs more gets all 17.
      return "CASE WHEN typeof(\(value)) = 'real'"
        + " AND CAST(CAST(\(value) AS TEXT) AS REAL) <> \(value)"
        + " THEN printf('%!.17g', \(value)) ELSE CAST(\(value) AS TEXT) END"
    case .blob:
      return "CAST(\(value) AS BLOB)"
    case .numeric:
      return "CAST(\(value) AS NUMERIC)"
    case .iso8601Date:
      return "\(DateConversionFunctions.textName)(\(value))"
    case .dateSeconds:
      return "\(DateConversionFunctions.secondsName)(\(value))"
    }
  }

  /// What the values must be, for messages: "an integer in -128...127", "one Character".
  var requirement: String {
    switch target.kind {
    case .integer(let min, let max):
      return min == .min && max == .max ? "an integer" : "an integer in \(min)...\(max)"
    case .bool: return "0, 1, 'true' or 'false'"
    case .real: return "a number a double holds exactly"
    case .text: return "text"
    case .character: return "exactly one Character"
    case .blob: return "text or a blob"
    case .numeric: return "a number"
    case .iso8601Date:
      return "a date with exact ISO 8601 text in the years 0000-9999 (seconds since 2001 or "
        + "date text)"
    case .dateSeconds: return "a date (seconds since 2001 or ISO 8601 text)"
    }
  }

  /// Whether the conversion calls a function the rebuild installs on its connection.
  var needsDateFunctions: Bool {
    switch target.kind {
    case .iso8601Date, .dateSeconds: return true
    default: return false
    }
  }
}
