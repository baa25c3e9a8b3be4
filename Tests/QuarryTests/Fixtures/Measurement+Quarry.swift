import Foundation
import Quarry

/// A hand-written conformance whose Swift types are stricter than its table, so that tests can
/// store values that do not decode (NULL, text, out-of-range integers, bad JSON).
struct Measurement: Sendable, Equatable {
  var id: Int64?
  var small: Int8
  var label: String
  var tags: [String]
  var notes: [String]? = nil
}

extension Measurement: TableRecord {
  typealias PrimaryKey = Int64

  enum Columns {
    static let id = Column<Measurement, Int64?>("id")
    static let small = Column<Measurement, Int8>("small")
    static let label = Column<Measurement, String>("label")
  }

  static let table = TableDefinition(
    name: "measurements",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("small", .integer, nullable: true),
      ColumnDefinition("label", .text, nullable: true),
      ColumnDefinition("tags", .text, nullable: true),
      ColumnDefinition("notes", .text, nullable: true),
    ]
  )

  init(row: Row) throws {
    id = try row.decode(at: 0)
    small = try row.decode(at: 1)
    label = try row.decode(at: 2)
    tags = try row.decodeJSON(at: 3)
    notes = try row.decodeJSON(at: 4)
  }

  func bind(to statement: Statement) throws {
    try statement.bind(id, at: 1)
    try statement.bind(small, at: 2)
    try statement.bind(label, at: 3)
    try statement.bindJSON(tags, at: 4)
    try statement.bindJSON(notes, at: 5)
  }

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
    try statement.bind(id, at: index)
  }

  static func bind(primaryKey: Int64, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}
