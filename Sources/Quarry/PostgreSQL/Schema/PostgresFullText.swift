/// Full-text search on PostgreSQL: a GIN index over the `tsvector` of the indexed columns, and
/// ``Query/matching(_:)`` as `@@` against the same expression, so the index serves the query.
///
/// ```swift
/// // quarry: fullText = [title, summary]
/// Book.table.postgresCreateFullTextSQL
/// // [CREATE INDEX "books_fts" ON "books" USING GIN ((to_tsvector('simple', …)))]
/// ```
///
/// The `simple` configuration folds case and does no stemming, like FTS5's default tokenizer;
/// unlike it, it keeps diacritics (`emile` does not match `Émile`; PostgreSQL's `unaccent` is an
/// extension). The pattern is FTS5's syntax, translated: words, `wiz*` prefixes (`wiz:*`),
/// `"dark lord"` phrases, `AND`, `OR`, `NOT` and parentheses; `NEAR` and column filters are
/// not translated (their words are searched as words).
///
/// Related PostgreSQL documentation: <https://www.postgresql.org/docs/current/textsearch-tables.html>
enum PostgresFullText {
  /// The document of `columns`: their text joined by spaces, NULL as empty.
  static func document(_ columns: [String], qualifiedBy table: String? = nil) -> String {
    let prefix = table.map { SQLIdentifier.quote($0) + "." } ?? ""
    let terms = columns.map { "coalesce(\(prefix)\(SQLIdentifier.quote($0)), '')" }
    return "to_tsvector('simple', " + terms.joined(separator: " || ' ' || ") + ")"
  }

  /// `<document> @@ to_tsquery('simple', ` and `)`, around the bound pattern.
  static func match(table: String, columns: [String]) -> (prefix: String, suffix: String) {
    (document(columns, qualifiedBy: table) + " @@ to_tsquery('simple', ", ")")
  }

  /// An FTS5 pattern as a `tsquery`: `wizard* OR "dark lord"` gives
  /// `'wizard':* | ('dark' <-> 'lord')`.
  static func tsquery(_ pattern: String) -> String {
    var output: [String] = []
    var needsOperator = false
    func term(_ text: String) {
      if needsOperator { output.append("&") }
      output.append(text)
      needsOperator = true
    }
    func lexeme(_ word: Substring) -> String {
      "'" + word.lowercased().replacingOccurrences(of: "'", with: "''") + "'"
    }
    var characters = Substring(pattern)
    while let first = characters.first {
      if first == "\"" {
        let body = characters.dropFirst().prefix { $0 != "\"" }
        characters = characters.dropFirst(body.count + 2)
        let words = body.split { !$0.isLetter && !$0.isNumber }
        if !words.isEmpty {
          term("(" + words.map(lexeme).joined(separator: " <-> ") + ")")
        }
      } else if first == "(" {
        if needsOperator { output.append("&") }
        output.append("(")
        needsOperator = false
        characters = characters.dropFirst()
      } else if first == ")" {
        output.append(")")
        needsOperator = true
        characters = characters.dropFirst()
      } else if first.isLetter || first.isNumber {
        let word = characters.prefix { $0.isLetter || $0.isNumber }
        characters = characters.dropFirst(word.count)
        let isPrefix = characters.first == "*"
        if isPrefix { characters = characters.dropFirst() }
        switch word {
        case "AND":
          needsOperator = false
          output.append("&")
        case "OR":
          needsOperator = false
          output.append("|")
        case "NOT":
          needsOperator = false
          output.append("& !")
        default:
          term(lexeme(word) + (isPrefix ? ":*" : ""))
        }
      } else {
        characters = characters.dropFirst()
      }
    }
    return output.joined(separator: " ")
  }
}

extension TableDefinition {
  /// The GIN index of ``fullText`` on PostgreSQL (`<table>_fts`), as `migrate` creates it and
  /// `Schema.postgres.sql` shows it; empty without a full-text index.
  ///
  /// ```swift
  /// print(Book.table.postgresCreateFullTextSQL[0])
  /// // CREATE INDEX "books_fts" ON "books" USING GIN ((to_tsvector('simple', coalesce("title", '') || ' ' || coalesce("summary", ''))))
  /// ```
  public var postgresCreateFullTextSQL: [String] {
    guard let fullText else { return [] }
    return [
      "CREATE INDEX \(SQLIdentifier.quote(FullTextIndex.tableName(indexing: name))) ON "
        + "\(SQLIdentifier.quote(name)) USING GIN ((\(PostgresFullText.document(fullText.columns))))"
    ]
  }
}
