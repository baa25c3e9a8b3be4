/// The PostgreSQL side of a ``Statement``: the SQL translated to `$n` placeholders, its
/// parameters, the server-side prepared statement and the rows of the current run.
///
/// It keeps SQLite's life cycle so the runtime above drives both engines alike: bind, step
/// (the first step runs the statement and receives every row; later steps move through them),
/// reset (drops the rows, keeps the bindings). The statement is prepared on its first run, with
/// the types of the values bound then, and prepared again in the rare case a later run binds a
/// parameter of another type.
@usableFromInline
final class PostgresStatement {
  // The mutable state is `@exclusivity(unchecked)`: a statement is used by one thread at a time
  // (its connection's owner) and never reentered, while the dynamic checks cost two runtime
  // calls on every read of `result` or `row`, four times per value decoded.
  let connection: PostgresConnection
  /// The SQL as the runtime wrote it (`?` placeholders), for errors and traces.
  let sql: String
  /// The SQL PostgreSQL receives.
  let translatedSQL: String
  let parameters = PostgresParameters()
  /// The server-side name; nil until the first run prepares it.
  @exclusivity(unchecked) private var name: String?
  /// The parameter types the statement was prepared with.
  @exclusivity(unchecked) private var preparedTypes: [UInt32] = []
  /// The connection's session the statement was prepared in.
  @exclusivity(unchecked) private var session = 0
  /// The connection's plan generation the statement was prepared in.
  @exclusivity(unchecked) private var planGeneration = 0
  /// The ``PostgresSchemaGeneration`` the statement was prepared in.
  @exclusivity(unchecked) private var generation = 0
  /// The rows of the current run; nil before the first step and after a reset.
  @exclusivity(unchecked) private(set) var result: PostgresResult?
  /// `result`'s `PGresult`, read by the per-value readers without retaining `result`.
  @exclusivity(unchecked) private(set) var resultHandle: OpaquePointer?
  /// The current row of `result`.
  @exclusivity(unchecked) private(set) var row: Int32 = -1
  @exclusivity(unchecked) private var rowCount: Int32 = 0
  /// The type OID of each of `result`'s columns, read once per run rather than once per value.
  @exclusivity(unchecked) private(set) var columnTypes: [UInt32] = []
  /// The rows the last INSERT, UPDATE or DELETE changed.
  @exclusivity(unchecked) private(set) var affectedRowCount = 0
  /// The result columns (names, types) when asked before the first run.
  @exclusivity(unchecked) private var describedColumns: PostgresResult?
  /// Whether a run inside a transaction reads its rows through a server-side cursor,
  /// ``batchSize`` at a time, rather than receiving them all at once: what `fetchCursor` asks
  /// for, so a walk over a million rows holds one batch in memory, not a million rows.
  @exclusivity(unchecked) var fetchesInBatches = false
  /// The cursor of the current run; nil when the run received its rows at once.
  @exclusivity(unchecked) private var cursorName: String?
  /// Whether the cursor's last batch was full, so more rows may follow.
  @exclusivity(unchecked) private var cursorMayHaveMore = false
  /// The rows a cursor's `FETCH` asks for: few enough that a batch of wide rows stays small,
  /// many enough that the round trips cost little next to decoding the rows.
  static let batchSize: Int32 = 1000

  init(connection: PostgresConnection, sql: String) {
    self.connection = connection
    self.sql = sql
    let translated = PostgresPlaceholders.translate(sql)
    translatedSQL = translated.sql
    parameters.reserve(translated.parameterCount)
  }

  /// A reader of `source`'s rows from `row` on: it shares them, since libpq never changes a
  /// result once received, so threads may read one at once, and moves through them on its own.
  /// It never runs, prepares or deallocates a statement.
  private init(readingRowsOf source: PostgresStatement, from row: Int32) {
    connection = source.connection
    sql = source.sql
    translatedSQL = source.translatedSQL
    result = source.result
    resultHandle = source.resultHandle
    rowCount = source.rowCount
    columnTypes = source.columnTypes
    self.row = row
  }

