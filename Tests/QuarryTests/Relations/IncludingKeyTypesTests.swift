import Foundation
import XCTest

@testable import Quarry

/// A key type the fixtures below are generic over, with the column it is stored in.
private protocol IncludingTestKey: DatabaseValueConvertible, Hashable, Sendable {
  static var column: (type: SQLType, kind: ColumnDefinition.ValueKind?) { get }
}

extension Int64: IncludingTestKey {
  static var column: (type: SQLType, kind: ColumnDefinition.ValueKind?) { (.integer, nil) }
}

extension String: IncludingTestKey {
  static var column: (type: SQLType, kind: ColumnDefinition.ValueKind?) { (.text, nil) }
}

extension UUID: IncludingTestKey {
  static var column: (type: SQLType, kind: ColumnDefinition.ValueKind?) { (.text, .uuid) }
}

/// An owner keyed by `Key` (a `UUID` column is `UUID` on PostgreSQL, TEXT on SQLite).
private struct Owner<Key: IncludingTestKey>: TableRecord, Equatable {
  typealias PrimaryKey = Key
  var id: Key
  var name: String

  static var children: HasMany<Owner, Child<Key>> { HasMany(column: "ownerID", key: { $0.id }) }
  static var firstChild: HasOne<Owner, Child<Key>> { HasOne(column: "ownerID", key: { $0.id }) }

  static var table: TableDefinition {
    TableDefinition(
      name: "owners",
      columns: [
        ColumnDefinition("id", Key.column.type, kind: Key.column.kind, primaryKey: true),
        ColumnDefinition("name", .text),
      ])
  }

  init(id: Key, name: String) {
    self.id = id
    self.name = name
  }

  init(row: Row) throws {
    id = try row.decode(at: 0)
    name = try row.decode(at: 1)
  }

  func bind(to statement: Statement) throws {
    try statement.bind(id, at: 1)
    try statement.bind(name, at: 2)
  }

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
    try statement.bind(id, at: index)
  }

  static func bind(primaryKey: Key, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}

/// A row referring to an `Owner` by its key.
private struct Child<Key: IncludingTestKey>: TableRecord, Equatable {
  typealias PrimaryKey = Int64
  var id: Int64
  var ownerID: Key
  var note: String

  static var owner: BelongsTo<Child, Owner<Key>> {
    BelongsTo(column: "ownerID", foreignKey: { $0.ownerID })
  }

  static var table: TableDefinition {
    TableDefinition(
      name: "children",
      columns: [
        ColumnDefinition("id", .integer, primaryKey: true),
        ColumnDefinition(
          "ownerID", Key.column.type, kind: Key.column.kind,
          references: ForeignKey("owners", "id")),
        ColumnDefinition("note", .text),
      ])
  }

  init(id: Int64, ownerID: Key, note: String) {
    self.id = id
    self.ownerID = ownerID
    self.note = note
  }

  init(row: Row) throws {
    id = try row.decode(at: 0)
    ownerID = try row.decode(at: 1)
    note = try row.decode(at: 2)
  }

  func bind(to statement: Statement) throws {
    try statement.bind(id, at: 1)
    try statement.bind(ownerID, at: 2)
    try statement.bind(note, at: 3)
  }

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
    try statement.bind(id, at: index)
  }

  static func bind(primaryKey: Int64, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}

