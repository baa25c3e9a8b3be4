import Foundation
import Quarry
import XCTest

/// Runs the generated code of `Models/Recipe.swift` (owned arrays, an owned optional and
/// nested owned children) on SQLite and on PostgreSQL, counting statements through the trace
/// hook; the child rows are compared with raw SQL on the engine.
final class OwnedChildrenTests: EngineEndToEndTestCase {
  private func recipe(_ number: Int, steps: Int = 2) -> Recipe {
    Recipe(
      id: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number))!,
      title: "Recipe \(number)",
      steps: (0..<steps).map { step in
        Step(
          text: "step \(step) of \(number)", minutes: step,
          tools: step == 0 ? [Tool(name: "pan", tags: ["hot"]), Tool(name: "spoon", tags: [])] : [])
      },
      nutrition: number % 2 == 0 ? Nutrition(calories: 100 + number, salt: nil) : nil)
  }

  func testInsertedGraphReadsBackEqual() {
    forEachEngine { _ in
      let values = [recipe(1, steps: 3), recipe(2, steps: 0), recipe(3, steps: 1), recipe(4)]
      try database.write { db in
        for value in values { try db.insert(value) }
      }
      let all = try database.read { try $0.fetchAll(Recipe.self) }
      XCTAssertEqual(all.sorted { $0.title < $1.title }, values)
      let one = try database.read { try $0.fetchOne(Recipe.self, id: values[0].id) }
      XCTAssertEqual(one, values[0])
      let filtered = try database.read {
        try $0.fetchAll(Recipe.self, where: Recipe.Columns.title == "Recipe 4")
      }
      XCTAssertEqual(filtered, [values[3]])
      XCTAssertEqual(try rawColumn(#"SELECT COUNT(*) FROM "recipe_steps""#), ["6"])
      XCTAssertEqual(
        try rawColumn(
          #"SELECT "name" FROM "step_tools" WHERE "steps_position" = 0 "#
            + #"ORDER BY "recipe_id", "position""#),
        ["pan", "spoon", "pan", "spoon", "pan", "spoon"])
    }
  }

  func testUpdateUpsertAndDeleteReplaceOrRemoveTheChildren() {
    forEachEngine { _ in
      var value = recipe(2, steps: 3)
      try database.write { try $0.insert(value) }
      value.steps.remove(at: 0)
      value.steps[0].tools = [Tool(name: "knife", tags: ["sharp"])]
      value.nutrition = nil
      try database.write { try $0.update(value) }
      XCTAssertEqual(try database.read { try $0.fetchOne(Recipe.self, id: value.id) }, value)
      value.nutrition = Nutrition(calories: 7, salt: 0.5)
      value.steps.append(Step(text: "serve", minutes: 1))
      try database.write { try $0.upsert(value) }
      XCTAssertEqual(try database.read { try $0.fetchOne(Recipe.self, id: value.id) }, value)
      try database.write { try $0.delete(value) }
      for table in ["recipe", "recipe_steps", "step_tools", "recipe_nutrition"] {
        XCTAssertEqual(try rawColumn("SELECT COUNT(*) FROM \"\(table)\""), ["0"], table)
      }
    }
  }

  func testEagerLoadingRunsOneQueryPerChildTableWhateverTheNumberOfParents() {
    forEachEngine { _ in
      for count in [1, 10, 300] {
        try database.write { db in
          _ = try db.deleteAll(Recipe.self)
          for number in 0..<count { try db.insert(recipe(number)) }
        }
        log.removeAll()
        let all = try database.read { try $0.fetchAll(Recipe.self) }
        XCTAssertEqual(all.count, count)
        // The recipes, then one query per child table (steps, their tools, nutrition).
        XCTAssertEqual(log.selects, 4, "\(count) recipes")
        log.removeAll()
        let some = try database.read {
          try $0.fetchAll(Recipe.self, where: Recipe.Columns.title != "none")
        }
        XCTAssertEqual(some.count, count)
        XCTAssertEqual(log.selects, 4, "\(count) recipes")
        XCTAssertEqual(some.filter { $0.steps.count == 2 && $0.steps[0].tools.count == 2 }.count, count)
      }
    }
  }

  func testRecordSaveWritesOnlyWhatChanged() {
    forEachEngine { _ in
      let value = recipe(2, steps: 2)
      try database.write { try $0.insert(value) }
      let record = RecipeTranslator.record(from: value)
      record.title = "Soup"
      log.removeAll()
      try database.write { try $0.save(record) }
      XCTAssertEqual(log.writes, [#"UPDATE "recipe" SET "title" = ?1 WHERE "id" = ?2"#])
      record.steps.append(Step(text: "serve", minutes: 1))
      log.removeAll()
      try database.write { try $0.save(record) }
      XCTAssertEqual(
        log.writes,
        [
          #"INSERT INTO "recipe_steps" ("recipe_id", "position", "text", "minutes") "#
            + "VALUES (?1, ?2, ?3, ?4)"
        ])
      record.steps[1].minutes = 9
      record.steps[0].tools.removeLast()
      record.nutrition?.salt = 1.5
      log.removeAll()
      try database.write { try $0.save(record) }
      XCTAssertEqual(
        log.writes,
        [
          #"DELETE FROM "step_tools" WHERE "recipe_id" = ?1 AND "steps_position" = ?2 AND "position" >= ?3"#,
          #"UPDATE "recipe_steps" SET "minutes" = ?1 WHERE "recipe_id" = ?2 AND "position" = ?3"#,
          #"UPDATE "recipe_nutrition" SET "salt" = ?1 WHERE "recipe_id" = ?2"#,
        ])
      let stored = try database.read { try $0.fetchOne(Recipe.self, id: value.id) }
      XCTAssertEqual(stored, RecipeTranslator.value(from: record))
      XCTAssertEqual(stored?.steps.map(\.text), ["step 0 of 2", "step 1 of 2", "serve"])
      XCTAssertEqual(stored?.steps[1].minutes, 9)
      XCTAssertEqual(stored?.nutrition, Nutrition(calories: 102, salt: 1.5))
    }
  }
}

/// The SQL of every statement run, as the trace hook reports it.
final class StatementLog: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [String] = []

  func append(_ sql: String) { lock.withLock { entries.append(sql) } }
  func removeAll() { lock.withLock { entries.removeAll() } }
  var statements: [String] { lock.withLock { entries } }
  var selects: Int { statements.filter { $0.hasPrefix("SELECT") }.count }
  /// The statements between a transaction's framing: SQLite's BEGIN/COMMIT, and PostgreSQL's
  /// `BEGIN ISOLATION LEVEL …` and the writers' advisory lock around it.
  var writes: [String] {
    statements.filter {
      !["BEGIN", "BEGIN IMMEDIATE", "COMMIT", "ROLLBACK"].contains($0)
        && !$0.hasPrefix("BEGIN ISOLATION LEVEL ") && !$0.hasPrefix("SELECT pg_advisory_lock(")
        && !$0.hasPrefix("SELECT pg_advisory_unlock(")
    }
  }
}