  deinit {
    if let name, !connection.isClosing, session == connection.session {
      connection.deallocate(name: name)
    }
  }

  /// Runs the statement on the first call and moves to its first row; moves to the next row on
  /// later calls. `false` once the rows are exhausted.
  ///
  /// - Throws: ``PostgresError`` when the statement fails; it is then reset.
  func step() throws -> Bool {
    if result == nil {
      try run()
      row = 0
    } else if row < rowCount {
      row += 1
      if row == rowCount, cursorMayHaveMore {
        try fetchBatch()
        row = 0
      }
    }
    return row < rowCount
  }

  /// Readers of this run's rows split into `parts` ranges of row indexes, one per thread that
  /// decodes them (see ``ConcurrentRowDecoding``); nil unless every row has arrived and the
  /// statement is on the first, as after its first step.
  func rowReaders(parts: Int) -> [(reader: PostgresStatement, rows: Range<Int>)]? {
    guard result != nil, cursorName == nil, row == 0, parts > 1, rowCount > 0 else { return nil }
    let count = Int(rowCount)
    let size = (count + parts - 1) / parts
    return stride(from: 0, to: count, by: size).map { start in
      (PostgresStatement(readingRowsOf: self, from: Int32(start)), start..<min(start + size, count))
    }
  }

  /// Moves past the last row, where stepping through every row would have left the statement.
  func skipToEnd() {
    row = rowCount
  }

  /// Drops the current rows; the bindings stay for the next run.
  func reset() {
    if let cursorName {
      connection.closeCursor(cursorName)
      self.cursorName = nil
      cursorMayHaveMore = false
    }
    result = nil
    resultHandle = nil
    row = -1
    rowCount = 0
    columnTypes.removeAll(keepingCapacity: true)
  }

  /// The rows after the current one (all of them before the first step).
  var remainingRowCount: Int {
    result == nil ? 0 : Int(rowCount - min(row + 1, rowCount))
  }

  /// Whether the statement ran and was not reset yet.
  var isBusy: Bool { result != nil }

  private func run() throws {
    // Before `needsPreparing`: beginning may reconnect, which needs the statement prepared
    // again in the new session.
    try connection.beginDeferredWrite()
    if needsPreparing {
      try prepare()
    }
    guard let name else { return }
    if fetchesInBatches, connection.isInTransaction, Self.canDeclareCursor(over: translatedSQL) {
      return try declareCursor()
    }
    let result: PostgresResult
    do {
      result = try connection.executePrepared(name: name, parameters: parameters, reportedSQL: sql)
    } catch let error as PostgresError where error.isStalePlan {
      // The failure aborted the transaction, so preparing again here would fail too: the
      // statements re-prepare on their next run, and `read` or `write` runs the closure again.
      connection.invalidatePreparedStatements()
      throw error
    }
    use(result)
    affectedRowCount = result.affectedRowCount
  }

  /// Makes `result` the current rows: its handle and row count, and its columns' types, read
  /// once here rather than once per value (a cursor's every batch is a result of its own).
  private func use(_ result: PostgresResult) {
    self.result = result
    resultHandle = result.handle
    rowCount = result.rowCount
    columnTypes.removeAll(keepingCapacity: true)
    for column in 0..<result.columnCount { columnTypes.append(result.type(at: column)) }
  }

  /// Declares the run's cursor (with the types the statement was prepared with, which settle
  /// the type of a NULL parameter) and fetches its first batch.
  private func declareCursor() throws {
    let name = connection.nextCursorName()
    try connection.declareCursor(
      name, sql: translatedSQL, parameters: parameters, types: preparedTypes, reportedSQL: sql)
    cursorName = name
    affectedRowCount = 0
    try fetchBatch()
  }

