/// What the scanner extracts from Swift sources: the input of the model stage and of templates.
///
/// These are plain values: the scanner builds them once and nothing downstream mutates them.

/// Swift access levels.
public enum AccessLevel: String, Sendable, Hashable, Comparable, Codable, CaseIterable {
  case `private`, `fileprivate`, `internal`, `package`, `public`, `open`

  var rank: Int {
    switch self {
    case .private: 0
    case .fileprivate: 1
    case .internal: 2
    case .package: 3
    case .public: 4
    case .open: 5
    }
  }

  public static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool { lhs.rank < rhs.rank }
}

/// A value in a `// quarry: key = value` annotation.
///
/// Not `indirect`: the only recursive case holds an `Array`, which already stores its elements
/// out of line, so `indirect` would only add a heap box to every value.
public enum AnnotationValue: Sendable, Hashable, Codable {
  /// A bare key (`// quarry: unique`) or `true`/`false`.
  case bool(Bool)
  /// A quoted string, unescaped.
  case string(String)
  /// A number, as written (`42`, `-1.5`).
  case number(String)
  /// A bare identifier or dotted path (`Nest`, `.songbird`).
  case identifier(String)
  /// `[a, b]`.
  case list([AnnotationValue])
}

/// One `key = value` (or bare `key`) from a `// quarry:` comment.
public struct Annotation: Sendable, Hashable, Codable {
  public var key: String
  public var value: AnnotationValue
  /// Where the key starts, for diagnostics such as an unknown key.
  public var location: SourceLocation

  public init(key: String, value: AnnotationValue, location: SourceLocation) {
    self.key = key
    self.value = value
    self.location = location
  }
}

/// An attribute as written: `@MainActor`, `@available(iOS 13, *)`, `@Wrapper(key: "a{b")`.
public struct AttributeDeclaration: Sendable, Hashable, Codable {
  /// The name without `@`, e.g. `available`.
  public var name: String
  /// The argument text inside the parentheses, whitespace normalised; nil without parentheses.
  public var arguments: String?

  public init(name: String, arguments: String? = nil) {
    self.name = name
    self.arguments = arguments
  }
}

/// A stored instance property of a struct.
public struct PropertyDeclaration: Sendable, Hashable, Codable {
  public var name: String
  /// The type as written with whitespace normalised (`[String: Int]?`), or the literal type of
  /// a simple literal default (`Int`, `Double`, `String`, `Bool`); nil when neither is known.
  public var typeName: String?
  /// Whether the type was inferred from a literal default rather than written.
  public var isTypeInferred: Bool
  public var isLet: Bool
  public var isLazy: Bool
  /// The default value text as written, whitespace normalised; nil without `=`.
  public var defaultValue: String?
  public var attributes: [AttributeDeclaration]
  /// The effective access: as written (`internal` when nothing is), but never wider than the
  /// struct's (a property of a `fileprivate` struct is `fileprivate` at most).
  public var access: AccessLevel
  /// The setter's access level when it differs (`private(set)`), else nil.
  public var setterAccess: AccessLevel?
  public var annotations: [Annotation]
  /// `// sourcery:` annotations, read as Sourcery reads them (see `SourceryAnnotations`).
  public var sourceryAnnotations: [String: SourceryAnnotationValue] = [:]
  public var docComment: String?
  public var location: SourceLocation
  /// The `#if` conditions enclosing this property, outermost first (`"DEBUG"`, `"!DEBUG"`).
  public var conditions: [String]
  /// A computed property (an accessor block other than `willSet`/`didSet`, or a protocol's
  /// `{ get }`): never in a struct's `properties`, which are stored ones.
  public var isComputed = false
  /// `static` or `class`: never in a struct's `properties` either.
  public var isStatic = false
  /// A computed property's getter is `get async` / `get throws`.
  public var isAsync = false
  public var isThrowing = false
  /// A computed property has a setter (`{ get set }`, `set { }`).
  public var hasSetter = false
  /// Whether the declaration is in an extension of its type.
  public var isInExtension = false
}

