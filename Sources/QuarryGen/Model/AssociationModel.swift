/// A generated association: a static member such as `Book.author` or `Author.books`.
public struct AssociationModel: Sendable, Hashable, Codable {
  public enum Kind: String, Sendable, Hashable, Codable {
    /// `BelongsTo<Owner, Target>`: a non-optional reference.
    case belongsTo
    /// `OptionalBelongsTo<Owner, Target>`: an optional reference.
    case optionalBelongsTo
    /// `HasMany<Owner, Target>`: the inverse of a reference.
    case hasMany
    /// `HasOne<Owner, Target>`: the inverse of a `unique` reference.
    case hasOne
    /// `HasManyThrough<Owner, Link, Target>`: many-to-many through a link struct.
    case hasManyThrough
  }

  public var kind: Kind
  /// The static member's name.
  public var name: String
  public var ownerType: String
  public var targetType: String
  /// The link struct of a many-to-many association.
  public var linkType: String?
  /// The referencing column (of the owner for belongsTo, of the target for hasMany, of the
  /// link towards the owner for hasManyThrough).
  public var column: String
  /// The link's column towards the target (hasManyThrough).
  public var targetColumn: String?
  /// The owner's property the closure reads: the reference, or the owner's key.
  public var property: String
  public var access: AccessLevel

  public init(
    kind: Kind, name: String, ownerType: String, targetType: String, linkType: String? = nil,
    column: String, targetColumn: String? = nil, property: String, access: AccessLevel
  ) {
    self.kind = kind
    self.name = name
    self.ownerType = ownerType
    self.targetType = targetType
    self.linkType = linkType
    self.column = column
    self.targetColumn = targetColumn
    self.property = property
    self.access = access
  }
}