/// `including` groups the associated rows by the stored value of their key column: on
/// PostgreSQL the key arrives as binary `int8`, `uuid` or `text`, and the groups must be what
/// SQLite gives, which is what plain Swift computes from the inserted values. Every answer is
/// compared with that Swift answer.
final class IncludingKeyTypesTests: EngineTestCase {
  /// Owner `i` of `keys` has `i % 4` children (so some have none); children are inserted in
  /// an order that interleaves owners.
  private func check<Key: IncludingTestKey>(
    _ keys: [Key], file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let db = try makeDatabase()
    try db.migrate(Owner<Key>.self, Child<Key>.self)
    let owners = keys.enumerated().map { Owner(id: $1, name: "owner \($0) é") }
    var children: [Child<Key>] = []
    for copy in 0..<3 {
      for (position, owner) in owners.enumerated() where copy < position % 4 {
        children.append(
          Child(id: Int64(children.count + 1), ownerID: owner.id, note: "\(position)-\(copy)"))
      }
    }
    try db.write { tx in
      for owner in owners { try tx.insert(owner) }
      for child in children { try tx.insert(child) }
    }
    func childrenOf(_ owner: Owner<Key>) -> [Child<Key>] {
      children.filter { $0.ownerID == owner.id }
    }
    // To-many.
    let toMany = try db.read { try $0.fetchAll(Owner<Key>.all().including(Owner<Key>.children)) }
    XCTAssertEqual(toMany.map(\.0), owners, "\(Key.self)", file: file, line: line)
    XCTAssertEqual(
      toMany.map { $0.1.sorted { $0.id < $1.id } }, owners.map(childrenOf), "\(Key.self)",
      file: file, line: line)
    XCTAssertTrue(toMany.contains { !$0.1.isEmpty }, "\(Key.self)", file: file, line: line)

    // To-one both ways: the first child (a HasOne), the owner of each child (a BelongsTo).
    let toOne = try db.read { try $0.fetchAll(Owner<Key>.all().including(Owner<Key>.firstChild)) }
    XCTAssertEqual(
      toOne.map { $0.1?.ownerID }, owners.map { childrenOf($0).first?.ownerID }, "\(Key.self)",
      file: file, line: line)
    let belongs = try db.read { try $0.fetchAll(Child<Key>.all().including(Child<Key>.owner)) }
    XCTAssertEqual(belongs.map(\.0), children, "\(Key.self)", file: file, line: line)
    XCTAssertEqual(
      belongs.map(\.1), children.map { child in owners.first { $0.id == child.ownerID }! },
      "\(Key.self)", file: file, line: line)

    // Nested chains: owners with their children, each with its owner again; children with
    // their owner, with all of that owner's children.
    let nested = try db.read { tx in
      try tx.fetchAll(
        Owner<Key>.all().including(Owner<Key>.children.including(Child<Key>.owner)))
    }
    XCTAssertEqual(nested.map(\.0), owners, "\(Key.self)", file: file, line: line)
    for (owner, shelf) in nested {
      XCTAssertEqual(
        shelf.map(\.0).sorted { $0.id < $1.id }, childrenOf(owner), "\(Key.self)", file: file,
        line: line)
      XCTAssertTrue(shelf.allSatisfy { $0.1 == owner }, "\(Key.self)", file: file, line: line)
    }
    let back = try db.read { tx in
      try tx.fetchAll(Child<Key>.all().including(Child<Key>.owner.including(Owner<Key>.children)))
    }
    for (child, (owner, siblings)) in back {
      XCTAssertEqual(owner.id, child.ownerID, "\(Key.self)", file: file, line: line)
      XCTAssertEqual(
        siblings.sorted { $0.id < $1.id }, childrenOf(owner), "\(Key.self)", file: file,
        line: line)
    }

    // Refinements that bind values (the owners' filter, the children's filter and order)
    // keep the grouping.
    let some = try db.read { tx in
      try tx.fetchAll(
        Owner<Key>.all().filter(Column<Owner<Key>, String>("name") != "owner 1 é")
          .including(Owner<Key>.children)
          .filter(Column<Child<Key>, String>("note") != "2-0")
          .order(Column<Child<Key>, Int64>("id").desc))
    }
    let kept = owners.filter { $0.name != "owner 1 é" }
    XCTAssertEqual(some.map(\.0), kept, "\(Key.self)", file: file, line: line)
    XCTAssertEqual(
      some.map { $0.1.map(\.id) },
      kept.map { Array(childrenOf($0).filter { $0.note != "2-0" }.map(\.id).reversed()) },
      "\(Key.self)", file: file, line: line)
  }

  func testInt64Keys() throws {
    forEachEngine { _ in
      try check([Int64.min, -1, 0, 1, 2, 3, 1 << 40, Int64.max])
    }
  }

  func testUUIDKeys() throws {
    forEachEngine { _ in
      try check(
        [
          UUID(uuidString: "00000000-0000-0000-0000-000000000000")!,
          UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!,
          UUID(uuidString: "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9")!,
        ] + (1...9).map { UUID(uuidString: String(format: "%08X-0000-4000-8000-%012X", $0, $0))! })
    }
  }

  func testStringKeys() throws {
    forEachEngine { _ in
      // Keys that differ in case or a trailing space are distinct owners on both engines.
      try check(["", "a", "A", "a ", "Émile", "\u{e9}mile", "北京", "x'y\"z"])
    }
  }
}
