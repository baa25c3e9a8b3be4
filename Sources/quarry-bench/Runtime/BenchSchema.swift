/// The SQL the raw baseline runs: the same table, pragmas and statements as the Quarry runtime
/// creates for `BenchEntity`, so raw and generated differ only in the code around SQLite.
///
/// Dates are REAL seconds since 2001 (`timeIntervalSinceReferenceDate`), as the runtime stores
/// them, so both paths write identical rows.
enum BenchSchema {
  /// The DDL the runtime creates from `BenchEntity.table` (see CONTRACT.md's DDL rules).
  static let createTable = """
    CREATE TABLE "bench_entities" (
      "id" INTEGER NOT NULL PRIMARY KEY,
      "name" TEXT NOT NULL,
      "score" REAL NOT NULL,
      "createdAt" REAL NOT NULL,
      "note" TEXT,
      "payload" BLOB NOT NULL
    )
    """

  /// Connection settings shared by every implementation: WAL with `synchronous = NORMAL` on
  /// files (durable at checkpoints, no fsync per commit), foreign keys on like the runtime.
  static func pragmas(for storage: BenchStorage) -> [String] {
    switch storage {
    case .file:
      ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA foreign_keys = ON"]
    case .memory:
      ["PRAGMA foreign_keys = ON"]
    }
  }

  private static let columns = #""id", "name", "score", "createdAt", "note", "payload""#

  static let insert = #"INSERT INTO "bench_entities" (\#(columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"#
  static let selectAll = #"SELECT \#(columns) FROM "bench_entities""#
  static let selectByID = #"SELECT \#(columns) FROM "bench_entities" WHERE "id" = ?1"#
  static let selectScoreAbove = #"SELECT \#(columns) FROM "bench_entities" WHERE "score" > ?1"#
  static let update = #"""
    UPDATE "bench_entities" SET "name" = ?2, "score" = ?3, "createdAt" = ?4, "note" = ?5, \#
    "payload" = ?6 WHERE "id" = ?1
    """#
  static let upsert = #"""
    INSERT INTO "bench_entities" (\#(columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6) \#
    ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "score" = excluded."score", \#
    "createdAt" = excluded."createdAt", "note" = excluded."note", "payload" = excluded."payload"
    """#
  static let delete = #"DELETE FROM "bench_entities" WHERE "id" = ?1"#
  // The query-language operations, in the text Quarry renders for them.
  static let selectNames = #"SELECT "name" FROM "bench_entities""#
  static let groupedAggregate = #"""
    SELECT "id" / ?, COUNT("id"), MAX("score") FROM "bench_entities" GROUP BY "id" / ?
    """#
  static let page = #"SELECT \#(columns) FROM "bench_entities" ORDER BY "id" ASC LIMIT ? OFFSET ?"#
  static let addOneToScores = #"""
    UPDATE "bench_entities" SET "score" = "score" + ? WHERE "id" <= ?
    """#
}
