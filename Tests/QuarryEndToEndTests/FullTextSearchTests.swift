import Foundation
import Quarry
import QuarryTestSupport
import XCTest

/// `fullText = [title, summary]` and `matching(_:)` (issue 21) through the generated `Article`
/// (FullText/Generated, rendered with Table.stencil alone, so the shared Models/ fixture and its
/// counts stay as they are): every search compared with the same search done in plain Swift
/// over the same rows.
final class FullTextSearchTests: XCTestCase {
  private var db: Database!
  private var articles: [Article] = []

  override func setUpWithError() throws {
    db = try Database.inMemory()
    try db.migrate(Article.self)
    articles = [
      Article(title: "The Wizard of Oz", summary: "A girl, a dog and a wizard", views: 10),
      Article(title: "Wizardry for beginners", summary: nil, views: 3),
      Article(title: "Émile, ou De l'éducation", summary: "Rousseau's treatise", views: 7),
      Article(title: "Cooking", summary: "No wizards here, only a wizened chef", views: 1),
      Article(title: "日本語の記事", summary: "wizard 日本", views: 5),
      Article(title: "Unrelated", summary: "", views: 0),
    ]
    try db.write { tx in
      for index in articles.indices { articles[index].id = try tx.insert(articles[index]) }
    }
  }

  /// The words of `text` as FTS5's default tokenizer (unicode61) sees them: letters and digits,
  /// case and diacritics folded.
  private static func words(_ text: String?) -> [String] {
    (text ?? "").folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }

  /// The words of `text` as PostgreSQL's `simple` configuration sees them on the test server
  /// (`initdb --no-locale`): letters and digits, ASCII case folded, diacritics and other
  /// letters' case kept.
  private static func postgresWords(_ text: String?) -> [String] {
    (text ?? "").split { !$0.isLetter && !$0.isNumber }.map { word in
      String(word.map { $0.isASCII ? Character($0.lowercased()) : $0 })
    }
  }

  private func expected(_ matches: (String) -> Bool) -> [Article] {
    articles.filter { article in
      (Self.words(article.title) + Self.words(article.summary)).contains(where: matches)
    }
  }

  private func search(_ query: Query<Article>) throws -> [Article] {
    try db.read { try $0.fetchAll(query.order(Article.Columns.id.asc)) }
  }

  func testPrefixWordAndFoldedMatchesAreWhatSwiftFinds() throws {
    XCTAssertEqual(
      try search(Article.all().matching("wizard*")), expected { $0.hasPrefix("wizard") })
    XCTAssertEqual(try search(Article.all().matching("wizard")), expected { $0 == "wizard" })
    XCTAssertEqual(try search(Article.all().matching("EMILE")), expected { $0 == "emile" })
    XCTAssertEqual(try search(Article.all().matching("nothing")), [])
    XCTAssertEqual(
      try search(Article.all().matching("wiz* AND dog")).map(\.title), ["The Wizard of Oz"])
  }

  func testMatchingCombinesWithFiltersOrderCountAndCursor() throws {
    let query = Article.all().matching("wizard*").filter(Article.Columns.views > 2)
    let popular = try db.read { try $0.fetchAll(query.order(Article.Columns.views.desc)) }
    XCTAssertEqual(
      popular,
      expected { $0.hasPrefix("wizard") }.filter { $0.views > 2 }.sorted { $0.views > $1.views })
    XCTAssertEqual(try db.read { try $0.fetchCount(query) }, popular.count)
    let walked = try db.read {
      try $0.fetchCursor(query.order(Article.Columns.views.desc)).collect()
    }
    XCTAssertEqual(walked, popular)
  }

  /// `matching` on PostgreSQL through the same generated `Article` (its GIN index, `@@`): each
  /// search compared with Swift over the words PostgreSQL's `simple` configuration indexes.
  func testMatchingOnPostgresIsWhatSwiftFindsInItsWords() throws {
    let database = try SharedPostgresServer.createDatabase()
    do {
      let pg = try Database(postgres: database.conninfo)
      try pg.migrate(Article.self)
      var rows = articles.map { Article(title: $0.title, summary: $0.summary, views: $0.views) }
      try pg.write { tx in
        for index in rows.indices { rows[index].id = try tx.insert(rows[index]) }
      }
      func expected(_ matches: (String) -> Bool) -> [Article] {
        rows.filter { row in
          (Self.postgresWords(row.title) + Self.postgresWords(row.summary)).contains(where: matches)
        }
      }
      func search(_ query: Query<Article>) throws -> [Article] {
        try pg.read { try $0.fetchAll(query.order(Article.Columns.id.asc)) }
      }
      let prefixed = expected { $0.hasPrefix("wizard") }
      XCTAssertEqual(try search(Article.all().matching("wizard*")), prefixed)
      XCTAssertEqual(prefixed.count, 4)
      XCTAssertEqual(try search(Article.all().matching("wizard")), expected { $0 == "wizard" })
      XCTAssertEqual(try search(Article.all().matching("ROUSSEAU")), expected { $0 == "rousseau" })
      // Diacritics are kept: "EMILE" is not "Émile" there (FTS5 folds them).
      XCTAssertEqual(try search(Article.all().matching("EMILE")), [])
      XCTAssertEqual(try search(Article.all().matching("nothing")), [])
      XCTAssertEqual(
        try search(Article.all().matching("wiz* AND dog")).map(\.title), ["The Wizard of Oz"])
      let query = Article.all().matching("wizard*").filter(Article.Columns.views > 2)
      let popular = try pg.read { try $0.fetchAll(query.order(Article.Columns.views.desc)) }
      XCTAssertEqual(popular, prefixed.filter { $0.views > 2 }.sorted { $0.views > $1.views })
      XCTAssertEqual(try pg.read { try $0.fetchCount(query) }, popular.count)
      let walked = try pg.read {
        try $0.fetchCursor(query.order(Article.Columns.views.desc)).collect()
      }
      XCTAssertEqual(walked, popular)
    }
    database.drop()
  }

