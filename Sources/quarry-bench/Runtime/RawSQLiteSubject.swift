import CSQLite
import Foundation

/// The baseline: hand-written sqlite3 C API calls, done the best way.
///
/// One connection in multi-thread mode (`SQLITE_OPEN_NOMUTEX`: no mutex per call), every
/// statement prepared once and reused with reset, writes in one transaction, lookups in one read
/// transaction, columns read by index straight into the struct. The table and pragmas are the
/// ones the Quarry runtime uses, so the two paths do exactly the same SQLite work.
final class RawSQLiteSubject: RuntimeSubject {
  let name = "raw"
  private let storage: BenchStorage
  private let files: BenchDatabaseFiles
  private var connection: OpaquePointer?
  private var statements: [OpaquePointer] = []
  private var insertStatement: OpaquePointer?
  private var selectAllStatement: OpaquePointer?
  private var lookupStatement: OpaquePointer?
  private var queryStatement: OpaquePointer?
  private var updateStatement: OpaquePointer?
  private var upsertStatement: OpaquePointer?
  private var deleteStatement: OpaquePointer?
  private var selectNamesStatement: OpaquePointer?
  private var groupedAggregateStatement: OpaquePointer?
  private var pageStatement: OpaquePointer?
  private var addOneToScoresStatement: OpaquePointer?

  init(storage: BenchStorage, files: BenchDatabaseFiles) {
    self.storage = storage
    self.files = files
  }

  deinit {
    close()
  }

  // MARK: Operations

  func insert(_ entities: [BenchEntity]) throws {
    try inTransaction("BEGIN IMMEDIATE") {
      let statement = try prepared(insertStatement)
      for entity in entities { try step(statement, binding: entity) }
    }
  }

  func fetchAll() throws -> [BenchEntity] {
    let statement = try prepared(selectAllStatement)
    defer { sqlite3_reset(statement) }
    var entities: [BenchEntity] = []
    while try nextRow(statement) { entities.append(readEntity(statement)) }
    return entities
  }

  func lookup(_ ids: [Int64]) throws -> [BenchEntity] {
    var found: [BenchEntity] = []
    found.reserveCapacity(ids.count)
    // A read transaction: one snapshot, and no lock/unlock of the WAL per lookup.
    try inTransaction("BEGIN") {
      let statement = try prepared(lookupStatement)
      for id in ids {
        sqlite3_bind_int64(statement, 1, id)
        if try nextRow(statement) { found.append(readEntity(statement)) }
        sqlite3_reset(statement)
      }
    }
    return found
  }

  func fetch(scoreAbove threshold: Double) throws -> [BenchEntity] {
    let statement = try prepared(queryStatement)
    defer { sqlite3_reset(statement) }
    sqlite3_bind_double(statement, 1, threshold)
    var entities: [BenchEntity] = []
    while try nextRow(statement) { entities.append(readEntity(statement)) }
    return entities
  }

  func selectNames() throws -> [String] {
    let statement = try prepared(selectNamesStatement)
    defer { sqlite3_reset(statement) }
    var names: [String] = []
    while try nextRow(statement) { names.append(readText(statement, at: 0)) }
    return names
  }

  func groupedAggregate() throws -> [QueryWorkload.GroupRow] {
    let statement = try prepared(groupedAggregateStatement)
    defer { sqlite3_reset(statement) }
    sqlite3_bind_int64(statement, 1, QueryWorkload.groupWidth)
    sqlite3_bind_int64(statement, 2, QueryWorkload.groupWidth)
    var rows: [QueryWorkload.GroupRow] = []
    while try nextRow(statement) {
      rows.append(
        QueryWorkload.GroupRow(
          group: sqlite3_column_int64(statement, 0), count: Int(sqlite3_column_int64(statement, 1)),
          maxScore: sqlite3_column_double(statement, 2)))
    }
    return rows
  }

