/// A struct with a full-text index (issue 21): `fullText` makes the FTS5 table `articles_fts`,
/// kept in sync by triggers, which `matching(_:)` searches.
// quarry: table = "articles", fullText = [title, summary]
struct Article: Sendable, Equatable {
  // quarry: primaryKey, autoincrement
  var id: Int64?
  var title: String
  var summary: String?
  var views: Int
}
