import CPostgreSQL
import Foundation

// Reading the current row's binary values in the storage classes the runtime's conversions
// expect from SQLite, so that every `decode(from:at:)` works on both engines:
// int2/int4/int8/oid and bool are integers, float4/float8 reals, text-like types and JSON
// text, bytea and uuid blobs, numeric an integer when whole and within Int64 and otherwise its
// exact decimal text, timestamps and dates reals (seconds since 2001, as a Date stores them).
//
// Related PostgreSQL documentation: <https://www.postgresql.org/docs/current/datatype.html>

extension PostgresStatement {
  /// The current row's value at `column`: its type and bytes, or nil for NULL.
  ///
  /// Two libpq calls for a value that is not empty, three for an empty one: `PQgetlength`
  /// reads NULL as 0 bytes, so only then is `PQgetisnull` asked; the column's type comes from
  /// the run's `columnTypes`. (Four calls a value, `PQftype` among them, were a quarter of a
  /// fetched row's instructions.)
  @inline(__always)
  private func value(at column: Int32) -> (type: UInt32, bytes: UnsafeRawBufferPointer)? {
    guard let handle = resultHandle else { return nil }
    let count = PQgetlength(handle, row, column)
    // Out of range reads as NULL too: libpq answers 0 bytes and NULL for it.
    if count == 0, PQgetisnull(handle, row, column) != 0 { return nil }
    guard column >= 0, Int(column) < columnTypes.count else { return nil }
    let bytes = UnsafeRawBufferPointer(start: PQgetvalue(handle, row, column), count: Int(count))
    return (columnTypes[Int(column)], bytes)
  }

  /// Whether the current row's value at `column` is NULL.
  func isNull(at column: Int32) -> Bool {
    guard let handle = resultHandle else { return true }
    return PQgetisnull(handle, row, column) == 1
  }

  /// The integer at `column`, or nil when it is NULL or not an integer.
  func integer(at column: Int32) -> Int64? {
    guard let (type, bytes) = value(at: column) else { return nil }
    return Self.integer(type: type, bytes)
  }

