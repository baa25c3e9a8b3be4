import CSQLite
import Foundation

/// The relations baseline: hand-written sqlite3 C API calls over the same tables and pragmas
/// (foreign keys on), each statement prepared once, one transaction per operation, children
/// read ordered by their key and grouped by a dictionary from parent key to position.
final class RawRelations {
  private var connection: OpaquePointer?
  private var prepared: [String: OpaquePointer] = [:]

  init(schema: [String]) throws {
    guard sqlite3_open_v2(":memory:", &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
      == SQLITE_OK
    else { throw BenchCheckFailure(description: "raw: cannot open") }
    try execute("PRAGMA foreign_keys = ON")
    for statement in schema { try execute(statement) }
  }

  deinit {
    for statement in prepared.values { sqlite3_finalize(statement) }
    sqlite3_close_v2(connection)
  }

  func execute(_ sql: String) throws {
    guard sqlite3_exec(connection, sql, nil, nil, nil) == SQLITE_OK else {
      throw BenchCheckFailure(description: "raw: \(String(cString: sqlite3_errmsg(connection))) in \(sql)")
    }
  }

  private func statement(_ sql: String) throws -> OpaquePointer {
    if let statement = prepared[sql] { return statement }
    var statement: OpaquePointer?
    guard sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
      == SQLITE_OK, let statement
    else { throw BenchCheckFailure(description: "raw: cannot prepare \(sql)") }
    prepared[sql] = statement
    return statement
  }

  private func run(_ statement: OpaquePointer) throws {
    guard sqlite3_step(statement) == SQLITE_DONE else {
      throw BenchCheckFailure(description: "raw: \(String(cString: sqlite3_errmsg(connection)))")
    }
    sqlite3_reset(statement)
  }

  private func bind(_ text: String, to statement: OpaquePointer, at index: Int32) {
    var text = text
    text.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        guard let base = chars.baseAddress, !chars.isEmpty else {
          _ = sqlite3_bind_text(statement, index, "", 0, quarry_sqlite_transient())
          return
        }
        _ = sqlite3_bind_text(statement, index, base, Int32(chars.count), quarry_sqlite_transient())
      }
    }
  }

  private func text(_ statement: OpaquePointer, at index: Int32) -> String {
    guard let text = sqlite3_column_text(statement, index) else { return "" }
    let count = Int(sqlite3_column_bytes(statement, index))
    return String(
      decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  func insert(_ recipes: [BenchRecipe]) throws {
    try execute("BEGIN IMMEDIATE")
    let recipe = try statement(#"INSERT INTO "bench_recipes" ("id", "title") VALUES (?1, ?2)"#)
    let step = try statement(
      #"INSERT INTO "bench_recipes_steps" ("bench_recipe_id", "position", "text", "minutes") "#
        + "VALUES (?1, ?2, ?3, ?4)")
    for value in recipes {
      sqlite3_bind_int64(recipe, 1, value.id)
      bind(value.title, to: recipe, at: 2)
      try run(recipe)
      for (position, child) in value.steps.enumerated() {
        sqlite3_bind_int64(step, 1, value.id)
        sqlite3_bind_int64(step, 2, Int64(position))
        bind(child.text, to: step, at: 3)
        sqlite3_bind_int64(step, 4, Int64(child.minutes))
        try run(step)
      }
    }
    try execute("COMMIT")
  }

  func fetchRecipes() throws -> [BenchRecipe] {
    try execute("BEGIN")
    defer { try? execute("COMMIT") }
    let recipes = try statement(#"SELECT "id", "title" FROM "bench_recipes""#)
    var values: [BenchRecipe] = []
    var positions: [Int64: Int] = [:]
    while sqlite3_step(recipes) == SQLITE_ROW {
      let id = sqlite3_column_int64(recipes, 0)
      positions[id] = values.count
      values.append(BenchRecipe(id: id, title: text(recipes, at: 1), steps: []))
    }
    sqlite3_reset(recipes)
    let steps = try statement(
      #"SELECT "bench_recipe_id", "position", "text", "minutes" FROM "bench_recipes_steps" "#
        + #"ORDER BY "bench_recipe_id", "position""#)
    while sqlite3_step(steps) == SQLITE_ROW {
      guard let owner = positions[sqlite3_column_int64(steps, 0)] else { continue }
      values[owner].steps.append(
        BenchStep(text: text(steps, at: 2), minutes: Int(sqlite3_column_int64(steps, 3))))
    }
    sqlite3_reset(steps)
    return values
  }

  func insert(authors: [BenchAuthor], books: [BenchBook]) throws {
    try execute("BEGIN IMMEDIATE")
    let author = try statement(#"INSERT INTO "bench_authors" ("id", "name") VALUES (?1, ?2)"#)
    for value in authors {
      sqlite3_bind_int64(author, 1, value.id)
      bind(value.name, to: author, at: 2)
      try run(author)
    }
    let book = try statement(
      #"INSERT INTO "bench_books" ("id", "title", "authorID") VALUES (?1, ?2, ?3)"#)
    for value in books {
      sqlite3_bind_int64(book, 1, value.id)
      bind(value.title, to: book, at: 2)
      sqlite3_bind_int64(book, 3, value.authorID)
      try run(book)
    }
    try execute("COMMIT")
  }

  func fetchAuthorsWithBooks() throws -> [(BenchAuthor, [BenchBook])] {
    try execute("BEGIN")
    defer { try? execute("COMMIT") }
    let authors = try statement(#"SELECT "id", "name" FROM "bench_authors""#)
    var values: [BenchAuthor] = []
    var positions: [Int64: Int] = [:]
    while sqlite3_step(authors) == SQLITE_ROW {
      let id = sqlite3_column_int64(authors, 0)
      positions[id] = values.count
      values.append(BenchAuthor(id: id, name: text(authors, at: 1)))
    }
    sqlite3_reset(authors)
    var grouped = Array(repeating: [BenchBook](), count: values.count)
    let books = try statement(#"SELECT "id", "title", "authorID" FROM "bench_books""#)
    while sqlite3_step(books) == SQLITE_ROW {
      let authorID = sqlite3_column_int64(books, 2)
      guard let owner = positions[authorID] else { continue }
      grouped[owner].append(
        BenchBook(id: sqlite3_column_int64(books, 0), title: text(books, at: 1), authorID: authorID))
    }
    sqlite3_reset(books)
    return Array(zip(values, grouped))
  }

  /// Each author with the number of its books: the correlated COUNT `annotated(with:)` runs.
  func fetchAuthorsWithBookCounts() throws -> [(BenchAuthor, Int)] {
    try execute("BEGIN")
    defer { try? execute("COMMIT") }
    let authors = try statement(
      #"SELECT "id", "name", (SELECT COUNT(*) FROM "bench_books" WHERE "#
        + #""bench_books"."authorID" = "bench_authors"."id") FROM "bench_authors""#)
    var values: [(BenchAuthor, Int)] = []
    while sqlite3_step(authors) == SQLITE_ROW {
      values.append(
        (
          BenchAuthor(id: sqlite3_column_int64(authors, 0), name: text(authors, at: 1)),
          Int(sqlite3_column_int64(authors, 2))
        ))
    }
    sqlite3_reset(authors)
    return values
  }
}