// In an extension, so that the scanner can use the memberwise initializer: it builds the value
// in place, where this one (on a struct this large) builds it, copies it and destroys the first.
extension PropertyDeclaration {
  public init(
    name: String, typeName: String?, isTypeInferred: Bool = false, isLet: Bool,
    isLazy: Bool = false, defaultValue: String? = nil, attributes: [AttributeDeclaration] = [],
    access: AccessLevel = .internal, setterAccess: AccessLevel? = nil,
    annotations: [Annotation] = [], docComment: String? = nil, location: SourceLocation,
    conditions: [String] = []
  ) {
    self.name = name
    self.typeName = typeName
    self.isTypeInferred = isTypeInferred
    self.isLet = isLet
    self.isLazy = isLazy
    self.defaultValue = defaultValue
    self.attributes = attributes
    self.access = access
    self.setterAccess = setterAccess
    self.annotations = annotations
    self.docComment = docComment
    self.location = location
    self.conditions = conditions
  }
}

/// A `struct` declaration with its stored instance properties.
public struct StructDeclaration: Sendable, Hashable, Codable {
  /// The qualified name through nesting: `A.B.C`.
  public var name: String
  /// The name as declared: `C`.
  public var localName: String
  /// The effective access, by Swift's rules: as written, else the default of where it is
  /// declared (`public` in a `public extension`, `fileprivate` in a `private extension`,
  /// `internal` elsewhere), and never wider than an enclosing type (a struct nested in a
  /// `fileprivate` one is `fileprivate` at most).
  public var access: AccessLevel
  /// The access modifier as written, nil when there is none.
  public var declaredAccess: AccessLevel? = nil
  /// Generic parameter clause text without angle brackets (`T: Codable`), nil when not generic.
  public var genericParameters: String?
  public var inheritedTypes: [String]
  public var attributes: [AttributeDeclaration]
  public var docComment: String?
  public var annotations: [Annotation]
  public var properties: [PropertyDeclaration]
  public var location: SourceLocation
  public var conditions: [String]
  /// The generic `where` clause text without `where` (`T: Codable, T: Sendable`), if any.
  public var genericWhereClause: String? = nil
  /// `// sourcery:` annotations, read as Sourcery reads them (see `SourceryAnnotations`).
  public var sourceryAnnotations: [String: SourceryAnnotationValue] = [:]
  /// Names of the `static` (or `class`) properties and functions declared in the body, which
  /// generated static members (associations) must not repeat.
  public var staticMemberNames: [String] = []
  /// Computed and static properties, methods, initializers and subscripts, its extensions'
  /// in the same file included.
  public var members = MemberDeclarations()

  public init(
    name: String, localName: String, access: AccessLevel = .internal,
    genericParameters: String? = nil, inheritedTypes: [String] = [],
    attributes: [AttributeDeclaration] = [], docComment: String? = nil,
    annotations: [Annotation] = [], properties: [PropertyDeclaration] = [],
    location: SourceLocation, conditions: [String] = []
  ) {
    self.name = name
    self.localName = localName
    self.access = access
    self.genericParameters = genericParameters
    self.inheritedTypes = inheritedTypes
    self.attributes = attributes
    self.docComment = docComment
    self.annotations = annotations
    self.properties = properties
    self.location = location
    self.conditions = conditions
  }
}

/// An `enum` declaration: the generator maps raw-value enums to columns.
public struct EnumDeclaration: Sendable, Hashable, Codable {
  public var name: String
  public var localName: String
  /// The effective access, by the rules `StructDeclaration.access` describes.
  public var access: AccessLevel
  /// The access modifier as written, nil when there is none.
  public var declaredAccess: AccessLevel? = nil
  /// The first inherited type when it is a raw-value type (`String`, `Int`, …), else nil.
  public var rawType: String?
  public var inheritedTypes: [String]
  public var attributes: [AttributeDeclaration]
  public var docComment: String?
  public var annotations: [Annotation]
  public var cases: [String]
  /// Each case with its raw value and associated values, in `cases` order.
  public var caseDetails: [EnumCaseDeclaration] = []
  /// `// sourcery:` annotations, read as Sourcery reads them (see `SourceryAnnotations`).
  public var sourceryAnnotations: [String: SourceryAnnotationValue] = [:]
  public var location: SourceLocation
  public var conditions: [String]
  /// Computed and static properties, methods, initializers and subscripts.
  public var members = MemberDeclarations()

