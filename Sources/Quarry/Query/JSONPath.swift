/// A typed path into a JSON column: `Book.Columns.meta.pages` is a `JSONPath<Book, Int>` when
/// `meta` is a `Codable` struct whose `pages` is an `Int`.
///
/// It compares, orders and selects like a column of its value type, so `meta.pages > 500`
/// compiles only for a number and `meta.title == "Dune"` only for text. Paths nest
/// (`meta.author.name`); through an optional (`meta` a `Meta?`, or `author` an `Author?`) every
/// step after it is optional too, and NULL where the value or a key is missing.
///
/// ```swift
/// let long = try db.read { tx in
///   try tx.fetchAll(Book.all().filter(Book.Columns.meta.pages > 500))
/// }
/// let named = Book.all().filter(Book.Columns.meta.author.name == "Zoé")
///   .order(Book.Columns.meta.pages.desc)
/// ```
///
/// The value is what the encoder wrote: numbers, text and `Bool` (1 or 0) as such; a `Date` as
/// seconds since 2001 (Quarry's `JSONEncoder` keeps the default date strategy), which is also
/// how a `Date` is bound, so dates compare exactly. In SQLite a path is
/// `json_extract("meta", '$.pages')`; in PostgreSQL `(("meta" #>> '{"pages"}')::bigint)`, cast
/// to the value's type so that it compares and orders as in SQLite.
///
/// A property whose name is also a member of every path or column (`name`, `count`,
/// `length`…) is reached with the key path: `Book.Columns.meta[dynamicMember: \.name]`.
@dynamicMemberLookup
public struct JSONPath<Scope, Value>: SQLExpressible {
  /// The JSON column the path starts from.
  let base: SQLNode
  /// The keys from the column's object down to the value.
  public let keys: [String]
  /// The type of the value at the path, for engines that cast what they extract.
  let kind: JSONValueKind
  let decoder: @Sendable (Row, Int32) throws -> Value

  init(
    base: SQLNode, keys: [String], kind: JSONValueKind,
    decoder: @escaping @Sendable (Row, Int32) throws -> Value
  ) {
    self.base = base
    self.keys = keys
    self.kind = kind
    self.decoder = decoder
  }

  /// The path as a typed expression (for selections and functions).
  public var expression: ValueExpression<Scope, Value> {
    ValueExpression(node: .jsonPath(base, keys: keys, kind: kind), decoder: decoder)
  }

  /// The path one step further, into `field`.
  static func step<Member>(_ base: SQLNode, _ keys: [String], _ field: JSONField<Member>)
    -> JSONPath<Scope, Member>
  {
    JSONPath<Scope, Member>(
      base: base, keys: keys + [field.key], kind: field.kind, decoder: field.decoder)
  }

  /// The path into `field` of an optional struct: nil where the struct (or the key) is missing.
  static func optionalStep<Member>(_ base: SQLNode, _ keys: [String], _ field: JSONField<Member>)
    -> JSONPath<Scope, Member?>
  {
    let decoder = field.decoder
    return JSONPath<Scope, Member?>(
      base: base, keys: keys + [field.key], kind: field.kind,
      decoder: { row, index in row.isNull(at: index) ? nil : try decoder(row, index) })
  }
}

extension JSONPath where Value: JSONPathRoot {
  /// A stored property of the struct at this path: `Book.Columns.meta.author.name`.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value.JSONPaths, JSONField<Member>>)
    -> JSONPath<Scope, Member>
  {
    Self.step(base, keys, Value.jsonPaths[keyPath: keyPath])
  }
}

extension JSONPath where Value: OptionalJSONPathRoot {
  /// A stored property of the optional struct at this path, optional in turn.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<Value.WrappedRoot.JSONPaths, JSONField<Member>>
  ) -> JSONPath<Scope, Member?> {
    Self.optionalStep(base, keys, Value.WrappedRoot.jsonPaths[keyPath: keyPath])
  }

  /// An optional property of the optional struct at this path: one level of optional, not two.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<Value.WrappedRoot.JSONPaths, JSONField<Member?>>
  ) -> JSONPath<Scope, Member?> {
    Self.step(base, keys, Value.WrappedRoot.jsonPaths[keyPath: keyPath])
  }
}

extension Column where Value: JSONPathRoot {
  /// A stored property of the JSON column's struct: `Book.Columns.meta.pages`.
  ///
  /// ```swift
  /// Book.all().filter(Book.Columns.meta.pages > 500)
  /// ```
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value.JSONPaths, JSONField<Member>>)
    -> JSONPath<Table, Member>
  {
    JSONPath<Table, Value>.step(node, [], Value.jsonPaths[keyPath: keyPath])
  }
}

extension Column where Value: OptionalJSONPathRoot {
  /// A stored property of an optional JSON column's struct, optional in turn (NULL where the
  /// column is NULL).
  ///
  /// ```swift
  /// Book.all().filter(Book.Columns.extra.pages == nil)
  /// ```
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<Value.WrappedRoot.JSONPaths, JSONField<Member>>
  ) -> JSONPath<Table, Member?> {
    JSONPath<Table, Value>.optionalStep(node, [], Value.WrappedRoot.jsonPaths[keyPath: keyPath])
  }

  /// An optional property of an optional JSON column's struct: one level of optional.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<Value.WrappedRoot.JSONPaths, JSONField<Member?>>
  ) -> JSONPath<Table, Member?> {
    JSONPath<Table, Value>.step(node, [], Value.WrappedRoot.jsonPaths[keyPath: keyPath])
  }
}
