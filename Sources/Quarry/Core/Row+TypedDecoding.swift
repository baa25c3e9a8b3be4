import Foundation

// Non-generic `decode(at:)` overloads for the most common column types. Swift prefers them over
// the generic `decode(at:)` when the property's type is one of these, so generated `init(row:)`
// calls the type's reader directly instead of through a protocol witness: about 5% of the
// instructions of a `fetchAll` in callgrind measurements. Behaviour is identical.

extension Row {
  /// Decodes column `index` (0-based) as an `Int`.
  ///
  /// ```swift
  /// let count: Int = try row.decode(at: 3)
  /// ```
  @inlinable
  public func decode(at index: Int32) throws -> Int {
    try Int.decode(from: self, at: index)
  }

  /// Decodes column `index` (0-based) as an optional `Int`.
  @inlinable
  public func decode(at index: Int32) throws -> Int? {
    try Int?.decode(from: self, at: index)
  }

  /// Decodes column `index` (0-based) as an `Int64`.
  ///
  /// ```swift
  /// let id: Int64 = try row.decode(at: 0)
  /// ```
  @inlinable
  public func decode(at index: Int32) throws -> Int64 {
    try Int64.decode(from: self, at: index)
  }

  /// Decodes column `index` (0-based) as an optional `Int64`.
  @inlinable
  public func decode(at index: Int32) throws -> Int64? {
    try Int64?.decode(from: self, at: index)
  }

  /// Decodes column `index` (0-based) as a `Double`.
  ///
  /// ```swift
  /// let wingspan: Double = try row.decode(at: 2)
  /// ```
  @inlinable
  public func decode(at index: Int32) throws -> Double {
    try Double.decode(from: self, at: index)
  }

  /// Decodes column `index` (0-based) as an optional `Double`.
  @inlinable
  public func decode(at index: Int32) throws -> Double? {
    try Double?.decode(from: self, at: index)
  }

  /// Decodes column `index` (0-based) as a `String`.
  ///
  /// ```swift
  /// let name: String = try row.decode(at: 1)
  /// ```
  @inlinable
  public func decode(at index: Int32) throws -> String {
    try String.decode(from: self, at: index)
  }

  /// Decodes column `index` (0-based) as an optional `String`.
  @inlinable
  public func decode(at index: Int32) throws -> String? {
    try String?.decode(from: self, at: index)
  }

  /// Decodes column `index` (0-based) as a `Bool`.
  ///
  /// ```swift
  /// let isActive: Bool = try row.decode(at: 4)
  /// ```
  @inlinable
  public func decode(at index: Int32) throws -> Bool {
    try Bool.decode(from: self, at: index)
  }

  /// Decodes column `index` (0-based) as an optional `Bool`.
  @inlinable
  public func decode(at index: Int32) throws -> Bool? {
    try Bool?.decode(from: self, at: index)
  }

  /// Decodes column `index` (0-based) as a `Date`.
  ///
  /// ```swift
  /// let createdAt: Date = try row.decode(at: 3)
  /// ```
  @inlinable
  public func decode(at index: Int32) throws -> Date {
    try Date.decode(from: self, at: index)
  }

  /// Decodes column `index` (0-based) as an optional `Date`.
  @inlinable
  public func decode(at index: Int32) throws -> Date? {
    try Date?.decode(from: self, at: index)
  }

  /// Decodes column `index` (0-based) as `Data`.
  ///
  /// ```swift
  /// let thumbnail: Data = try row.decode(at: 5)
  /// ```
  @inlinable
  public func decode(at index: Int32) throws -> Data {
    try Data.decode(from: self, at: index)
  }

  /// Decodes column `index` (0-based) as optional `Data`.
  @inlinable
  public func decode(at index: Int32) throws -> Data? {
    try Data?.decode(from: self, at: index)
  }
}
