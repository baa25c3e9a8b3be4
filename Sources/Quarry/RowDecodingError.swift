/// A row value that cannot become the Swift type asked for.
///
/// Thrown instead of crashing when a column holds NULL for a non-optional property, a value of
/// the wrong storage class, an integer out of the type's range or JSON that does not decode.
///
/// ```swift
/// do {
///   _ = try db.read { try $0.fetchAll(Bird.self) }
/// } catch let error as RowDecodingError {
///   print(error)
///   // cannot decode column 'name' of table 'birds' (row 3) as String: found NULL
///   //   - while executing `SELECT …`
/// }
/// ```
public struct RowDecodingError: Error, Sendable, CustomStringConvertible {
  /// The table being read, or an empty string for a free-form query.
  public let table: String
  /// The name of the column that could not be decoded.
  public let column: String
  /// The 1-based position of the row in the result.
  public let row: Int
  /// The Swift type that was asked for, such as `"Int8"`.
  public let expectedType: String
  /// What was wrong, such as `found NULL` or `integer 300 is out of range`.
  public let reason: String
  /// The SQL whose result was being read.
  public let sql: String

  public var description: String {
    let tablePart = table.isEmpty ? "" : " of table '\(table)'"
    return "cannot decode column '\(column)'\(tablePart) (row \(row)) as \(expectedType): "
      + "\(reason) - while executing `\(sql)`"
  }
}
