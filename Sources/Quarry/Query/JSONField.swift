import Foundation

/// One stored property of a ``JSONPathRoot`` struct: its JSON key (the `CodingKeys` raw value)
/// and how the value it holds is read back.
///
/// ```swift
/// let pages = JSONField<Int>("page_count")          // a value SQLite extracts as is
/// let author = JSONField<Author>(json: "author")    // an object, array or other Codable
/// ```
///
/// Generated code declares them; queries reach them as members of a JSON column
/// (`Book.Columns.meta.pages`), which gives a ``JSONPath``.
public struct JSONField<Value>: Sendable {
  /// The key in the JSON object, as the encoder writes it.
  public let key: String
  /// The type of the value, which PostgreSQL casts the extracted text to.
  let kind: JSONValueKind
  /// Reads the extracted value from a result column.
  let decoder: @Sendable (Row, Int32) throws -> Value

  /// A property holding a value that SQLite extracts as the value it binds: integers, `Double`,
  /// `Bool` (`true` extracts as 1), `String`, `UUID`, `URL`, `Date` (seconds since 2001, as
  /// Quarry's JSONEncoder writes it), raw-value enums.
  ///
  /// ```swift
  /// let pages = JSONField<Int>("pages")
  /// ```
  public init(_ key: String) where Value: DatabaseValueConvertible {
    self.key = key
    kind = JSONValueKind.of(Value.self)
    decoder = { row, index in try Value.decode(from: row, at: index) }
  }

  /// A property holding a value read back through `Codable`: a nested struct, an array, a
  /// dictionary, an enum with associated values.
  ///
  /// ```swift
  /// let author = JSONField<Author>(json: "author")
  /// ```
  public init(json key: String) where Value: Decodable & Sendable {
    self.key = key
    kind = .json
    decoder = { row, index in try Self.decodeExtracted(row, at: index) }
  }

  /// The value SQLite extracted: objects and arrays come as their JSON text, but a JSON string
  /// comes unquoted and a number as a number, so those are turned back into JSON first.
  static func decodeExtracted<V: Decodable>(_ row: Row, at index: Int32) throws -> V {
    let json: String
    switch row.databaseValue(at: index) {
    case .null: return try row.decodeJSON(at: index)  // nil, or the decoding error
    case .integer(let integer): json = String(integer)
    case .real(let real): json = "\(real)"
    case .text(let text):
      if let value = try? JSONCoding.decoder.decode(V.self, from: Data(text.utf8)) {
        return value
      }
      json = String(decoding: try JSONCoding.encoder.encode(text), as: UTF8.self)
    case .blob(let blob): json = String(decoding: blob, as: UTF8.self)
    }
    do {
      return try JSONCoding.decoder.decode(V.self, from: Data(json.utf8))
    } catch {
      throw row.decodingError(
        at: index, expectedType: "\(V.self)",
        reason: "the JSON path's value does not decode (\(error))")
    }
  }
}
