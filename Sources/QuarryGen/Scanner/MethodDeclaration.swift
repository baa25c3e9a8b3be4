/// A function, initializer or deinitializer declared in a type body or an extension, as far as
/// its signature tells: what Sourcery's `method` shows to templates.
///
/// ```swift
/// // `func fetch(id: UUID, into store: inout Store) async throws -> Bird?` gives
/// // name "fetch", parameters [id: UUID, store (label "into"): Store (inout)],
/// // returnTypeName "Bird?", isAsync and isThrowing true.
/// ```
public struct MethodDeclaration: Sendable, Hashable, Codable {
  public enum Kind: String, Sendable, Hashable, Codable {
    case function, initializer, deinitializer
  }

  /// The name as declared, without parameters: `fetch`, `init`, `deinit`, `==`.
  public var name: String
  public var kind: Kind
  /// Generic parameter clause text without angle brackets (`T: Codable`), nil when not generic.
  public var genericParameters: String?
  public var parameters: [ParameterDeclaration]
  /// The return type as written, whitespace normalised; nil when none is written.
  public var returnTypeName: String?
  public var isAsync: Bool
  public var isThrowing: Bool
  public var isRethrowing: Bool
  /// `static` or `class`.
  public var isStatic: Bool
  /// `class func`: overridable type method.
  public var isClass: Bool
  /// `init?` (and `init!`).
  public var isFailable: Bool
  /// Modifier keywords as written, access levels included (`public`, `mutating`, `final`…).
  public var modifiers: [String]
  /// The generic `where` clause text without `where`, if any.
  public var genericWhereClause: String?
  /// The effective access, never wider than the enclosing type's.
  public var access: AccessLevel
  public var attributes: [AttributeDeclaration]
  public var annotations: [Annotation]
  /// `// sourcery:` annotations, read as Sourcery reads them (see `SourceryAnnotations`).
  public var sourceryAnnotations: [String: SourceryAnnotationValue] = [:]
  public var docComment: String?
  public var location: SourceLocation
  public var conditions: [String]
  /// Whether the declaration is in an extension (its type is `definedInTypeName`).
  public var isInExtension: Bool = false
}

/// One parameter of a function, initializer or subscript: `into store: inout Store = .init()`.
public struct ParameterDeclaration: Sendable, Hashable, Codable {
  /// The argument label: the first name, nil for `_` (a subscript's single name is no label).
  public var argumentLabel: String?
  /// The name the body uses: the second name, else the first.
  public var name: String
  /// The type as written without `inout` and without a variadic's `...`, whitespace normalised.
  public var typeName: String
  public var defaultValue: String?
  public var isVariadic: Bool
  public var isInout: Bool

  public init(
    argumentLabel: String?, name: String, typeName: String, defaultValue: String? = nil,
    isVariadic: Bool = false, isInout: Bool = false
  ) {
    self.argumentLabel = argumentLabel
    self.name = name
    self.typeName = typeName
    self.defaultValue = defaultValue
    self.isVariadic = isVariadic
    self.isInout = isInout
  }
}
