import CSQLite

extension Connection {
  /// Runs `body` and returns what it read, as far as SQLite tells.
  ///
  /// Statements compiled while `body` runs are recorded by the authorizer as they compile.
  /// Cached statements compiled earlier do not compile again, so the connection's statements
  /// whose run counter (`SQLITE_STMTSTATUS_RUN`) moved during `body` are looked up by SQL text:
  /// compiled once more with the authorizer recording, then finalized, the result cached per
  /// connection. Costs two walks over the connection's statements per observed read and
  /// nothing for reads that are not observed.
  ///
  /// Related SQLite documentation: <https://sqlite.org/c3ref/stmt_status.html>
  func trackingReads<T>(_ body: () throws -> T) throws -> (value: T, region: DatabaseRegion) {
    if let postgres { return try postgres.trackingReads(body) }
    var runsBefore: [OpaquePointer: Int32] = [:]
    var statement = sqlite3_next_stmt(handle, nil)
    while let current = statement {
      runsBefore[current] = sqlite3_stmt_status(current, SQLITE_STMTSTATUS_RUN, 0)
      statement = sqlite3_next_stmt(handle, current)
    }
    hooks.recordedReads = [:]
    hooks.isRecordingReads = true
    let value: T
    do {
      value = try body()
    } catch {
      hooks.isRecordingReads = false
      throw error
    }
    hooks.isRecordingReads = false
    var region = DatabaseRegion(columnsByTable: hooks.recordedReads)
    statement = sqlite3_next_stmt(handle, nil)
    while let current = statement {
      // Statements new since `runsBefore` compiled during `body` and are already recorded.
      if let runs = runsBefore[current],
        sqlite3_stmt_status(current, SQLITE_STMTSTATUS_RUN, 0) > runs,
        let sql = sqlite3_sql(current)
      {
        region.formUnion(try reads(of: String(cString: sql)))
      }
      statement = sqlite3_next_stmt(handle, current)
    }
    return (value, region)
  }

  /// What `sql` reads, from the cache or by compiling it once more while recording.
  private func reads(of sql: String) throws -> [String: Set<String>] {
    if let cached = hooks.readsBySQL[sql] { return cached }
    hooks.recordedReads = [:]
    hooks.isRecordingReads = true
    defer { hooks.isRecordingReads = false }
    var prepared: OpaquePointer?
    let resultCode = sqlite3_prepare_v2(handle, sql, -1, &prepared, nil)
    sqlite3_finalize(prepared)
    guard resultCode == SQLITE_OK else {
      throw SQLiteError(resultCode: resultCode, connection: handle, sql: sql)
    }
    // Statements come from a bounded set of query shapes; a runaway set is simply forgotten.
    if hooks.readsBySQL.count >= 256 { hooks.readsBySQL.removeAll() }
    hooks.readsBySQL[sql] = hooks.recordedReads
    return hooks.recordedReads
  }
}
