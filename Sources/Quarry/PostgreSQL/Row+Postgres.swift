import Foundation

// The PostgreSQL side of Row's typed readers, out of line: the inlinable SQLite paths test
// `statement.isPostgres` once and call these, so generated `init(row:)` stays as small as it was.

extension Row {
  @usableFromInline
  func postgresIsNull(at index: Int32) -> Bool {
    statement.borrowedPostgres?.isNull(at: index) ?? true
  }

  @usableFromInline
  func postgresInteger(at index: Int32) -> Int64? {
    statement.borrowedPostgres?.integer(at: index)
  }

  @usableFromInline
  func postgresReal(at index: Int32) -> Double? {
    statement.borrowedPostgres?.real(at: index)
  }

  @usableFromInline
  func postgresText(at index: Int32, expectedType: String) throws -> String? {
    guard let text = statement.borrowedPostgres?.text(at: index) else { return nil }
    guard let text else { throw invalidUTF8Error(at: index, expectedType: expectedType) }
    return text
  }

  @usableFromInline
  func postgresBlob(at index: Int32) -> Data? {
    statement.borrowedPostgres?.blob(at: index)
  }

  @usableFromInline
  func postgresDatabaseValue(at index: Int32) -> DatabaseValue {
    statement.borrowedPostgres?.databaseValue(at: index) ?? .null
  }
}
