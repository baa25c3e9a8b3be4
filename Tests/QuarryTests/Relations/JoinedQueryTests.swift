import Foundation
import XCTest

@testable import Quarry

/// A reference to its own table: the joined table's columns must read the referenced row, not
/// the row itself, so the correlated subquery aliases its table.
private struct Employee: TableRecord, Equatable {
  typealias PrimaryKey = Int64
  var id: Int64
  var name: String
  var managerID: Int64?

  enum Columns {
    static let id = Column<Employee, Int64>("id")
    static let name = Column<Employee, String>("name")
  }

  static let manager = OptionalBelongsTo<Employee, Employee>(
    column: "managerID", foreignKey: { $0.managerID })

  static let table = TableDefinition(
    name: "employees",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("name", .text),
      ColumnDefinition(
        "managerID", .integer, nullable: true, references: ForeignKey("employees", "id")),
    ])

  init(id: Int64, name: String, managerID: Int64?) {
    self.id = id
    self.name = name
    self.managerID = managerID
  }

  init(row: Row) throws {
    id = try row.decode(at: 0)
    name = try row.decode(at: 1)
    managerID = try row.decode(at: 2)
  }

  func bind(to statement: Statement) throws {
    try statement.bind(id, at: 1)
    try statement.bind(name, at: 2)
    try statement.bind(managerID, at: 3)
  }

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
    try statement.bind(id, at: index)
  }

  static func bind(primaryKey: Int64, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}

final class JoinedQueryTests: EngineTestCase {
  func testOrderingByTheColumnsOfARowOfTheSameTable() throws {
    forEachEngine { _ in
      let db = try makeDatabase()
      try db.migrate(Employee.self)
      try db.write { db in
        try db.insert(Employee(id: 1, name: "Zoe", managerID: nil))
        try db.insert(Employee(id: 2, name: "Adam", managerID: 1))
        try db.insert(Employee(id: 3, name: "Bea", managerID: 2))
        try db.insert(Employee(id: 4, name: "Carl", managerID: 1))
      }
      // Conditions and orderings read the rows themselves; `where:` reads the referenced row.
      let managed = Employee.all().joining(Employee.manager, where: Employee.Columns.name != "Adam")
        .filter(Employee.Columns.name != "Carl").order(Employee.Columns.name.desc)
      XCTAssertEqual(try db.read { try $0.fetchAll(managed) }.map(\.name), ["Adam"])
      // The ordering through the reference aliases the inner table.
      var core = Employee.all().joining(Employee.manager).query.core
      core.orderings = [
        SelectCore.Ordering(
          node: JoinedQuery<Employee, Employee>.throughReference(
            Employee.Columns.name.desc.term.node, column: "managerID"),
          isDescending: true, nullsFirst: nil),
        Employee.Columns.name.asc.term,
      ]
      XCTAssertEqual(
        SQLRenderer.rows(core).sql,
        #"SELECT "id", "name", "managerID" FROM "employees" WHERE "managerID" IN "#
          + #"(SELECT "employees"."id" FROM "employees") ORDER BY (SELECT "#
          + #""employees_joined"."name" FROM "employees" AS "employees_joined" WHERE "#
          + #""employees_joined"."id" = "employees"."managerID") DESC, "name" ASC"#)
      // By the manager's name, descending: Zoe's reports first, then Adam's.
      XCTAssertEqual(
        try db.read { try $0.fetchAll(Query<Employee>(core: core)) }.map(\.name),
        ["Adam", "Carl", "Bea"])
      let pairs = try db.read { db in
        try db.fetchAll(
          Employee.all().including(Employee.manager).order(Employee.Columns.name.asc))
      }
      XCTAssertEqual(
        pairs.map { "\($0.0.name): \($0.1?.name ?? "-")" },
        ["Adam: Zoe", "Bea: Adam", "Carl: Zoe", "Zoe: -"])
    }
  }
}
