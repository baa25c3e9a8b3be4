/// The operations of the runtime suite, in the order they run (reads before the writes that
/// would change what they read).
enum RuntimeOperation: String, CaseIterable, Sendable {
  case insert = "insert"
  case fetchAll = "fetch all"
  case pointLookup = "point lookup"
  case query = "where score > x"
  case selectColumn = "select one column"
  case groupedAggregate = "grouped aggregate"
  case pagedQuery = "paged query"
  case update = "update"
  case upsert = "upsert"
  /// Last: it changes the scores the reads above check.
  case updateAll = "updateAll"
}
