import Foundation
import Quarry

/// One version of a table's schema, for migration tests.
protocol SchemaVersion {
  static var table: TableDefinition { get }
}

/// A table record whose definition comes from `Schema`; migrations only need the definition.
struct Versioned<Schema: SchemaVersion>: TableRecord, Sendable {
  typealias PrimaryKey = Int64

  static var table: TableDefinition { Schema.table }

  init(row: Row) throws {}

  func bind(to statement: Statement) throws {}

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {}

  static func bind(primaryKey: Int64, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}

enum PlacesV1: SchemaVersion {
  static let table = TableDefinition(
    name: "places",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("name", .text),
    ])
}

enum PlacesWithOptionalAndDefault: SchemaVersion {
  static let table = TableDefinition(
    name: "places",
    columns: PlacesV1.table.columns + [
      ColumnDefinition("note", .text, nullable: true),
      ColumnDefinition("rank", .integer, defaultSQL: "0"),
    ],
    indexes: [IndexDefinition(["rank"])])
}

enum PlacesWithRequired: SchemaVersion {
  static let table = TableDefinition(
    name: "places", columns: PlacesV1.table.columns + [ColumnDefinition("country", .text)])
}

enum PlacesWithUnique: SchemaVersion {
  static let table = TableDefinition(
    name: "places",
    columns: PlacesV1.table.columns + [
      ColumnDefinition("code", .text, nullable: true, unique: true)
    ])
}

enum PlacesWithIntegerName: SchemaVersion {
  static let table = TableDefinition(
    name: "places",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("name", .integer),
    ])
}

enum PlacesWithOptionalName: SchemaVersion {
  static let table = TableDefinition(
    name: "places",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("name", .text, nullable: true),
    ])
}

enum PlacesWithoutName: SchemaVersion {
  static let table = TableDefinition(
    name: "places",
    columns: [ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true)])
}

enum Trails: SchemaVersion {
  static let table = TableDefinition(
    name: "trails",
    columns: [ColumnDefinition("id", .integer, primaryKey: true)])
}
