import Foundation
import Quarry

/// A composite primary key, in the generated shape: a nested `PrimaryKey` struct.
struct Membership: Sendable, Equatable {
  var flock: String
  var birdID: UUID
  var role: String
}

extension Membership: TableRecord {
  struct PrimaryKey: Hashable, Sendable {
    var flock: String
    var birdID: UUID
  }

  enum Columns {
    static let flock = Column<Membership, String>("flock")
    static let birdID = Column<Membership, UUID>("bird_id")
    static let role = Column<Membership, String>("role")
  }

  static let table = TableDefinition(
    name: "memberships",
    columns: [
      ColumnDefinition("flock", .text, primaryKey: true),
      ColumnDefinition("bird_id", .text, kind: .uuid, primaryKey: true),
      ColumnDefinition("role", .text, defaultSQL: "'member'"),
    ],
    indexes: [
      IndexDefinition(["role"], unique: false),
      IndexDefinition(["bird_id", "role"], unique: true),
    ]
  )

  init(row: Row) throws {
    flock = try row.decode(at: 0)
    birdID = try row.decode(at: 1)
    role = try row.decode(at: 2)
  }

  func bind(to statement: Statement) throws {
    try statement.bind(flock, at: 1)
    try statement.bind(birdID, at: 2)
    try statement.bind(role, at: 3)
  }

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
    try statement.bind(flock, at: index)
    try statement.bind(birdID, at: index + 1)
  }

  static func bind(primaryKey: PrimaryKey, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey.flock, at: index)
    try statement.bind(primaryKey.birdID, at: index + 1)
  }
}
