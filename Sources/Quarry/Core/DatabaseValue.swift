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
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob(Data)

  /// The storage class name as SQLite's `typeof()` would spell it, for messages.
  public var storageDescription: String {
    switch self {
    case .null: return "NULL"
    case .integer(let value): return "INTEGER \(value)"
    case .real: return "REAL"
    case .text: return "TEXT"
    case .blob(let data): return "BLOB of \(data.count) bytes"
    }
  }
}
