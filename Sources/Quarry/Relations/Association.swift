/// A to-one association: `Book.author` follows `Book.authorID` to the author's row.
///
/// Generated for each `references = Author` property, named after the property without its
/// `ID`/`Id` suffix:
///
/// ```swift
/// extension Book {
///   static let author = BelongsTo<Book, Author>(
///     column: "authorID", foreignKey: { $0.authorID })
/// }
/// let herbert = try db.read { try $0.fetchOne(Book.author, of: dune) }
/// let pairs: [(Book, Author)] = try db.read { try $0.fetchAll(Book.all().including(Book.author)) }
/// ```
public struct BelongsTo<Owner: TableRecord, Target: TableRecord>: Sendable
where Target.PrimaryKey: Hashable & DatabaseValueConvertible {
  /// The referencing column of `Owner`'s table.
  public let column: String
  let foreignKey: @Sendable (Owner) -> Target.PrimaryKey

  /// Describes the association through `column`, whose value `foreignKey` reads.
  public init(column: String, foreignKey: @escaping @Sendable (Owner) -> Target.PrimaryKey) {
    self.column = column
    self.foreignKey = foreignKey
  }
}

/// A to-one association through an optional reference (`authorID: UUID?`): `including` gives
/// `(Book, Author?)`.
///
/// ```swift
/// static let editor = OptionalBelongsTo<Book, Author>(
///   column: "editorID", foreignKey: { $0.editorID })
/// ```
public struct OptionalBelongsTo<Owner: TableRecord, Target: TableRecord>: Sendable
where Target.PrimaryKey: Hashable & DatabaseValueConvertible {
  public let column: String
  let foreignKey: @Sendable (Owner) -> Target.PrimaryKey?

  /// Describes the association through the nullable `column`, whose value `foreignKey` reads.
  public init(column: String, foreignKey: @escaping @Sendable (Owner) -> Target.PrimaryKey?) {
    self.column = column
    self.foreignKey = foreignKey
  }
}

/// A to-many association, the inverse of a reference: `Author.books` are the books whose
/// `authorID` is the author's key.
///
/// ```swift
/// extension Author {
///   static let books = HasMany<Author, Book>(column: "authorID", key: { $0.id })
/// }
/// let hers = try db.read { try $0.fetchAll(Author.books, of: frank) }
/// let all: [(Author, [Book])] = try db.read {
///   try $0.fetchAll(Author.all().including(Author.books))
/// }
/// ```
public struct HasMany<Owner: TableRecord, Target: TableRecord>: Sendable
where Owner.PrimaryKey: Hashable & DatabaseValueConvertible {
  /// The referencing column of `Target`'s table.
  public let column: String
  let key: @Sendable (Owner) -> Owner.PrimaryKey?

  /// Describes the rows of `Target` whose `column` holds an owner's key, which `key` reads.
  public init(column: String, key: @escaping @Sendable (Owner) -> Owner.PrimaryKey?) {
    self.column = column
    self.key = key
  }
}

/// A to-one association, the inverse of a `unique` reference: `Book.cover` is the cover whose
/// `bookID` is the book's key, if there is one.
///
/// Generated for each `references = Book, unique` property, named after the referencing type in
/// the singular (`Cover` → `cover`):
///
/// ```swift
/// extension Book {
///   static let cover = HasOne<Book, Cover>(column: "bookID", key: { $0.id })
/// }
/// let cover: Cover? = try db.read { try $0.fetchOne(Book.cover, of: dune) }
/// let pairs: [(Book, Cover?)] = try db.read { try $0.fetchAll(Book.all().including(Book.cover)) }
/// ```
public struct HasOne<Owner: TableRecord, Target: TableRecord>: Sendable
where Owner.PrimaryKey: Hashable & DatabaseValueConvertible {
  /// The referencing (unique) column of `Target`'s table.
  public let column: String
  let key: @Sendable (Owner) -> Owner.PrimaryKey?

  /// Describes the row of `Target` whose `column` holds an owner's key, which `key` reads.
  public init(column: String, key: @escaping @Sendable (Owner) -> Owner.PrimaryKey?) {
    self.column = column
    self.key = key
  }
}

/// A many-to-many association through a link table with two references: `Book.tags` are the
/// tags of the `BookTag` rows whose `bookID` is the book's key.
///
/// ```swift
/// extension Book {
///   static let tags = HasManyThrough<Book, BookTag, Tag>(
///     ownerColumn: "bookID", targetColumn: "tagID", key: { $0.id })
/// }
/// let tagged: [(Book, [Tag])] = try db.read { try $0.fetchAll(Book.all().including(Book.tags)) }
/// ```
public struct HasManyThrough<Owner: TableRecord, Link: TableRecord, Target: TableRecord>: Sendable
where Owner.PrimaryKey: Hashable & DatabaseValueConvertible {
  /// The link table's column referencing `Owner`.
  public let ownerColumn: String
  /// The link table's column referencing `Target`.
  public let targetColumn: String
  let key: @Sendable (Owner) -> Owner.PrimaryKey?

  /// Describes the targets linked to an owner through rows of `Link`; `key` reads the owner's.
  public init(
    ownerColumn: String, targetColumn: String,
    key: @escaping @Sendable (Owner) -> Owner.PrimaryKey?
  ) {
    self.ownerColumn = ownerColumn
    self.targetColumn = targetColumn
    self.key = key
  }
}
