import Foundation

// The types whose PostgreSQL column differs from their SQLite storage bind that column's type
// on PostgreSQL, and what they always bound on SQLite. Reading back needs nothing of theirs:
// the binary readers hand booleans over as integers 0 and 1, a uuid as its 16 bytes and a
// numeric as its exact decimal text, which each type's SQLite conversion already accepts.

extension Bool {
  /// Binds `boolean` on PostgreSQL, the integer 0 or 1 on SQLite.
  public func bind(to statement: Statement, at index: Int32) throws {
    guard let postgres = statement.postgres else {
      return try statement.bind(databaseValue: .integer(self ? 1 : 0), at: index)
    }
    try postgres.bind(bool: self, at: index)
  }
}

extension UUID {
  /// Binds `uuid` (16 bytes) on PostgreSQL, the canonical text on SQLite.
  public func bind(to statement: Statement, at index: Int32) throws {
    guard let postgres = statement.postgres else {
      return try statement.bind(databaseValue: databaseValue(), at: index)
    }
    try postgres.bind(uuid: self, at: index)
  }
}

extension Decimal {
  /// Binds exact `numeric` on PostgreSQL (every digit the Decimal holds; NaN is refused), and
  /// on SQLite what ``databaseValue()`` gives (15 significant digits).
  public func bind(to statement: Statement, at index: Int32) throws {
    guard let postgres = statement.postgres else {
      return try statement.bind(databaseValue: databaseValue(), at: index)
    }
    guard !isNaN else {
      throw ValueConversionError("Decimal NaN has no PostgreSQL NUMERIC form")
    }
    try postgres.bind(decimal: description, at: index)
  }
}

extension Date {
  /// Why a NaN Date is refused on PostgreSQL (SQLite's message says it would store NULL).
  static let postgresNaNRefusal = "a NaN Date cannot be stored: it is no moment in time"

  /// Binds `double precision` seconds since 2001 on both engines' overload, so a Date bound
  /// as a query's value (`Column == date`) is refused in the engine's words when it is NaN.
  public func bind(to statement: Statement, at index: Int32) throws {
    try statement.bind(self, at: index)
  }
}

extension UInt64 {
  /// Binds `bigint` on PostgreSQL, refusing a value above `Int64.max` in PostgreSQL's words.
  public func bind(to statement: Statement, at index: Int32) throws {
    try statement.bind(databaseValue: integerDatabaseValue(in: statement), at: index)
  }
}

extension UInt {
  /// Binds `bigint` on PostgreSQL, refusing a value above `Int64.max` in PostgreSQL's words.
  public func bind(to statement: Statement, at index: Int32) throws {
    try statement.bind(databaseValue: integerDatabaseValue(in: statement), at: index)
  }
}

extension FixedWidthInteger where Self: DatabaseValueConvertible {
  /// ``integerDatabaseValue()`` naming the column type of `statement`'s engine.
  func integerDatabaseValue(in statement: Statement) throws -> DatabaseValue {
    try integerDatabaseValue(
      columnType: statement.postgres == nil ? "an SQLite INTEGER" : "a PostgreSQL BIGINT")
  }
}

extension Double {
  /// Binds `double precision` on PostgreSQL, NaN included (SQLite refuses NaN, which it would
  /// store as NULL).
  public func bind(to statement: Statement, at index: Int32) throws {
    guard let postgres = statement.postgres else {
      return try statement.bind(databaseValue: databaseValue(), at: index)
    }
    try postgres.bind(double: self, at: index)
  }
}

extension Float {
  /// Binds `double precision` on PostgreSQL, NaN included, like ``Double``.
  public func bind(to statement: Statement, at index: Int32) throws {
    try Double(self).bind(to: statement, at: index)
  }
}