  public init(
    name: String, localName: String, access: AccessLevel = .internal, rawType: String? = nil,
    inheritedTypes: [String] = [], attributes: [AttributeDeclaration] = [],
    docComment: String? = nil, annotations: [Annotation] = [], cases: [String] = [],
    location: SourceLocation, conditions: [String] = []
  ) {
    self.name = name
    self.localName = localName
    self.access = access
    self.rawType = rawType
    self.inheritedTypes = inheritedTypes
    self.attributes = attributes
    self.docComment = docComment
    self.annotations = annotations
    self.cases = cases
    self.location = location
    self.conditions = conditions
  }
}

/// One `case` of an enum: `case b(label: Int, String = "x")`, `case c = "x"`.
public struct EnumCaseDeclaration: Sendable, Hashable, Codable {
  /// One associated value: `label: Int` or `Int`, with its default value text.
  public struct AssociatedValue: Sendable, Hashable, Codable {
    /// The label (`label`), nil without one or for `_`.
    public var localName: String?
    /// The external label when two are written (`ext label: Int`), else the label.
    public var externalName: String?
    /// The type as written, whitespace normalised.
    public var typeName: String
    public var defaultValue: String?

    public init(
      localName: String?, externalName: String?, typeName: String, defaultValue: String? = nil
    ) {
      self.localName = localName
      self.externalName = externalName
      self.typeName = typeName
      self.defaultValue = defaultValue
    }
  }

  public var name: String
  /// The raw value text as written (`"x"`, `42`), nil without `=`.
  public var rawValue: String?
  public var associatedValues: [AssociatedValue] = []
  /// `// sourcery:` annotations of the case.
  public var sourceryAnnotations: [String: SourceryAnnotationValue] = [:]
  public var location: SourceLocation
  /// The `#if` conditions enclosing the case, outermost first, the enum's own included: a case
  /// with more conditions than its enum exists only in some builds.
  public var conditions: [String] = []

  public init(
    name: String, rawValue: String? = nil, associatedValues: [AssociatedValue] = [],
    location: SourceLocation
  ) {
    self.name = name
    self.rawValue = rawValue
    self.associatedValues = associatedValues
    self.location = location
  }
}

/// A value of a `// sourcery:` annotation, typed as Sourcery types it: a bare key is the
/// number 1 (Sourcery's `NSNumber(true)`), `key = 42` a number, `key = "text"` a string,
/// `key = [1, "a"]` or `key = {"a": 1}` (JSON) an array or a dictionary; a key written
/// twice with different values becomes an array; `// sourcery: ns:key = 1` a dictionary `ns`.
public enum SourceryAnnotationValue: Sendable, Hashable, Codable {
  case number(Double)
  case string(String)
  case array([SourceryAnnotationValue])
  case dictionary([String: SourceryAnnotationValue])
}

/// Everything scanned from one file, plus what could not be read.
/// A class, actor or extension with an inheritance list: what the model needs of them is
/// which types conform to what (`extension Money: DatabaseValueConvertible`).
public struct ConformanceDeclaration: Sendable, Hashable, Codable {
  /// The type as written after the keyword (`Money`, `App.Money`), qualified through
  /// nesting for a class or actor.
  public var typeName: String
  public var inheritedTypes: [String]
  public var location: SourceLocation

  public init(typeName: String, inheritedTypes: [String], location: SourceLocation) {
    self.typeName = typeName
    self.inheritedTypes = inheritedTypes
    self.location = location
  }
}

public struct ScannedFile: Sendable, Hashable {
  public var file: SourceFile
  /// Kept as bytes and built on each read (see `CompactArray`): read one once into a local.
  public var structs: CompactArray<StructDeclaration>
  public var enums: CompactArray<EnumDeclaration>
  /// Classes, actors and extensions that declare conformances, in file order.
  public var conformances: [ConformanceDeclaration] = []
  /// Classes, actors, protocols and extensions with their members, in file order.
  public var types: [TypeDeclaration] = []
  public var diagnostics: [Diagnostic]

  public init(
    file: SourceFile, structs: [StructDeclaration] = [], enums: [EnumDeclaration] = [],
    diagnostics: [Diagnostic] = []
  ) {
    self.file = file
    self.structs = CompactArray(structs)
    self.enums = CompactArray(enums)
    self.diagnostics = diagnostics
  }
}
