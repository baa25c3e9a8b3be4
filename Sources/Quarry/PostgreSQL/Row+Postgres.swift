import Foundation

// The PostgreSQL side of Row's typed readers, out of line: the inlinable SQLite paths test
// `statement.postgres` once and call these, so generated `init(row:)` stays as small as it was.

extension Row {
  @usableFromInline
  func postgresIsNull(at index: Int32) -> Bool {
    statement.postgres?.isNull(at: index) ?? true
  }

  @usableFromInline
  func postgresInteger(at index: Int32) -> Int64? {
    statement.postgres?.integer(at: index)
  }

  @usableFromInline
  func postgresReal(at index: Int32) -> Double? {
    statement.postgres?.real(at: index)
  }

  @usableFromInline
  func postgresText(at index: Int32, expectedType: String) throws -> String? {
    guard let text = statement.postgres?.text(at: index) else { return nil }
    guard let text else { throw invalidUTF8Error(at: index, expectedType: expectedType) }
    return text
  }

  @usableFromInline
  func postgresBlob(at index: Int32) -> Data? {
    statement.postgres?.blob(at: index)
  }

  @usableFromInline
  func postgresDatabaseValue(at index: Int32) -> DatabaseValue {
    statement.postgres?.databaseValue(at: index) ?? .null
  }
}