  /// The cursor's next batch as the current rows.
  private func fetchBatch() throws {
    guard let cursorName else { return }
    let result = try connection.fetch(Self.batchSize, from: cursorName, reportedSQL: sql)
    use(result)
    cursorMayHaveMore = rowCount == Self.batchSize
  }

  /// Whether `sql` is a query `DECLARE … CURSOR FOR` takes: a `SELECT` or `VALUES`, maybe
  /// parenthesized. Anything else (`WITH`, which may hold an `INSERT`, a `RETURNING` statement)
  /// receives its rows at once: a refused DECLARE would abort the transaction.
  static func canDeclareCursor(over sql: String) -> Bool {
    var words = sql.utf8.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") }
    while words.first == UInt8(ascii: "(") { words = words.dropFirst() }
    let head = String(decoding: words.prefix(7), as: UTF8.self).uppercased()
    return head.hasPrefix("SELECT") || head.hasPrefix("VALUES")
  }

  /// Whether the statement was never prepared, or a parameter is now bound with a type the
  /// prepared statement does not have (NULL fits any type).
  private var needsPreparing: Bool {
    guard name != nil, session == connection.session,
      planGeneration == connection.planGeneration,
      generation == PostgresSchemaGeneration.shared.current
    else { return true }
    let types = parameters.types
    for index in types.indices where types[index] != PostgresType.unspecified {
      if types[index] != preparedTypes[index] { return true }
    }
    return false
  }

  private func prepare() throws {
    // Keep what earlier runs settled: a parameter NULL now keeps its earlier concrete type.
    var types = parameters.types
    for index in types.indices where types[index] == PostgresType.unspecified {
      if index < preparedTypes.count { types[index] = preparedTypes[index] }
    }
    let newName = connection.nextStatementName()
    let newGeneration = PostgresSchemaGeneration.shared.current
    while true {
      do {
        try connection.prepare(name: newName, sql: translatedSQL, types: types, reportedSQL: sql)
        break
      } catch let error as PostgresError where error.sqlState == "42P18" {
        // "could not determine data type of parameter $n": a NULL bound to a parameter the SQL
        // leaves out (or uses where nothing says its type), which SQLite accepts. Text is the
        // type PostgreSQL gives an untyped literal.
        guard let number = Self.undeterminedParameter(in: error.message),
          number >= 1, number <= types.count, types[number - 1] == PostgresType.unspecified
        else { throw error }
        types[number - 1] = PostgresType.text
      }
    }
    if let name, session == connection.session { connection.deallocate(name: name) }
    session = connection.session
    planGeneration = connection.planGeneration
    generation = newGeneration
    name = newName
    preparedTypes = types
    describedColumns = nil
  }

  /// The `n` of PostgreSQL's "could not determine data type of parameter $n".
  static func undeterminedParameter(in message: String) -> Int? {
    guard let dollar = message.lastIndex(of: "$") else { return nil }
    return Int(message[message.index(after: dollar)...])
  }

  // MARK: Columns

  /// The result's columns: the current run's, or those the server describes before a run.
  private func columns() -> PostgresResult? {
    try? describedResult()
  }

  /// Prepares the statement if needed and has the server describe its result, so that a
  /// statement that does not prepare (a missing column, a syntax error) throws its own error
  /// where its columns are first checked, rather than reporting a result of 0 columns.
  ///
  /// - Throws: ``PostgresError`` when the statement does not prepare or describe.
  func describeColumns() throws {
    _ = try describedResult()
  }

  private func describedResult() throws -> PostgresResult? {
    if let result { return result }
    if let describedColumns { return describedColumns }
    try connection.beginDeferredWrite()
    if needsPreparing { try prepare() }
    guard let name else { return nil }
    describedColumns = try connection.describePrepared(name: name, reportedSQL: sql)
    return describedColumns
  }

  /// The number of columns in the result.
  var columnCount: Int32 { columns()?.columnCount ?? 0 }

  /// The name of result column `index` (0-based).
  func columnName(at index: Int32) -> String {
    columns()?.columnName(at: index) ?? "#\(index)"
  }
}
