import Foundation

/// A struct stored as rows of owned child tables (`Step` in `Recipe.steps`).
///
/// Quarry's generator writes the conformance for each struct an `owned` property holds. The
/// child's own columns follow the key columns of whichever child table stores it, so it reads
/// and binds them from an offset:
///
/// ```swift
/// extension Step: OwnedChild {
///   init(row: Row, startingAt offset: Int32) throws {
///     text = try row.decode(at: offset)
///     minutes = try row.decode(at: offset + 1)
///   }
///   func bind(to statement: Statement, startingAt index: Int32) throws {
///     try statement.bind(text, at: index)
///     try statement.bind(minutes, at: index + 1)
///   }
///   static func changedColumns(from old: Step, to new: Step) -> [Int] { … }
/// }
/// ```
public protocol OwnedChild {
  /// Reads the child's columns, the first at `offset` (0-based); owned children start empty.
  init(row: Row, startingAt offset: Int32) throws

  /// Binds the child's columns to consecutive parameters from `index` (1-based).
  func bind(to statement: Statement, startingAt index: Int32) throws

  /// Binds the child's columns at `positions` (0-based among its own) from parameter 1.
  func bindColumns(_ positions: [Int], to statement: Statement) throws

  /// The positions (0-based among its own columns) whose stored values differ.
  static func changedColumns(from old: Self, to new: Self) -> [Int]
}

/// Compares what two values store, for change tracking of owned children.
///
/// ```swift
/// if !StoredValue.same(old.text, new.text) { changed.append(0) }
/// ```
public enum StoredValue {
  /// Whether `a` and `b` store the same SQLite value (a failed conversion counts as changed).
  public static func same<V: DatabaseValueConvertible>(_ a: V, _ b: V) -> Bool {
    guard let first = try? a.databaseValue(), let second = try? b.databaseValue() else {
      return false
    }
    return first == second
  }

  /// Whether `a` and `b` encode to the same JSON text.
  public static func sameJSON<V: Encodable>(_ a: V, _ b: V) -> Bool {
    let encoder = JSONCoding.encoder
    guard let first = try? encoder.encode(a), let second = try? encoder.encode(b) else {
      return false
    }
    return first == second
  }
}
