/// A class, actor, protocol or extension with its members: what Sourcery's type model shows
/// besides structs and enums. The persistence model never reads these (only conformances).
///
/// ```swift
/// // `public protocol Store: AnyObject { associatedtype Item; func load() async throws -> [Item] }`
/// // gives kind .protocol, inheritedTypes ["AnyObject"], one associated type and one method.
/// ```
public struct TypeDeclaration: Sendable, Hashable, Codable {
  public enum Kind: String, Sendable, Hashable, Codable {
    case `class`, actor, `protocol`, `extension`
  }

  /// The qualified name through nesting (`A.B`); for an extension, the extended type as written.
  public var name: String
  public var localName: String
  public var kind: Kind
  /// The effective access, by the rules `StructDeclaration.access` describes.
  public var access: AccessLevel
  /// The access modifier as written, nil when there is none.
  public var declaredAccess: AccessLevel?
  public var genericParameters: String?
  public var genericWhereClause: String?
  public var inheritedTypes: [String]
  public var attributes: [AttributeDeclaration]
  /// Modifier keywords as written (`final`, `open`…).
  public var modifiers: [String]
  public var docComment: String?
  public var annotations: [Annotation]
  /// `// sourcery:` annotations, read as Sourcery reads them (see `SourceryAnnotations`).
  public var sourceryAnnotations: [String: SourceryAnnotationValue] = [:]
  public var members = MemberDeclarations()
  public var location: SourceLocation
  public var conditions: [String]
}

/// What a type body declares besides a struct's stored properties and an enum's cases.
public struct MemberDeclarations: Sendable, Hashable, Codable {
  /// Computed and static properties of structs and enums; every property of the others
  /// (classes' and actors' stored ones, protocols' requirements), in source order.
  public var variables: [PropertyDeclaration] = []
  public var methods: [MethodDeclaration] = []
  public var subscripts: [SubscriptDeclaration] = []
  public var associatedTypes: [AssociatedTypeDeclaration] = []

  public init() {}

  public var isEmpty: Bool {
    variables.isEmpty && methods.isEmpty && subscripts.isEmpty && associatedTypes.isEmpty
  }
}

/// `subscript(index: Int) -> Element { get set }`.
public struct SubscriptDeclaration: Sendable, Hashable, Codable {
  public var parameters: [ParameterDeclaration]
  public var genericParameters: String?
  public var returnTypeName: String
  /// Whether it has a setter (`{ get set }`, `set { }`).
  public var isMutable: Bool
  public var isAsync: Bool
  public var isThrowing: Bool
  public var isStatic: Bool
  public var access: AccessLevel
  public var setterAccess: AccessLevel?
  public var modifiers: [String]
  public var attributes: [AttributeDeclaration]
  public var annotations: [Annotation]
  public var sourceryAnnotations: [String: SourceryAnnotationValue] = [:]
  public var docComment: String?
  public var location: SourceLocation
  public var isInExtension: Bool = false
}

/// A protocol's `associatedtype Item: Codable = Int`.
public struct AssociatedTypeDeclaration: Sendable, Hashable, Codable {
  public var name: String
  /// The constraint after `:` as written (`Codable`, `A & B`), nil without one.
  public var typeName: String?
  public var defaultTypeName: String?
  public var location: SourceLocation
}
