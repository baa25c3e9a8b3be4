import Foundation
import Quarry

/// A table and columns whose names need quoting: quotes, spaces, keywords, semicolons.
struct Hostile: Sendable, Equatable {
  var key: String
  var value: String
}

extension Hostile: TableRecord {
  typealias PrimaryKey = String

  enum Columns {
    static let key = Column<Hostile, String>(#"select "key""#)
    static let value = Column<Hostile, String>("value; DROP TABLE birds")
  }

  static let table = TableDefinition(
    name: #"we"ird table; DROP TABLE "birds"; --"#,
    columns: [
      ColumnDefinition(#"select "key""#, .text, primaryKey: true),
      ColumnDefinition("value; DROP TABLE birds", .text, indexed: true),
    ]
  )

  init(row: Row) throws {
    key = try row.decode(at: 0)
    value = try row.decode(at: 1)
  }

  func bind(to statement: Statement) throws {
    try statement.bind(key, at: 1)
    try statement.bind(value, at: 2)
  }

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
    try statement.bind(key, at: index)
  }

  static func bind(primaryKey: String, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}
