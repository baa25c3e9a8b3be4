import Foundation

/// One value as SQLite stores it: one of its five storage classes.
///
/// Custom ``DatabaseValueConvertible`` types convert to and from this enum.
///
/// ```swift
/// let value = DatabaseValue.text("Robin")
/// print(value.storageDescription)   // TEXT
/// ```
///
/// Related SQLite documentation: <https://sqlite.org/datatype3.html>
public enum DatabaseValue: Sendable, Equatable {
  /// SQL NULL: what a nil optional stores.
  case null
  /// A signed 64-bit integer.
  case integer(Int64)
  /// An IEEE 754 double.
  case real(Double)
  /// UTF-8 text.
  case text(String)
  /// Bytes, stored as they are.
  case blob(Data)

  /// The storage class as SQLite's `typeof()` spells it in capitals, with an integer's value
  /// and a blob's size, for messages: `INTEGER 300`, `BLOB of 1 byte`.
  public var storageDescription: String {
    switch self {
    case .null: return "NULL"
    case .integer(let value): return "INTEGER \(value)"
    case .real: return "REAL"
    case .text: return "TEXT"
    case .blob(let data): return "BLOB of \(data.count) byte\(data.count == 1 ? "" : "s")"
    }
  }
}
