import Foundation
import Quarry

// Two tables written as the generator writes them, for the schema tests that go through
// `Database(postgres:)`: a shelf, and books on it with a full-text index.

struct SchemaShelf: TableRecord, Equatable {
  typealias PrimaryKey = Int64
  var id: Int64
  var label: String
  var isOpen: Bool

  static let table = TableDefinition(
    name: "shelves",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("label", .text, unique: true),
      ColumnDefinition("isOpen", .integer, kind: .bool, defaultSQL: "1"),
    ])

  init(id: Int64, label: String, isOpen: Bool) {
    self.id = id
    self.label = label
    self.isOpen = isOpen
  }

  init(row: Row) throws {
    id = try row.decode(at: 0)
    label = try row.decode(at: 1)
    isOpen = try row.decode(at: 2)
  }

  func bind(to statement: Statement) throws {
    try statement.bind(id, at: 1)
    try statement.bind(label, at: 2)
    try statement.bind(isOpen, at: 3)
  }

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
    try statement.bind(id, at: index)
  }

  static func bind(primaryKey: Int64, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}

struct SchemaBook: TableRecord, Equatable {
  typealias PrimaryKey = UUID
  var id: UUID
  var title: String
  var summary: String?
  var shelfID: Int64?

  static let table = TableDefinition(
    name: "books",
    columns: [
      ColumnDefinition("id", .text, kind: .uuid, primaryKey: true),
      ColumnDefinition("title", .text),
      ColumnDefinition("summary", .text, nullable: true),
      ColumnDefinition(
        "shelf_id", .integer, nullable: true, indexed: true,
        references: ForeignKey("shelves", "id", onDelete: .setNull)),
    ],
    fullText: FullTextIndex(["title", "summary"]))

  init(id: UUID, title: String, summary: String?, shelfID: Int64?) {
    self.id = id
    self.title = title
    self.summary = summary
    self.shelfID = shelfID
  }

  init(row: Row) throws {
    id = try row.decode(at: 0)
    title = try row.decode(at: 1)
    summary = try row.decode(at: 2)
    shelfID = try row.decode(at: 3)
  }

  func bind(to statement: Statement) throws {
    try statement.bind(id, at: 1)
    try statement.bind(title, at: 2)
    try statement.bind(summary, at: 3)
    try statement.bind(shelfID, at: 4)
  }

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
    try statement.bind(id, at: index)
  }

  static func bind(primaryKey: UUID, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}
