import Foundation
import XCTest

@testable import Quarry

extension EngineTestCase {
  /// Stores `value` in a fresh one-column table on the engine of the run in progress, its column
  /// declared as a generated table declares `type` and `kind` there (SQLite's affinity, or
  /// PostgreSQL's column type), then reads it back through the conversion and as the engine
  /// itself stored it (`rawValue`).
  ///
  /// ```swift
  /// let (back, stored) = try engineRoundTrip(Decimal(string: "19.99")!, as: .numeric)
  /// ```
  func engineRoundTrip<V: DatabaseValueConvertible>(
    _ value: V, as type: SQLType, kind: ColumnDefinition.ValueKind? = nil
  ) throws -> (value: V?, stored: DatabaseValue) {
    let db = try makeDatabase()
    let column = ColumnDefinition("v", type, kind: kind, nullable: true)
    let declared = currentEngine == .postgres ? column.postgresType : type.sql
    try db.write { db in
      try db.execute(#"CREATE TABLE "values" ("v" \#(declared))"#)
      try db.execute(#"INSERT INTO "values" ("v") VALUES (?)"#, arguments: [value])
    }
    let back = try db.read { try $0.fetchValue(V.self, sql: #"SELECT "v" FROM "values""#) }
    return (back, try rawValue(#"SELECT "v" FROM "values""#, in: db))
  }
}
