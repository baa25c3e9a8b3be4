import Foundation
import Quarry

/// Issue 13's rows: owned children and eager loading through the generated code against
/// hand-written sqlite3 calls, in the same run, both on in-memory databases.
///
/// - insert N recipes with 10 steps each (target ≤ 1.2× raw);
/// - fetch them all with their steps (≤ 1.3×);
/// - fetch N authors with their 10·N books through `including` (≤ 1.3×);
/// - fetch N authors each with the count of its books through `annotated(with:)` (≤ 1.25×).
struct RelationsSuite {
  let recipeCount: Int
  let authorCount: Int
  let runs: Int
  let log: (String) -> Void

  func run(into results: inout [BenchResult]) throws {
    let recipes = (0..<recipeCount).map { number in
      BenchRecipe(
        id: Int64(number + 1), title: "Recipe \(number)",
        steps: (0..<10).map { BenchStep(text: "Step \($0) of recipe \(number)", minutes: $0) })
    }
    let authors = (0..<authorCount).map { BenchAuthor(id: Int64($0 + 1), name: "Author \($0)") }
    let books = (0..<authorCount * 10).map { number in
      BenchBook(
        id: Int64(number + 1), title: "Book \(number)", authorID: Int64(number % authorCount + 1))
    }
    let expectedSteps = recipeCount * 10
    let schema = Self.schema

    log("relations: insert recipes with steps")
    var insertSamples = (raw: Samples(), generated: Samples())
    var fetchSamples = (raw: Samples(), generated: Samples())
    for run in 0..<runs {
      let raw = try RawRelations(schema: schema)
      let database = try Database.inMemory()
      try database.migrate(BenchRecipe.self)
      for turn in 0..<2 {
        if (run + turn) % 2 == 0 {
          insertSamples.raw.append(try Stopwatch.time { try raw.insert(recipes) }.seconds)
        } else {
          insertSamples.generated.append(
            try Stopwatch.time {
              try database.write { db in for recipe in recipes { try db.insert(recipe) } }
            }.seconds)
        }
      }
      for turn in 0..<2 {
        if (run + turn) % 2 == 0 {
          let (seconds, values) = try Stopwatch.time { try raw.fetchRecipes() }
          try BenchCheck.equal(values.map(\.steps.count).reduce(0, +), expectedSteps, "raw steps")
          try BenchCheck.equal(values.sorted { $0.id < $1.id }, recipes, "raw recipes")
          fetchSamples.raw.append(seconds)
        } else {
          let (seconds, values) = try Stopwatch.time {
            try database.read { try $0.fetchAll(BenchRecipe.self) }
          }
          try BenchCheck.equal(values.sorted { $0.id < $1.id }, recipes, "generated recipes")
          fetchSamples.generated.append(seconds)
        }
      }
    }
    results += Self.rows(
      "insert recipes with 10 steps", rows: recipeCount, insertSamples.raw,
      insertSamples.generated)
    results += Self.rows(
      "fetch recipes with steps", rows: recipeCount, fetchSamples.raw, fetchSamples.generated)

    log("relations: authors including books")
    let raw = try RawRelations(schema: schema)
    try raw.insert(authors: authors, books: books)
    let database = try Database.inMemory()
    try database.migrate(BenchAuthor.self, BenchBook.self)
    try database.write { db in
      for author in authors { try db.insert(author) }
      for book in books { try db.insert(book) }
    }
    var includingSamples = (raw: Samples(), generated: Samples())
    for run in 0..<runs {
      for turn in 0..<2 {
        if (run + turn) % 2 == 0 {
          let (seconds, pairs) = try Stopwatch.time { try raw.fetchAuthorsWithBooks() }
          try BenchCheck.equal(pairs.map(\.1.count).reduce(0, +), books.count, "raw books")
          includingSamples.raw.append(seconds)
        } else {
          let (seconds, pairs) = try Stopwatch.time {
            try database.read { try $0.fetchAll(BenchAuthor.all().including(BenchAuthor.benchBooks)) }
          }
          try BenchCheck.equal(pairs.map(\.1.count).reduce(0, +), books.count, "generated books")
          try BenchCheck.equal(pairs.count, authors.count, "generated authors")
          includingSamples.generated.append(seconds)
        }
      }
    }
    results += Self.rows(
      "authors including books", rows: authorCount * 11, includingSamples.raw,
      includingSamples.generated)

    // Issue 21: `annotated(with: BenchAuthor.benchBooks.count)` against the same correlated
    // COUNT through sqlite3 calls (target ≤ 1.25×).
    log("relations: authors annotated with their book count")
    var annotatedSamples = (raw: Samples(), generated: Samples())
    for run in 0..<runs {
      for turn in 0..<2 {
        if (run + turn) % 2 == 0 {
          let (seconds, pairs) = try Stopwatch.time { try raw.fetchAuthorsWithBookCounts() }
          try BenchCheck.equal(pairs.map(\.1).reduce(0, +), books.count, "raw counts")
          annotatedSamples.raw.append(seconds)
        } else {
          let (seconds, pairs) = try Stopwatch.time {
            try database.read {
              try $0.fetchAll(BenchAuthor.all().annotated(with: BenchAuthor.benchBooks.count))
            }
          }
          try BenchCheck.equal(pairs.map(\.1).reduce(0, +), books.count, "generated counts")
          try BenchCheck.equal(pairs.map(\.0), authors, "generated annotated authors")
          annotatedSamples.generated.append(seconds)
        }
      }
    }
    results += Self.rows(
      "authors annotated with book count", rows: authorCount, annotatedSamples.raw,
      annotatedSamples.generated)
  }

  /// The DDL both sides run, as the generated code declares it.
  static var schema: [String] {
    var statements: [String] = []
    for table in [BenchRecipe.table] + BenchRecipe.ownedTables.map(\.definition) + [
      BenchAuthor.table, BenchBook.table,
    ] {
      statements.append(table.createTableSQL)
      statements += table.createIndexSQL
    }
    return statements
  }

  private static func rows(_ operation: String, rows: Int, _ raw: Samples, _ generated: Samples)
    -> [BenchResult]
  {
    [
      BenchResult(
        suite: "relations", operation: operation, implementation: "raw", storage: "memory",
        rows: rows, samples: raw, ratioToRaw: nil, megabytesPerSecond: nil),
      BenchResult(
        suite: "relations", operation: operation, implementation: "generated", storage: "memory",
        rows: rows, samples: generated, ratioToRaw: generated.median / raw.median,
        megabytesPerSecond: nil),
    ]
  }
}
