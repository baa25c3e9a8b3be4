/// A ``DatabaseValue`` stores as itself: what lets a ``DatabaseFunction`` return one of its
/// arguments unchanged, and a query bind or read a value of any storage class.
///
/// ```swift
/// let echo = DatabaseFunction("echo", argumentCount: 1) { args in args[0] }
/// let raw = try db.read { try $0.fetchValue(DatabaseValue.self, literal: "SELECT note FROM books") }
/// ```
///
/// Read from a row, NULL is `.null` (not a decoding error), so `fetchValue` answers nil only
/// when there is no row.
extension DatabaseValue: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { self }

  public static func decode(from value: DatabaseValue) throws -> DatabaseValue { value }

  public static func decode(from row: Row, at index: Int32) throws -> DatabaseValue {
    try row.checkedDatabaseValue(at: index, expectedType: "DatabaseValue")
  }
}
