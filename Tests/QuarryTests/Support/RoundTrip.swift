import Foundation
import Quarry
import XCTest

/// Stores `value` in a fresh one-column table of declared type `type` and reads it back, so the
/// column's type affinity applies as it would in a generated table.
func roundTrip<V: DatabaseValueConvertible>(
  _ value: V, as type: SQLType, file: StaticString = #filePath, line: UInt = #line
) throws -> V {
  let db = try Database.inMemory()
  try db.write { db in
    try db.execute("CREATE TABLE \"values\" (\"v\" \(type.sql))")
    try db.execute("INSERT INTO \"values\" (\"v\") VALUES (?)", arguments: [value])
  }
  let fetched = try db.read { try $0.fetchValue(V.self, sql: "SELECT \"v\" FROM \"values\"") }
  guard let fetched else {
    XCTFail("no row came back", file: file, line: line)
    throw ValueConversionError("no row")
  }
  return fetched
}

/// The storage class SQLite chose for `value` in a column of declared type `type`.
func storageClass<V: DatabaseValueConvertible>(of value: V, as type: SQLType) throws -> String? {
  let db = try Database.inMemory()
  try db.write { db in
    try db.execute("CREATE TABLE \"values\" (\"v\" \(type.sql))")
    try db.execute("INSERT INTO \"values\" (\"v\") VALUES (?)", arguments: [value])
  }
  return try db.read { try $0.fetchValue(String.self, sql: "SELECT typeof(\"v\") FROM \"values\"") }
}
