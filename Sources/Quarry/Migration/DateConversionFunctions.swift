import CSQLite

/// `quarry_date_text` and `quarry_date_seconds`: the SQL functions a rebuild uses to convert a
/// `Date` column between REAL seconds since 2001 and ISO 8601 text (`dateStorage`), with the
/// same algorithm as binding (``ISO8601Date``), so every row ends up as generated code would
/// have written it.
///
/// Each gives NULL for a value it cannot convert exactly (NaN cannot be stored; a date outside
/// the years 0000–9999 for text; text that is neither a date nor a number; an integer beyond
/// 2^53 seconds), which
/// the rebuild's check names before any row moves. They are installed on the migrating
/// connection only; other programs never see them in the schema.
enum DateConversionFunctions {
  static let textName = "quarry_date_text"
  static let secondsName = "quarry_date_seconds"

  static func install(on connection: OpaquePointer) throws {
    let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
    for (name, wantsText) in [(textName, true), (secondsName, false)] {
      // The direction travels as the user data: a C callback cannot capture it.
      let direction = UnsafeMutableRawPointer(bitPattern: wantsText ? 2 : 1)
      let resultCode = sqlite3_create_function_v2(
        connection, name, 1, flags, direction,
        { context, _, values in
          guard let context else { return }
          let wantsText = Int(bitPattern: sqlite3_user_data(context)) == 2
          guard let seconds = DateConversionFunctions.seconds(of: values?[0]) else {
            sqlite3_result_null(context)
            return
          }
          guard wantsText else {
            sqlite3_result_double(context, seconds)
            return
          }
          guard let text = try? DateText.text(forReferenceSeconds: seconds) else {
            sqlite3_result_null(context)
            return
          }
          SQLiteValue.setResult(of: context, to: .text(text))
        }, nil, nil, nil)
      guard resultCode == SQLITE_OK else {
        throw SQLiteError(resultCode: resultCode, connection: connection, sql: nil)
      }
    }
  }

  /// The date a stored value holds, as seconds since 2001; nil when it holds none exactly.
  static func seconds(of value: OpaquePointer?) -> Double? {
    switch sqlite3_value_type(value) {
    case SQLITE_FLOAT:
      return sqlite3_value_double(value)
    case SQLITE_INTEGER:
      let integer = sqlite3_value_int64(value)
      guard integer.magnitude <= 1 << 53 else { return nil }
      return Double(integer)
    case SQLITE_TEXT:
      // Date text, or a number written as text (what a TEXT column converted to REAL
      // accepted before dates had a target of their own).
      return Row.withUnsafeText(of: value) { bytes in
        if let seconds = DateText.referenceSeconds(parsing: bytes) { return seconds }
        guard let number = Double(String(decoding: bytes, as: UTF8.self)), number.isFinite
        else { return nil }
        return number
      }
    default:
      return nil
    }
  }
}
