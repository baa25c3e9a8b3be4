import Foundation

// The PostgreSQL side of Row's typed readers, out of line: the inlinable SQLite paths test
// `statement.isPostgres` once and call these, so generated `init(row:)` stays as small as it was.
// Each reaches the PostgresStatement through `_withUnsafeGuaranteedRef`, which neither retains
// nor releases it: the row's statement owns it for as long as the row is read.

extension Row {
  @usableFromInline
  func postgresIsNull(at index: Int32) -> Bool {
    statement.borrowedPostgres?._withUnsafeGuaranteedRef { $0.isNull(at: index) } ?? true
  }

  @usableFromInline
  func postgresInteger(at index: Int32) -> Int64? {
    statement.borrowedPostgres?._withUnsafeGuaranteedRef { $0.integer(at: index) }
  }

  @usableFromInline
  func postgresReal(at index: Int32) -> Double? {
    statement.borrowedPostgres?._withUnsafeGuaranteedRef { $0.real(at: index) }
  }

  @usableFromInline
  func postgresText(at index: Int32, expectedType: String) throws -> String? {
    guard let text = statement.borrowedPostgres?._withUnsafeGuaranteedRef({ $0.text(at: index) })
    else { return nil }
    guard let text else { throw invalidUTF8Error(at: index, expectedType: expectedType) }
    return text
  }

  @usableFromInline
  func postgresBlob(at index: Int32) -> Data? {
    statement.borrowedPostgres?._withUnsafeGuaranteedRef { $0.blob(at: index) }
  }

  @usableFromInline
  func postgresDatabaseValue(at index: Int32) -> DatabaseValue {
    statement.borrowedPostgres?._withUnsafeGuaranteedRef { $0.databaseValue(at: index) } ?? .null
  }
}
