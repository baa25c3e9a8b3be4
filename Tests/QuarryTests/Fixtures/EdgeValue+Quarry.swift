import Foundation
import Quarry

/// One row of each storable scalar kind, all optional, so an edge-value test sets one column
/// and leaves the rest NULL. Written as `quarry` would generate it.
struct EdgeValue: Sendable, Equatable {
  var id: Int64
  var integer: Int64? = nil
  var real: Double? = nil
  var decimal: Decimal? = nil
  var date: Date? = nil
  var text: String? = nil
  var data: Data? = nil
}

extension EdgeValue: TableRecord {
  typealias PrimaryKey = Int64

  static let table = TableDefinition(
    name: "edge_values",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("integer", .integer, nullable: true),
      ColumnDefinition("real", .real, nullable: true),
      ColumnDefinition("decimal", .numeric, nullable: true),
      ColumnDefinition("date", .real, nullable: true),
      ColumnDefinition("text", .text, nullable: true),
      ColumnDefinition("data", .blob, nullable: true),
    ]
  )

  init(row: Row) throws {
    id = try row.decode(at: 0)
    integer = try row.decode(at: 1)
    real = try row.decode(at: 2)
    decimal = try row.decode(at: 3)
    date = try row.decode(at: 4)
    text = try row.decode(at: 5)
    data = try row.decode(at: 6)
  }

  func bind(to statement: Statement) throws {
    try statement.bind(id, at: 1)
    try statement.bind(integer, at: 2)
    try statement.bind(real, at: 3)
    try statement.bind(decimal, at: 4)
    try statement.bind(date, at: 5)
    try statement.bind(text, at: 6)
    try statement.bind(data, at: 7)
  }

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
    try statement.bind(id, at: index)
  }

  static func bind(primaryKey: Int64, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}