  func page(offset: Int, repeats: Int) throws -> [Int64] {
    var ids: [Int64] = []
    try inTransaction("BEGIN") {
      let statement = try prepared(pageStatement)
      for _ in 0..<repeats {
        sqlite3_bind_int64(statement, 1, Int64(QueryWorkload.pageSize))
        sqlite3_bind_int64(statement, 2, Int64(offset))
        var entities: [BenchEntity] = []
        while try nextRow(statement) { entities.append(readEntity(statement)) }
        sqlite3_reset(statement)
        ids = entities.map(\.id)
      }
    }
    return ids
  }

  func addOneToScores(upTo lastID: Int64) throws -> Int {
    var changed = 0
    try inTransaction("BEGIN IMMEDIATE") {
      let statement = try prepared(addOneToScoresStatement)
      sqlite3_bind_double(statement, 1, 1)
      sqlite3_bind_int64(statement, 2, lastID)
      _ = try nextRow(statement)
      sqlite3_reset(statement)
      changed = Int(sqlite3_changes(connection))
    }
    return changed
  }

  func update(_ entities: [BenchEntity]) throws {
    try inTransaction("BEGIN IMMEDIATE") {
      let statement = try prepared(updateStatement)
      for entity in entities {
        try step(statement, binding: entity)
        guard sqlite3_changes(connection) == 1 else {
          throw BenchCheckFailure(description: "raw update found no row \(entity.id)")
        }
      }
    }
  }

  func upsert(_ entities: [BenchEntity]) throws {
    try inTransaction("BEGIN IMMEDIATE") {
      let statement = try prepared(upsertStatement)
      for entity in entities { try step(statement, binding: entity) }
    }
  }

  func delete(_ ids: [Int64]) throws {
    try inTransaction("BEGIN IMMEDIATE") {
      let statement = try prepared(deleteStatement)
      for id in ids {
        sqlite3_bind_int64(statement, 1, id)
        _ = try nextRow(statement)
        sqlite3_reset(statement)
      }
    }
  }

  func count() throws -> Int {
    var statement: OpaquePointer?
    let sql = "SELECT count(*) FROM \"bench_entities\""
    try check(sqlite3_prepare_v2(connection, sql, -1, &statement, nil), sql: sql)
    defer { sqlite3_finalize(statement) }
    guard try nextRow(statement) else { return 0 }
    return Int(sqlite3_column_int64(statement, 0))
  }

  // MARK: Connection

