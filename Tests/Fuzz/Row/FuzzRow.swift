// libFuzzer entry point for the runtime's row decoding, compiled together with
// Sources/Quarry/**/*.swift and the system SQLite by Tests/Fuzz/run.sh.
//
// The input is a list of column values, each a tag byte and its payload:
//   0 NULL; 1 an integer (8 bytes, little-endian); 2 a double (8 bytes);
//   3 text and 4 a blob (a length byte, then that many bytes: the text need not be UTF-8).
// They are stored in one row of an untyped table in an in-memory database (so SQLite keeps
// every value exactly as bound), then every column is decoded as every type the runtime
// converts, optional and not, and as JSON. A decoding error is fine; a crash, trap or
// sanitizer report is a bug (each one found becomes a test in QuarryTests).

import CSQLite
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  FuzzRow.run(bytes)
  return 0
}

enum FuzzRow {
  enum Value {
    case null, integer(Int64), real(Double), text([UInt8]), blob([UInt8])
  }

  static func values(_ bytes: [UInt8]) -> [Value] {
    var values: [Value] = []
    var offset = 0
    func take(_ count: Int) -> [UInt8] {
      let end = min(bytes.count, offset + count)
      defer { offset = end }
      return Array(bytes[offset..<end])
    }
    func word() -> UInt64 {
      take(8).enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }
    while offset < bytes.count && values.count < 8 {
      let tag = take(1)[0] % 5
      switch tag {
      case 0: values.append(.null)
      case 1: values.append(.integer(Int64(bitPattern: word())))
      case 2: values.append(.real(Double(bitPattern: word())))
      case 3: values.append(.text(take(Int(take(1).first ?? 0))))
      default: values.append(.blob(take(Int(take(1).first ?? 0))))
      }
    }
    return values.isEmpty ? [.null] : values
  }

  // Only libFuzzer's one thread uses it.
  nonisolated(unsafe) static let connection: OpaquePointer = {
    var handle: OpaquePointer?
    guard sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
      == SQLITE_OK, let handle
    else { fatalError("cannot open an in-memory database") }
    let columns = (0..<8).map { "c\($0)" }.joined(separator: ", ")
    guard sqlite3_exec(handle, "CREATE TABLE t (\(columns))", nil, nil, nil) == SQLITE_OK else {
      fatalError("cannot create the table")
    }
    return handle
  }()

  static func run(_ bytes: [UInt8]) {
    let values = values(bytes)
    let names = values.indices.map { "c\($0)" }
    sqlite3_exec(connection, "DELETE FROM t", nil, nil, nil)
    var insert: OpaquePointer?
    let sql =
      "INSERT INTO t (\(names.joined(separator: ", "))) VALUES ("
      + names.map { _ in "?" }.joined(separator: ", ") + ")"
    guard sqlite3_prepare_v2(connection, sql, -1, &insert, nil) == SQLITE_OK else {
      fatalError("cannot prepare \(sql)")
    }
    defer { sqlite3_finalize(insert) }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    for (position, value) in values.enumerated() {
      let index = Int32(position + 1)
      switch value {
      case .null: sqlite3_bind_null(insert, index)
      case .integer(let integer): sqlite3_bind_int64(insert, index, integer)
      case .real(let real): sqlite3_bind_double(insert, index, real)
      case .text(let text):
        // A terminator keeps the pointer non-nil for empty text (nil would bind NULL).
        (text + [0]).withUnsafeBufferPointer { buffer in
          buffer.withMemoryRebound(to: CChar.self) { chars in
            _ = sqlite3_bind_text(insert, index, chars.baseAddress, Int32(text.count), transient)
          }
        }
      case .blob(let blob) where blob.isEmpty:
        sqlite3_bind_zeroblob(insert, index, 0)
      case .blob(let blob):
        blob.withUnsafeBytes { raw in
          _ = sqlite3_bind_blob(insert, index, raw.baseAddress, Int32(raw.count), transient)
        }
      }
    }
    guard sqlite3_step(insert) == SQLITE_DONE else { fatalError("insert failed") }

    do {
      let statement = try Statement(
        connection: connection, sql: "SELECT \(names.joined(separator: ", ")) FROM t")
      guard try statement.step() else { fatalError("no row") }
      // A row does not keep its statement alive: the statement must outlive the decoding.
      withExtendedLifetime(statement) {
        let row = Row(statement: statement, number: 1)
        for index in values.indices.map(Int32.init) {
          decodeEverything(row, at: index)
        }
      }
    } catch {
      fatalError("cannot read the row back: \(error)")
    }
  }

  static func decode<V: DatabaseValueConvertible>(_ type: V.Type, _ row: Row, at index: Int32) {
    _ = try? row.decode(at: index) as V
    _ = try? row.decode(at: index) as V?
    _ = try? V.decode(from: row.databaseValue(at: index))
  }

  static func decodeEverything(_ row: Row, at index: Int32) {
    _ = row.isNull(at: index)
    _ = row.databaseValue(at: index)
    decode(Int.self, row, at: index)
    decode(Int8.self, row, at: index)
    decode(Int16.self, row, at: index)
    decode(Int32.self, row, at: index)
    decode(Int64.self, row, at: index)
    decode(UInt.self, row, at: index)
    decode(UInt8.self, row, at: index)
    decode(UInt16.self, row, at: index)
    decode(UInt32.self, row, at: index)
    decode(UInt64.self, row, at: index)
    decode(Bool.self, row, at: index)
    decode(Double.self, row, at: index)
    decode(Float.self, row, at: index)
    decode(String.self, row, at: index)
    decode(Character.self, row, at: index)
    decode(Data.self, row, at: index)
    decode(Date.self, row, at: index)
    decode(UUID.self, row, at: index)
    decode(URL.self, row, at: index)
    decode(Decimal.self, row, at: index)
    _ = try? row.decodeJSON(at: index) as [String]
    _ = try? row.decodeJSON(at: index) as [String: Double]?
  }
}
