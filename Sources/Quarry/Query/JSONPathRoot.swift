/// A `Codable` struct stored as JSON whose stored properties are typed JSON paths: the
/// generator conforms every such struct it finds in the scanned sources.
///
/// ```swift
/// // Generated for `struct Meta: Codable { var pages: Int; var author: Author? }`:
/// extension Meta: JSONPathRoot {
///   struct JSONPaths: Sendable {
///     let pages = JSONField<Int>("pages")
///     let author = JSONField<Author?>(json: "author")
///   }
///   static var jsonPaths: JSONPaths { JSONPaths() }
/// }
/// // So that a JSON column of `Meta` reaches into it:
/// Book.all().filter(Book.Columns.meta.pages > 500)
/// ```
public protocol JSONPathRoot {
  /// One ``JSONField`` per stored property, named as the property.
  associatedtype JSONPaths
  /// The fields, read through key paths by ``Column`` and ``JSONPath``.
  static var jsonPaths: JSONPaths { get }
}

/// `Optional` of a ``JSONPathRoot``: its paths exist too, and each is optional (`meta?.pages`).
///
/// ```swift
/// Book.Columns.meta.pages   // a JSONPath<Book, Int?> when `meta` is a `Meta?`
/// ```
public protocol OptionalJSONPathRoot {
  /// The wrapped struct.
  associatedtype WrappedRoot: JSONPathRoot
}

extension Optional: OptionalJSONPathRoot where Wrapped: JSONPathRoot {
  public typealias WrappedRoot = Wrapped
}
