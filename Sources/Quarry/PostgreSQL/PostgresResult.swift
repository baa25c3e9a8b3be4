import CPostgreSQL

/// The result of one PostgreSQL statement: its rows (all received), columns and command tag.
///
/// Values are read in place, in the format the statement asked for (binary for prepared
/// statements): the bytes belong to the result and stay valid until it is released.
///
/// Related PostgreSQL documentation: <https://www.postgresql.org/docs/current/libpq-exec.html>
final class PostgresResult {
  /// The `PGresult`; valid until `deinit`.
  let handle: OpaquePointer

  init(handle: OpaquePointer) {
    self.handle = handle
  }

  deinit {
    PQclear(handle)
  }

  /// The number of rows.
  var rowCount: Int32 { PQntuples(handle) }

  /// The number of columns.
  var columnCount: Int32 { PQnfields(handle) }

  /// The name of column `index` (0-based).
  func columnName(at index: Int32) -> String {
    guard let name = PQfname(handle, index) else { return "#\(index)" }
    return String(cString: name)
  }

  /// The type OID of column `index` (0-based), such as 20 for `int8`.
  func type(at index: Int32) -> UInt32 { PQftype(handle, index) }

  /// Whether the value at `row`, `column` is NULL.
  func isNull(row: Int32, column: Int32) -> Bool { PQgetisnull(handle, row, column) == 1 }

  /// The bytes of the value at `row`, `column` (empty for NULL).
  func bytes(row: Int32, column: Int32) -> UnsafeRawBufferPointer {
    let count = Int(PQgetlength(handle, row, column))
    return UnsafeRawBufferPointer(start: PQgetvalue(handle, row, column), count: count)
  }

  /// The value at `row`, `column` of a text-format result, or nil for NULL.
  func text(row: Int32, column: Int32) -> String? {
    guard !isNull(row: row, column: column), let value = PQgetvalue(handle, row, column) else {
      return nil
    }
    return String(cString: value)
  }

  /// The number of rows an INSERT, UPDATE, DELETE (or SELECT, MOVE, FETCH, COPY) affected; 0
  /// for other commands.
  var affectedRowCount: Int {
    guard let tuples = PQcmdTuples(handle) else { return 0 }
    return Self.count(tuples)
  }

  /// The decimal count of a command tag (`PQcmdTuples`), 0 when empty: read in place, since a
  /// `String` per statement showed in the profile of a 100,000-row insert.
  static func count(_ digits: UnsafePointer<CChar>) -> Int {
    var count = 0
    var cursor = digits
    while case let digit = Int(cursor.pointee) - 48, digit >= 0, digit <= 9 {
      count = count &* 10 &+ digit
      cursor += 1
    }
    return count
  }
}
