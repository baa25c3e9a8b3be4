import CSQLite
import Foundation

/// The seed's SQLite CRUD repository (seeds/000, the post's ChatGPT-written `SQLiteRepository`),
/// kept as the post wrote it where it matters for speed: a table of `(id TEXT, data BLOB)`, each
/// item JSON-encoded by a fresh `JSONEncoder`, every statement prepared and finalized per call,
/// `update` checking existence with a separate query first, autocommit (one transaction per
/// call), and a connection opened with plain `sqlite3_open` (serialized mode).
///
/// Changed from the post, none of which makes it slower: no `print` per call, errors thrown
/// instead of printed, text and blobs bound with `SQLITE_TRANSIENT` (the post's `nil` destructor
/// left SQLite holding a dangling pointer), a fixed table name instead of an interpolated one,
/// synchronous methods (the post's are `async` but never suspend), and the same journal
/// pragmas as the other implementations so only the access pattern differs. `all()` and
/// `upsert` come from issue 6's repository protocol; the post has neither.
final class NaiveRepository {
  typealias ItemIdentifier = String

  private var db: OpaquePointer?

  init(path: String, pragmas: [String]) throws {
    let code = sqlite3_open(path, &db)
    guard code == SQLITE_OK else {
      let error = SQLiteCallError(code, connection: db)
      sqlite3_close(db)
      throw error
    }
    for pragma in pragmas { try execute(pragma) }
    try execute(
      "CREATE TABLE IF NOT EXISTS naive_items (id TEXT PRIMARY KEY NOT NULL, data BLOB NOT NULL);")
  }

  deinit {
    sqlite3_close(db)
  }

  func create<T: Codable>(id: ItemIdentifier, item: T) throws {
    let sql = "INSERT INTO naive_items (id, data) VALUES (?, ?);"
    let statement = try prepare(sql)
    defer { sqlite3_finalize(statement) }
    let data = try JSONEncoder().encode(item)
    bind(id, data, to: statement, idIndex: 1, dataIndex: 2)
    try stepDone(statement, sql: sql)
  }

  func read<T: Codable>(id: ItemIdentifier) throws -> T {
    let sql = "SELECT data FROM naive_items WHERE id = ?;"
    let statement = try prepare(sql)
    defer { sqlite3_finalize(statement) }
    sqlite3_bind_text(statement, 1, id, -1, quarry_sqlite_transient())
    guard sqlite3_step(statement) == SQLITE_ROW else { throw NaiveRepositoryError.notFound(id) }
    let count = Int(sqlite3_column_bytes(statement, 0))
    let data = sqlite3_column_blob(statement, 0).map { Data(bytes: $0, count: count) } ?? Data()
    return try JSONDecoder().decode(T.self, from: data)
  }

  func update<T: Codable>(id: ItemIdentifier, item: T) throws {
    guard try isExists(id: id) else { throw NaiveRepositoryError.notFound(id) }
    let sql = "UPDATE naive_items SET data = ? WHERE id = ?;"
    let statement = try prepare(sql)
    defer { sqlite3_finalize(statement) }
    let data = try JSONEncoder().encode(item)
    bind(id, data, to: statement, idIndex: 2, dataIndex: 1)
    try stepDone(statement, sql: sql)
  }

  /// Not in the post: the obvious naive composition of its own methods.
  func upsert<T: Codable>(id: ItemIdentifier, item: T) throws {
    if try isExists(id: id) {
      try update(id: id, item: item)
    } else {
      try create(id: id, item: item)
    }
  }

  func delete(id: ItemIdentifier) throws {
    guard try isExists(id: id) else { throw NaiveRepositoryError.notFound(id) }
    let sql = "DELETE FROM naive_items WHERE id = ?;"
    let statement = try prepare(sql)
    defer { sqlite3_finalize(statement) }
    sqlite3_bind_text(statement, 1, id, -1, quarry_sqlite_transient())
    try stepDone(statement, sql: sql)
  }

  /// Not in the post: every item, each decoded by its own `JSONDecoder` as `read` does.
  func all<T: Codable>() throws -> [T] {
    let sql = "SELECT data FROM naive_items;"
    let statement = try prepare(sql)
    defer { sqlite3_finalize(statement) }
    var items: [T] = []
    while sqlite3_step(statement) == SQLITE_ROW {
      let count = Int(sqlite3_column_bytes(statement, 0))
      guard let bytes = sqlite3_column_blob(statement, 0) else { continue }
      items.append(try JSONDecoder().decode(T.self, from: Data(bytes: bytes, count: count)))
    }
    return items
  }

  /// The row count, for the benchmark's checks only.
  func count() throws -> Int {
    let statement = try prepare("SELECT count(*) FROM naive_items;")
    defer { sqlite3_finalize(statement) }
    guard sqlite3_step(statement) == SQLITE_ROW else { return 0 }
    return Int(sqlite3_column_int64(statement, 0))
  }

  /// Runs SQL directly, for the benchmark's untimed set-up only.
  func execute(_ sql: String) throws {
    let code = sqlite3_exec(db, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw SQLiteCallError(code, connection: db, sql: sql) }
  }

  private func isExists(id: ItemIdentifier) throws -> Bool {
    let sql = "SELECT data FROM naive_items WHERE id = ?;"
    let statement = try prepare(sql)
    defer { sqlite3_finalize(statement) }
    sqlite3_bind_text(statement, 1, id, -1, quarry_sqlite_transient())
    return sqlite3_step(statement) == SQLITE_ROW
  }

  private func prepare(_ sql: String) throws -> OpaquePointer? {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
    guard code == SQLITE_OK else { throw SQLiteCallError(code, connection: db, sql: sql) }
    return statement
  }

  private func bind(
    _ id: String, _ data: Data, to statement: OpaquePointer?, idIndex: Int32, dataIndex: Int32
  ) {
    sqlite3_bind_text(statement, idIndex, id, -1, quarry_sqlite_transient())
    data.withUnsafeBytes { bytes in
      _ = sqlite3_bind_blob(
        statement, dataIndex, bytes.baseAddress, Int32(bytes.count), quarry_sqlite_transient())
    }
  }

  private func stepDone(_ statement: OpaquePointer?, sql: String) throws {
    let code = sqlite3_step(statement)
    guard code == SQLITE_DONE else { throw SQLiteCallError(code, connection: db, sql: sql) }
  }
}

enum NaiveRepositoryError: Error {
  case notFound(String)
}
