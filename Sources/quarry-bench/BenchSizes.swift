/// How much work each suite does: the sizes by default, much less with `--quick`.
struct BenchSizes: Sendable {
  /// Rows inserted and fetched in the runtime suite.
  let rows: Int
  /// Point lookups, updated rows and upserted rows.
  let operations: Int
  /// Sequential writes timed to each observer (observation suite).
  let latencyWrites: Int
  /// One-row write transactions per timed throughput run (observation suite).
  let throughputWrites: Int
  /// Recipes (with 10 steps each) and authors (with 10 books each) of the relations suite.
  let relationRows: Int
  /// Rows walked by the cursor suite (issue 21: 1,000,000).
  let cursorRows: Int
  /// Rows of the table the migration suite rebuilds.
  let migrationRows: Int
  /// Synthetic corpus of the generator suite.
  let corpus: CorpusShape

  init(isQuick: Bool) {
    if isQuick {
      rows = 10_000
      operations = 1_000
      latencyWrites = 30
      throughputWrites = 200
      relationRows = 1_000
      cursorRows = 10_000
      migrationRows = 20_000
      corpus = CorpusShape(files: 100, structsPerFile: 5, propertiesPerStruct: 10)
    } else {
      rows = 100_000
      operations = 10_000
      latencyWrites = 300
      throughputWrites = 3_000
      relationRows = 10_000
      cursorRows = 1_000_000
      migrationRows = 1_000_000
      corpus = CorpusShape(files: 2_000, structsPerFile: 5, propertiesPerStruct: 10)
    }
  }
}