  func reset() throws {
    close()
    let path = storage == .memory ? ":memory:" : files.nextPath(prefix: "raw")
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &connection, flags, nil)
    guard code == SQLITE_OK else {
      let error = SQLiteCallError(code, connection: connection)
      close()
      throw error
    }
    for pragma in BenchSchema.pragmas(for: storage) { try execute(pragma) }
    try execute(BenchSchema.createTable)
    insertStatement = try prepare(BenchSchema.insert)
    selectAllStatement = try prepare(BenchSchema.selectAll)
    lookupStatement = try prepare(BenchSchema.selectByID)
    queryStatement = try prepare(BenchSchema.selectScoreAbove)
    updateStatement = try prepare(BenchSchema.update)
    upsertStatement = try prepare(BenchSchema.upsert)
    deleteStatement = try prepare(BenchSchema.delete)
    selectNamesStatement = try prepare(BenchSchema.selectNames)
    groupedAggregateStatement = try prepare(BenchSchema.groupedAggregate)
    pageStatement = try prepare(BenchSchema.page)
    addOneToScoresStatement = try prepare(BenchSchema.addOneToScores)
  }

  func close() {
    for statement in statements { sqlite3_finalize(statement) }
    statements = []
    if let connection { sqlite3_close_v2(connection) }
    connection = nil
    files.removeCurrent()
  }

  // MARK: Binding and reading

  /// Binds the six columns at parameters 1…6 (UPDATE and upsert number their SQL to match),
  /// steps once and resets.
  private func step(_ statement: OpaquePointer, binding entity: BenchEntity) throws {
    sqlite3_bind_int64(statement, 1, entity.id)
    bindText(entity.name, to: statement, at: 2)
    sqlite3_bind_double(statement, 3, entity.score)
    sqlite3_bind_double(statement, 4, entity.createdAt.timeIntervalSinceReferenceDate)
    if let note = entity.note {
      bindText(note, to: statement, at: 5)
    } else {
      sqlite3_bind_null(statement, 5)
    }
    entity.payload.withUnsafeBytes { bytes in
      // An empty buffer has no base address, and a NULL pointer would bind NULL, not x''.
      _ =
        bytes.isEmpty
        ? sqlite3_bind_zeroblob(statement, 6, 0)
        : sqlite3_bind_blob(
          statement, 6, bytes.baseAddress, Int32(bytes.count), quarry_sqlite_transient())
    }
    let code = sqlite3_step(statement)
    sqlite3_reset(statement)
    guard code == SQLITE_DONE else { throw SQLiteCallError(code, connection: connection) }
  }

  private func bindText(_ text: String, to statement: OpaquePointer, at index: Int32) {
    var text = text
    _ = text.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        // An empty buffer has no base address, and a NULL pointer would bind NULL, not "".
        if let start = chars.baseAddress {
          sqlite3_bind_text(statement, index, start, Int32(chars.count), quarry_sqlite_transient())
        } else {
          sqlite3_bind_text(statement, index, "", 0, quarry_sqlite_transient())
        }
      }
    }
  }

  private func readEntity(_ statement: OpaquePointer) -> BenchEntity {
    BenchEntity(
      id: sqlite3_column_int64(statement, 0),
      name: readText(statement, at: 1),
      score: sqlite3_column_double(statement, 2),
      createdAt: Date(timeIntervalSinceReferenceDate: sqlite3_column_double(statement, 3)),
      note: sqlite3_column_type(statement, 4) == SQLITE_NULL ? nil : readText(statement, at: 4),
      payload: readBlob(statement, at: 5)
    )
  }

  private func readText(_ statement: OpaquePointer, at index: Int32) -> String {
    guard let text = sqlite3_column_text(statement, index) else { return "" }
    let count = Int(sqlite3_column_bytes(statement, index))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  private func readBlob(_ statement: OpaquePointer, at index: Int32) -> Data {
    guard let blob = sqlite3_column_blob(statement, index) else { return Data() }
    return Data(bytes: blob, count: Int(sqlite3_column_bytes(statement, index)))
  }

  // MARK: Plumbing

  private func prepare(_ sql: String) throws -> OpaquePointer {
    var statement: OpaquePointer?
    try check(
      sqlite3_prepare_v3(
        connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT),
        &statement, nil), sql: sql)
    guard let statement else { throw SQLiteCallError(SQLITE_MISUSE, connection: nil, sql: sql) }
    statements.append(statement)
    return statement
  }

  private func prepared(_ statement: OpaquePointer?) throws -> OpaquePointer {
    guard let statement else { throw SQLiteCallError(SQLITE_MISUSE, connection: nil) }
    return statement
  }

  /// Steps a query: true with a row ready, false when done.
  private func nextRow(_ statement: OpaquePointer?) throws -> Bool {
    let code = sqlite3_step(statement)
    if code == SQLITE_ROW { return true }
    guard code == SQLITE_DONE else { throw SQLiteCallError(code, connection: connection) }
    return false
  }

  private func inTransaction(_ begin: String, _ body: () throws -> Void) throws {
    try execute(begin)
    do {
      try body()
      try execute("COMMIT")
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  private func execute(_ sql: String) throws {
    try check(sqlite3_exec(connection, sql, nil, nil, nil), sql: sql)
  }

  private func check(_ code: Int32, sql: String) throws {
    guard code == SQLITE_OK else { throw SQLiteCallError(code, connection: connection, sql: sql) }
  }
}
