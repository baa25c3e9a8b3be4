import Foundation

// Binding on PostgreSQL: each storage class of DatabaseValue in its natural type (INTEGER as
// int8, REAL as float8, TEXT as text, BLOB as bytea), and the types whose PostgreSQL column
// differs from their SQLite storage (Bool, UUID, Decimal, JSON) in theirs. Parameters are
// 1-based here, as in `Statement.bind(_:at:)`.

extension PostgresStatement {
  /// The 0-based slot of the 1-based parameter `index`.
  ///
  /// - Throws: ``PostgresError`` (SQLSTATE 42P02, undefined parameter) when the statement has
  ///   no such parameter, as SQLite refuses it with `SQLITE_RANGE`.
  private func slot(_ index: Int32) throws -> Int {
    guard index >= 1, Int(index) <= parameters.count else {
      throw PostgresError(
        sqlState: "42P02",
        message: "there is no parameter \(index): the statement has \(parameters.count)",
        sql: sql)
    }
    return Int(index) - 1
  }

  /// Binds a value by its storage class.
  func bind(_ value: DatabaseValue, at index: Int32) throws {
    let slot = try slot(index)
    switch value {
    case .null: parameters.setNull(at: slot)
    case .integer(let integer): parameters.setInt64(integer, at: slot)
    case .real(let real): parameters.setDouble(real, at: slot)
    case .text(let text): try parameters.setText(text, at: slot)
    case .blob(let data):
      data.withUnsafeBytes {
        parameters.setBytes($0, type: PostgresType.bytea, format: 1, at: slot)
      }
    }
  }

  /// Binds text as `text`; NUL is refused (see ``PostgresParameters/setText(_:type:at:)``).
  func bind(text: String, at index: Int32) throws {
    try parameters.setText(text, at: slot(index))
  }

  /// Binds an integer as `int8`.
  func bind(int64: Int64, at index: Int32) throws {
    parameters.setInt64(int64, at: try slot(index))
  }

  /// Binds a Double as `float8`, NaN and infinities included.
  func bind(double: Double, at index: Int32) throws {
    parameters.setDouble(double, at: try slot(index))
  }

  /// Binds a Bool as `bool`.
  func bind(bool: Bool, at index: Int32) throws {
    parameters.setBool(bool, at: try slot(index))
  }

  /// Binds bytes in binary format as `type` (`bytea`, `uuid`).
  func bind(bytes: Data, type: UInt32, at index: Int32) throws {
    let slot = try slot(index)
    bytes.withUnsafeBytes { parameters.setBytes($0, type: type, format: 1, at: slot) }
  }

  /// Binds a UUID as `uuid` (its 16 bytes).
  func bind(uuid: UUID, at index: Int32) throws {
    let slot = try slot(index)
    withUnsafeBytes(of: uuid.uuid) {
      parameters.setBytes($0, type: PostgresType.uuid, format: 1, at: slot)
    }
  }

  /// Binds a Decimal as `numeric`, through its text: every digit it holds.
  func bind(decimal text: String, at index: Int32) throws {
    try parameters.setText(text, type: PostgresType.numeric, at: slot(index))
  }

  /// Binds encoded JSON as text of unspecified type, so the server reads it as the column's
  /// `jsonb` (or `json`, or `text`).
  ///
  /// - Throws: ``ValueConversionError`` when the JSON holds `\u0000`, which `jsonb` refuses.
  func bindJSON(_ data: Data, at index: Int32) throws {
    let slot = try slot(index)
    if Self.containsNULEscape(data) {
      throw ValueConversionError(
        "JSON holding the character U+0000 cannot be stored in PostgreSQL jsonb")
    }
    try parameters.setText(
      String(decoding: data, as: UTF8.self), type: PostgresType.unspecified, at: slot)
  }

  /// Whether JSON text holds the escape `\u0000` (a backslash in JSON text always starts an
  /// escape, so `\\u0000`, an escaped backslash, is skipped).
  private static func containsNULEscape(_ data: Data) -> Bool {
    let escape = Array("u0000".utf8)
    var index = data.startIndex
    while let backslash = data[index...].firstIndex(of: UInt8(ascii: "\\")) {
      let next = data.index(after: backslash)
      if data[next...].starts(with: escape) { return true }
      index = data.index(next, offsetBy: 1, limitedBy: data.endIndex) ?? data.endIndex
    }
    return false
  }
}