  func testTriggersFollowInsertsUpdatesAndDeletes() throws {
    try db.write { tx in
      var renamed = articles[0]
      renamed.title = "The Sorcerer of Oz"
      renamed.summary = "A girl and a dog"
      try tx.update(renamed)
      articles[0] = renamed
      _ = try tx.delete(Article.self, id: articles[1].id!)
      articles.remove(at: 1)
      var added = Article(title: "Wizards of the coast", summary: nil, views: 2)
      added.id = try tx.insert(added)
      articles.append(added)
    }
    XCTAssertEqual(
      try search(Article.all().matching("wizard*")), expected { $0.hasPrefix("wizard") })
    XCTAssertEqual(try search(Article.all().matching("sorcerer")).map(\.id), [articles[0].id])
    // The index agrees with the table: FTS5's own check.
    try db.write {
      try $0.execute(literal: "INSERT INTO articles_fts (articles_fts) VALUES ('integrity-check')")
    }
  }

  func testMigrateIndexesRowsWrittenBeforeTheIndexExisted() throws {
    let db = try Database.inMemory()
    try db.write { tx in
      try tx.execute(
        #"CREATE TABLE "articles" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "title" TEXT NOT NULL, "#
          + #""summary" TEXT, "views" INTEGER NOT NULL)"#)
      try tx.execute(
        literal: "INSERT INTO articles (title, summary, views) VALUES (\("Old wizard"), NULL, 1)")
    }
    try db.migrate(Article.self)
    XCTAssertEqual(
      try db.read { try $0.fetchAll(Article.all().matching("wizard")) }.map(\.title), ["Old wizard"]
    )
    try db.migrate(Article.self)  // a second run changes nothing
    XCTAssertEqual(try db.read { try $0.fetchCount(Article.all().matching("wizard")) }, 1)
    let triggers = try db.read {
      try $0.fetchAll(
        String.self, literal: "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
    }
    XCTAssertEqual(triggers, ["articles_fts_delete", "articles_fts_insert", "articles_fts_update"])
  }

  func testMalformedPatternIsAnSQLiteErrorAndPatternIsBound() throws {
    XCTAssertThrowsError(try db.read { try $0.fetchAll(Article.all().matching("wizard AND")) }) {
      XCTAssertTrue("\($0)".contains("fts5: syntax error near"), "\($0)")
    }
    XCTAssertThrowsError(try db.read { try $0.fetchAll(Article.all().matching("\"unterminated")) })
    {
      XCTAssertEqual(($0 as? SQLiteError)?.message, "unterminated string")
    }
    let sql = Article.all().matching(#""x'); DROP TABLE articles; --""#).select(Article.Columns.id)
    XCTAssertEqual(try db.read { try $0.fetchAll(sql) }, [])
  }

  func testGeneratedArticleIsFreshAndTheDatabaseHoldsItsDDL() throws {
    let check = try QuarryBinary.run(
      [
        "generate", "FullText/Models", "--output", "FullText/Generated", "--templates",
        "../../Templates/Table.stencil", "--check",
      ], in: QuarryBinary.testFolder)
    XCTAssertEqual(check.exitCode, 0, check.standardOutput + check.standardError)
    let stored = try db.read {
      try $0.fetchAll(
        String.self,
        literal: """
          SELECT sql FROM sqlite_master WHERE name LIKE 'articles\\_fts%' ESCAPE '\\'
          AND (type = 'trigger' OR sql LIKE 'CREATE VIRTUAL%') ORDER BY type = 'trigger', name
          """)
    }
    let expected = [
      #"CREATE VIRTUAL TABLE "articles_fts" USING fts5("title", "summary", content='articles')"#,
      #"CREATE TRIGGER "articles_fts_delete" AFTER DELETE ON "articles" BEGIN INSERT INTO "#
        + #""articles_fts" ("articles_fts", rowid, "title", "summary") VALUES ('delete', "#
        + #"old.rowid, old."title", old."summary"); END"#,
      #"CREATE TRIGGER "articles_fts_insert" AFTER INSERT ON "articles" BEGIN INSERT INTO "#
        + #""articles_fts" (rowid, "title", "summary") VALUES (new.rowid, new."title", "#
        + #"new."summary"); END"#,
      #"CREATE TRIGGER "articles_fts_update" AFTER UPDATE ON "articles" BEGIN INSERT INTO "#
        + #""articles_fts" ("articles_fts", rowid, "title", "summary") VALUES ('delete', "#
        + #"old.rowid, old."title", old."summary"); INSERT INTO "articles_fts" (rowid, "#
        + #""title", "summary") VALUES (new.rowid, new."title", new."summary"); END"#,
    ]
    XCTAssertEqual(stored, expected)
    XCTAssertEqual(Article.table.createFullTextSQL.sorted(), expected.sorted())
  }
}
