import Foundation

/// Decodes any `Decodable` type from the current row of a statement, property by column name:
/// what `fetchAll(CountryCount.self, literal:)` uses for types that are not table records.
///
/// Values that are ``DatabaseValueConvertible`` (numbers, text, `Date`, `UUID`, enums with raw
/// values…) decode as a table column of that type would; other `Decodable` values (arrays,
/// nested structs) decode from JSON text, as Quarry stores them. A property whose column is
/// missing is an error (unless it is optional), and so is a column no property reads: a
/// misspelled alias would otherwise be a silent nil.
struct RowDecoder {
  /// The result's column names, in order, and their lookup table (exact names first, then
  /// ignoring ASCII case, as SQLite compares names).
  struct Columns {
    let names: [String]
    private let exact: [String: Int32]
    private let folded: [String: Int32]

    init(of statement: Statement) {
      names = (0..<statement.columnCount).map { statement.columnName(at: $0) }
      var exact: [String: Int32] = [:]
      var folded: [String: Int32] = [:]
      for (index, name) in names.enumerated().reversed() {
        exact[name] = Int32(index)
        folded[name.lowercased()] = Int32(index)
      }
      self.exact = exact
      self.folded = folded
    }

    func index(of name: String) -> Int32? {
      exact[name] ?? folded[name.lowercased()]
    }
  }

  /// Decodes one `T` from the row, checking that every column was read.
  static func decode<T: Decodable>(_ type: T.Type, from row: Row, columns: Columns) throws -> T {
    let state = DecodingState(row: row, columns: columns)
    let value = try T(from: RowValueDecoder(state: state))
    if let unread = state.firstUnreadColumn {
      throw row.decodingError(
        at: unread, expectedType: "\(T.self)",
        reason: "the result has column '\(columns.names[Int(unread)])', which no property of "
          + "\(T.self) reads (properties read: \(state.readNames.sorted().joined(separator: ", ")))"
      )
    }
    return value
  }
}

/// What one row's decoding has read so far.
private final class DecodingState {
  let row: Row
  let columns: RowDecoder.Columns
  private var read: Set<Int32> = []
  /// Whether a container other than the keyed one was used (a single value reads column 0).
  var readsWholeRow = false

  init(row: Row, columns: RowDecoder.Columns) {
    self.row = row
    self.columns = columns
  }

  func markRead(_ index: Int32) { read.insert(index) }

  var readNames: [String] { read.map { columns.names[Int($0)] } }

  var firstUnreadColumn: Int32? {
    guard !readsWholeRow else { return nil }
    return (0..<Int32(columns.names.count)).first { !read.contains($0) }
  }

  func missingColumnError<T>(_ key: CodingKey, _ type: T.Type) -> RowDecodingError {
    RowDecodingError(
      table: row.statement.tableName, column: key.stringValue, row: row.number,
      expectedType: "\(T.self)",
      reason: "the result has no column '\(key.stringValue)' (columns: "
        + columns.names.joined(separator: ", ") + ")",
      sql: row.statement.sql)
  }

  /// The value of column `index` as `T`: through its conversion, or its JSON text.
  func decode<T: Decodable>(_ type: T.Type, at index: Int32) throws -> T {
    markRead(index)
    if let convertible = T.self as? any DatabaseValueConvertible.Type {
      return try Self.decode(convertible, as: T.self, from: row, at: index)
    }
    let decoded: T = try row.decodeJSON(at: index)
    return decoded
  }

  private static func decode<V: DatabaseValueConvertible, T>(
    _ convertible: V.Type, as type: T.Type, from row: Row, at index: Int32
  ) throws -> T {
    let value: V = try row.decode(at: index)
    // V is T: the cast only recovers the static type.
    guard let typed = value as? T else {
      throw row.decodingError(at: index, expectedType: "\(T.self)", reason: "type mismatch")
    }
    return typed
  }
}

private struct RowValueDecoder: Decoder {
  let state: DecodingState
  var codingPath: [CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(RowKeyedContainer<Key>(state: state))
  }

  func unkeyedContainer() throws -> UnkeyedDecodingContainer {
    throw DecodingError.typeMismatch(
      [Any].self,
      DecodingError.Context(
        codingPath: codingPath,
        debugDescription: "a row decodes as a keyed value (by column name), not as an array"))
  }

  func singleValueContainer() throws -> SingleValueDecodingContainer {
    state.readsWholeRow = true
    return RowSingleValueContainer(state: state)
  }
}

private struct RowKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let state: DecodingState
  var codingPath: [CodingKey] { [] }

  var allKeys: [Key] { state.columns.names.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { state.columns.index(of: key.stringValue) != nil }

  private func index(of key: Key, for type: Any.Type) throws -> Int32 {
    guard let index = state.columns.index(of: key.stringValue) else {
      throw state.missingColumnError(key, type)
    }
    return index
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    let index = try index(of: key, for: Any?.self)
    state.markRead(index)
    return state.row.isNull(at: index)
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try state.decode(T.self, at: try index(of: key, for: T.self))
  }

  // The standard library's defaults for the scalar `decodeIfPresent`s answer nil for a
  // missing key, and Swift picks them over the generic one below: each is spelled out.
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try decodeOptional(type, forKey: key)
  }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try decodeOptional(type, forKey: key)
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try decodeOptional(type, forKey: key)
  }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try decodeOptional(type, forKey: key)
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try decodeOptional(type, forKey: key)
  }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try decodeOptional(type, forKey: key)
  }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try decodeOptional(type, forKey: key)
  }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try decodeOptional(type, forKey: key)
  }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try decodeOptional(type, forKey: key)
  }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try decodeOptional(type, forKey: key)
  }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try decodeOptional(type, forKey: key)
  }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try decodeOptional(type, forKey: key)
  }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try decodeOptional(type, forKey: key)
  }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try decodeOptional(type, forKey: key)
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try decodeOptional(type, forKey: key)
  }

  private func decodeOptional<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    // An optional property still needs its column: a missing one is a misspelling, not NULL.
    let index = try index(of: key, for: T?.self)
    if state.row.isNull(at: index) {
      state.markRead(index)
      return nil
    }
    return try state.decode(T.self, at: index)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    throw DecodingError.typeMismatch(
      type,
      DecodingError.Context(
        codingPath: [key], debugDescription: "nested containers are not columns; decode a value"))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
    throw DecodingError.typeMismatch(
      [Any].self,
      DecodingError.Context(
        codingPath: [key], debugDescription: "nested containers are not columns; decode a value"))
  }

  func superDecoder() throws -> Decoder { RowValueDecoder(state: state) }
  func superDecoder(forKey key: Key) throws -> Decoder { RowValueDecoder(state: state) }
}

/// A row read as one value: its only column.
private struct RowSingleValueContainer: SingleValueDecodingContainer {
  let state: DecodingState
  var codingPath: [CodingKey] { [] }

  private func onlyColumn() throws -> Int32 {
    guard state.columns.names.count == 1 else {
      throw state.row.decodingError(
        at: 0, expectedType: "a single value",
        reason: "the result has \(state.columns.names.count) columns; a single value reads one")
    }
    return 0
  }

  func decodeNil() -> Bool {
    state.columns.names.count == 1 && state.row.isNull(at: 0)
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try state.decode(T.self, at: try onlyColumn())
  }
}
