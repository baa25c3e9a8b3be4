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
    _ value: V, as type: SQLType, kind: ColumnDefinition.ValueKind? = nil, in db: Database? = nil
  ) throws -> (value: V?, stored: DatabaseValue) {
    let db = try db ?? makeDatabase()
    let column = ColumnDefinition("v", type, kind: kind, nullable: true)
    let declared = currentEngine == .postgres ? column.postgresType : type.sql
    // One table per column type: PostgreSQL's prepared SELECT keeps its result type.
    let table = SQLIdentifier.quote("values " + declared.lowercased())
    try db.write { db in
      try db.execute("DROP TABLE IF EXISTS \(table)")
      try db.execute(#"CREATE TABLE \#(table) ("v" \#(declared))"#)
      try db.execute(#"INSERT INTO \#(table) ("v") VALUES (?)"#, arguments: [value])
    }
    let select = #"SELECT "v" FROM \#(table)"#
    let back = try db.read { try $0.fetchValue(V.self, sql: select) }
    return (back, try rawValue(select, in: db))
  }
}