  /// The real at `column`, or nil when it is NULL or not a floating-point number (or a
  /// fractional numeric, which a Double reads approximately, as SQLite reads NUMERIC).
  func real(at column: Int32) -> Double? {
    guard let (type, bytes) = value(at: column) else { return nil }
    switch type {
    case PostgresType.float8 where bytes.count == 8:
      return Double(bitPattern: UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)))
    case PostgresType.float4 where bytes.count == 4:
      return Double(Float(bitPattern: UInt32(bigEndian: bytes.loadUnaligned(as: UInt32.self))))
    case PostgresType.numeric:
      guard Self.integer(type: type, bytes) == nil, let text = PostgresNumeric.text(bytes) else {
        return nil
      }
      return Double(text)
    case PostgresType.timestamp, PostgresType.timestamptz, PostgresType.date:
      return Self.secondsSince2001(type: type, bytes)
    default:
      return nil
    }
  }

  /// The text at `column`, or nil when it is NULL or not text; `nil` inside when the bytes are
  /// not valid UTF-8.
  func text(at column: Int32) -> String?? {
    guard let (type, bytes) = value(at: column), var text = Self.textBytes(type: type, bytes)
    else { return nil }
    if type == PostgresType.jsonb { text = UnsafeRawBufferPointer(rebasing: text.dropFirst()) }
    return .some(Row.validatedString(text.bindMemory(to: UInt8.self)))
  }

  /// The bytes at `column`, or nil when it is NULL or not bytea or uuid.
  func blob(at column: Int32) -> Data? {
    guard let (type, bytes) = value(at: column),
      type == PostgresType.bytea || type == PostgresType.uuid
    else { return nil }
    return Row.copyBlob(bytes)
  }

  /// The value at `column` as ``StoredKeyPositions`` matches it: in the storage class a Swift
  /// key's `databaseValue()` gives (see the file comment), with `uuid` as its canonical
  /// upper-case text, which is how `UUID` stores itself; nil for NULL. Text and bytes are only
  /// valid inside `body`.
  func withStoredKey<R>(at column: Int32, _ body: (StoredKey) -> R) -> R? {
    guard let (type, bytes) = value(at: column) else { return nil }
    if let integer = Self.integer(type: type, bytes) { return body(.integer(integer)) }
    if let text = Self.textBytes(type: type, bytes) {
      let start = type == PostgresType.jsonb ? text.dropFirst() : text[...]
      return body(.text(UnsafeRawBufferPointer(rebasing: start)))
    }
    switch type {
    case PostgresType.uuid where bytes.count == 16:
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
        Self.writeUUIDText(bytes, into: text)
        return body(.text(UnsafeRawBufferPointer(text)))
      }
    case PostgresType.bytea, PostgresType.uuid:
      return body(.blob(bytes))
    default:
      // Reals, timestamps and fractional numerics (a Decimal key stores a REAL on SQLite).
      return real(at: column).map { body(.real($0)) }
    }
  }

  /// A key value as ``withStoredKey(at:_:)`` hands it out.
  enum StoredKey {
    case integer(Int64)
    case real(Double)
    case text(UnsafeRawBufferPointer)
    case blob(UnsafeRawBufferPointer)
  }

  /// `8-4-4-4-12` upper-case hexadecimal digits of 16 uuid bytes, as `UUID.uuidString` spells
  /// them, into 36 bytes.
  private static func writeUUIDText(
    _ bytes: UnsafeRawBufferPointer, into text: UnsafeMutableBufferPointer<UInt8>
  ) {
    let digits: StaticString = "0123456789ABCDEF"
    digits.withUTF8Buffer { digits in
      var out = 0
      for (offset, byte) in bytes.enumerated() {
        if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
          text[out] = UInt8(ascii: "-")
          out += 1
        }
        text[out] = digits[Int(byte >> 4)]
        text[out + 1] = digits[Int(byte & 0x0f)]
        out += 2
      }
    }
  }

  /// The byte count of the value at `column`, for messages.
  func byteCount(at column: Int32) -> Int {
    value(at: column)?.bytes.count ?? 0
  }

  /// The value at `column` in the storage class the conversions expect (see the file comment);
  /// a type Quarry does not read comes back as its binary bytes.
  func databaseValue(at column: Int32) -> DatabaseValue {
    guard let (type, bytes) = value(at: column) else { return .null }
    if let integer = Self.integer(type: type, bytes) { return .integer(integer) }
    if let text = Self.textBytes(type: type, bytes) {
      let start = type == PostgresType.jsonb ? text.dropFirst() : text[...]
      return .text(String(decoding: UnsafeRawBufferPointer(rebasing: start), as: UTF8.self))
    }
    switch type {
    case PostgresType.numeric:
      return PostgresNumeric.text(bytes).map(DatabaseValue.text) ?? .null
    case PostgresType.float8, PostgresType.float4, PostgresType.timestamp,
      PostgresType.timestamptz, PostgresType.date:
      return real(at: column).map(DatabaseValue.real) ?? .null
    default:
      return .blob(Row.copyBlob(bytes))
    }
  }

  /// The PostgreSQL type name of the value at `column` for messages (`INTEGER`-like names, as
  /// SQLite's storage classes read in Quarry's errors).
  func storageDescription(at column: Int32) -> String {
    databaseValue(at: column).storageDescription
  }

  private static func integer(type: UInt32, _ bytes: UnsafeRawBufferPointer) -> Int64? {
    switch type {
    case PostgresType.int8 where bytes.count == 8:
      return Int64(bigEndian: bytes.loadUnaligned(as: Int64.self))
    case PostgresType.int4 where bytes.count == 4:
      return Int64(Int32(bigEndian: bytes.loadUnaligned(as: Int32.self)))
    case PostgresType.int2 where bytes.count == 2:
      return Int64(Int16(bigEndian: bytes.loadUnaligned(as: Int16.self)))
    case PostgresType.oid where bytes.count == 4:
      return Int64(UInt32(bigEndian: bytes.loadUnaligned(as: UInt32.self)))
    case PostgresType.bool where bytes.count == 1:
      return bytes[0] == 0 ? 0 : 1
    case PostgresType.numeric:
      return PostgresNumeric.integer(bytes)
    default:
      return nil
    }
  }

  /// The bytes of a text-like value (including JSON, whose jsonb form starts with a version
  /// byte the caller skips), or nil for other types.
  private static func textBytes(type: UInt32, _ bytes: UnsafeRawBufferPointer)
    -> UnsafeRawBufferPointer?
  {
    switch type {
    case PostgresType.text, PostgresType.varchar, PostgresType.bpchar, PostgresType.name,
      PostgresType.json, PostgresType.unknown:
      return bytes
    case PostgresType.jsonb where bytes.count >= 1:
      return bytes
    default:
      return nil
    }
  }

  /// Seconds between 2000-01-01 (PostgreSQL's epoch) and 2001-01-01 (Foundation's).
  private static let epochOffset: Double = 366 * 86_400

  /// A timestamp (microseconds since 2000) or date (days since 2000) as seconds since 2001.
  private static func secondsSince2001(type: UInt32, _ bytes: UnsafeRawBufferPointer) -> Double? {
    if type == PostgresType.date, bytes.count == 4 {
      let days = Int32(bigEndian: bytes.loadUnaligned(as: Int32.self))
      return Double(days) * 86_400 - epochOffset
    }
    guard bytes.count == 8 else { return nil }
    let microseconds = Int64(bigEndian: bytes.loadUnaligned(as: Int64.self))
    if microseconds == .max { return .infinity }
    if microseconds == .min { return -.infinity }
    return Double(microseconds) / 1_000_000 - epochOffset
  }
}
