import QuarryGen
import XCTest

/// Classes, actors, protocols and extensions, and the members of every type body: what the
/// scanner gives Sourcery's type model beyond persisted structs.
final class MemberScannerTests: XCTestCase {
  func testClassMembers() {
    let scanned = scan(
      """
      open class Store<Item: Codable>: Base, Observing where Item: Sendable {
        public private(set) var count: Int = 0
        let name: String
        var isEmpty: Bool { count == 0 }
        var title: String {
          get { name }
          set { print(newValue) }
        }
        static var shared = Store()
        class var kind: String { "store" }
        lazy var cache: [String: Item] = [:]
        weak var delegate: (any Delegate)? {
          didSet { print(1) }
        }

        public init(name: String = "main", count: Int) { self.name = name }
        convenience init?(json data: Data) throws { nil }
        required init() {}
        deinit {}

        func load(_ id: UUID, into store: inout [Item], tags: String...) async throws -> Item? {
          nil
        }
        final class func make<T: Item>(with value: T, handler: @escaping (Int, String) -> Void = { _, _ in })
          rethrows -> Self where T: Hashable
        {
          fatalError()
        }
        static func == (lhs: Store, rhs: Store) -> Bool { true }
        private func reset() {}
        subscript(index: Int) -> Item { get { fatalError() } set {} }
        subscript(key key: String, default value: Item) -> Item? { nil }
      }
      """)
    XCTAssertEqual(renderedDiagnostics(scanned), "")
    XCTAssertEqual(
      typesOutline(scanned),
      """
      class Store<Item: Codable>: Base, Observing where Item: Sendable open [open]
        var count: Int = 0 stored public private(set)
        let name: String stored
        var isEmpty: Bool computed
        var title: String computed {set}
        var shared: Store = Store() static stored
        var kind: String static computed
        var cache: [String: Item] = [:] stored lazy
        var delegate: (any Delegate)? stored
        init(name: String = "main", count: Int) public [public]
        init?(json data: Data) throws [convenience]
        init() [required]
        deinit()
        func load(_ id: UUID, into store: inout [Item], tags: String...) async throws -> Item?
        func make<T: Item>(with value: T, handler: @escaping (Int, String) -> Void = { _, _ in }) throws rethrows -> Self where T: Hashable static class [class, final]
        func ==(lhs: Store, rhs: Store) -> Bool static [static]
        func reset() private [private]
        subscript(_ index: Int) -> Item {set}
        subscript(key: String, default value: Item) -> Item?
      """)
  }

  func testProtocolRequirementsAndAssociatedTypes() {
    let scanned = scan(
      """
      public protocol Repository: AnyObject, Sendable {
        associatedtype Item: Identifiable & Codable = Bird
        associatedtype Key where Key: Hashable
        var count: Int { get }
        var name: String { get set }
        var items: [Item] { get async throws }
        static var table: String { get }
        init(path: String)
        func fetch(id: Item.ID) async throws -> Item?
        mutating func insert(_ item: Item)
        subscript(key: Key) -> Item? { get }
      }
      """)
    XCTAssertEqual(renderedDiagnostics(scanned), "")
    XCTAssertEqual(
      typesOutline(scanned),
      """
      protocol Repository: AnyObject, Sendable public [public]
        associatedtype Item: Identifiable & Codable = Bird
        associatedtype Key
        var count: Int computed public
        var name: String computed {set} public
        var items: [Item] computed async throws public
        var table: String static computed public
        init(path: String) public
        func fetch(id: Item.ID) async throws -> Item? public
        func insert(_ item: Item) public [mutating]
        subscript(_ key: Key) -> Item? public
      """)
  }

  func testActorsExtensionsAndStructMembers() {
    let scanned = scan(
      """
      struct Bird {
        var id: Int
        var label: String { "\\(id)" }
        static let all: [Bird] = []
        static func make() -> Bird { Bird(id: 1) }
        mutating func bump() { id += 1 }
      }
      public extension Bird: CustomStringConvertible {
        var description: String { label }
        func fly(to place: String) {}
      }
      actor Counter {
        private var value = 0
        func increment() -> Int { value += 1; return value }
        nonisolated var name: String { "counter" }
      }
      enum Kind: String {
        case a, b
        var isA: Bool { self == .a }
        static func parse(_ text: String) -> Kind? { Kind(rawValue: text) }
      }
      """)
    XCTAssertEqual(renderedDiagnostics(scanned), "")
    // The persisted view is unchanged: one stored property.
    XCTAssertEqual(scanned.structs[0].properties.map(\.name), ["id"])
    XCTAssertEqual(scanned.structs[0].staticMemberNames, ["all", "make"])
    XCTAssertEqual(
      membersOutline(scanned.structs[0].members),
      """
        var label: String computed
        let all: [Bird] = [] static stored
        func make() -> Bird static [static]
        func bump() [mutating]
      """)
    XCTAssertEqual(
      membersOutline(scanned.enums[0].members),
      """
        var isA: Bool computed
        func parse(_ text: String) -> Kind? static [static]
      """)
    XCTAssertEqual(
      typesOutline(scanned),
      """
      extension Bird: CustomStringConvertible public [public]
        var description: String computed public (extension)
        func fly(to place: String) public (extension)
      actor Counter
        var value: Int = 0 stored private
        func increment() -> Int
        var name: String computed
      """)
  }

  func testAnnotatedClassIsAnError() {
    let scanned = scan(
      """
      // quarry: table = "stores"
      final class Store {
        var id: Int = 0
      }
      // quarry: persist
      actor Counter {}
      """)
    XCTAssertEqual(
      renderedDiagnostics(scanned),
      """
      Test.swift:1:12: error: Quarry persists structs; class 'Store' cannot take a '// quarry:' \
      annotation: make it a struct to store it, or use '// sourcery:' to annotate it for a \
      custom template
      Test.swift:5:12: error: Quarry persists structs; actor 'Counter' cannot take a \
      '// quarry:' annotation: make it a struct to store it, or use '// sourcery:' to annotate \
      it for a custom template

      """)
  }

  func testSourceryAnnotationsOnMembersInSourceOrder() {
    let scanned = scan(
      """
      // sourcery: service = "Service1"
      // sourcery: service = "Service2"
      protocol Api {
        // sourcery: skip
        func call()
        // sourcery: tag = "a"
        // sourcery: tag = "b"
        var value: Int { get }
      }
      """)
    XCTAssertEqual(
      scanned.types[0].sourceryAnnotations,
      ["service": .array([.string("Service1"), .string("Service2")])])
    XCTAssertEqual(scanned.types[0].members.methods[0].sourceryAnnotations, ["skip": .number(1)])
    XCTAssertEqual(
      scanned.types[0].members.variables[0].sourceryAnnotations,
      ["tag": .array([.string("a"), .string("b")])])
  }

  func testUnfinishedSignaturesRecover() {
    // A parameter list cut off by the end of the type must not swallow what follows.
    let scanned = scan(
      """
      class A {
        func f(a: Int,
      }
      struct B { var x: Int }
      """)
    XCTAssertEqual(scanned.structs.map(\.name), ["B"])
    XCTAssertEqual(scanned.structs[0].properties.map(\.name), ["x"])
    XCTAssertEqual(scanned.types[0].members.methods.map(\.name), ["f"])
  }
}

// MARK: - Outlines

/// One line per class, actor, protocol or extension, then its members indented.
func typesOutline(_ scanned: ScannedFile) -> String {
  var lines: [String] = []
  for type in scanned.types {
    var line = "\(type.kind.rawValue) \(type.name)"
    if let generics = type.genericParameters { line += "<\(generics)>" }
    if !type.inheritedTypes.isEmpty { line += ": " + type.inheritedTypes.joined(separator: ", ") }
    if let clause = type.genericWhereClause { line += " where \(clause)" }
    if type.access != .internal { line += " \(type.access.rawValue)" }
    if !type.modifiers.isEmpty { line += " [\(type.modifiers.joined(separator: ", "))]" }
    lines.append(line)
    let members = membersOutline(type.members)
    if !members.isEmpty { lines.append(members) }
  }
  return lines.joined(separator: "\n")
}

func membersOutline(_ members: MemberDeclarations) -> String {
  var lines: [String] = []
  for associated in members.associatedTypes {
    var line = "  associatedtype \(associated.name)"
    if let constraint = associated.typeName { line += ": \(constraint)" }
    if let value = associated.defaultTypeName { line += " = \(value)" }
    lines.append(line)
  }
  // Variables, methods and subscripts in source order.
  var entries: [(offset: Int, text: String)] = []
  for variable in members.variables {
    var line = "  \(variable.isLet ? "let" : "var") \(variable.name): \(variable.typeName ?? "?")"
    if let value = variable.defaultValue { line += " = \(value)" }
    if variable.isStatic { line += " static" }
    line += variable.isComputed ? " computed" : " stored"
    if variable.hasSetter { line += " {set}" }
    if variable.isAsync { line += " async" }
    if variable.isThrowing { line += " throws" }
    if variable.isLazy { line += " lazy" }
    if variable.access != .internal { line += " \(variable.access.rawValue)" }
    if let setter = variable.setterAccess { line += " \(setter.rawValue)(set)" }
    if variable.isInExtension { line += " (extension)" }
    entries.append((variable.location.offset, line))
  }
  for method in members.methods {
    var line = "  "
    switch method.kind {
    case .function: line += "func \(method.name)"
    case .initializer: line += "init" + (method.isFailable ? "?" : "")
    case .deinitializer: line += "deinit"
    }
    if let generics = method.genericParameters { line += "<\(generics)>" }
    line += "(" + method.parameters.map(parameterText).joined(separator: ", ") + ")"
    if method.isAsync { line += " async" }
    if method.isThrowing { line += " throws" }
    if method.isRethrowing { line += " rethrows" }
    if let returnType = method.returnTypeName { line += " -> \(returnType)" }
    if let clause = method.genericWhereClause { line += " where \(clause)" }
    if method.isStatic { line += " static" }
    if method.isClass { line += " class" }
    if method.access != .internal { line += " \(method.access.rawValue)" }
    if !method.modifiers.isEmpty { line += " [\(method.modifiers.joined(separator: ", "))]" }
    if method.isInExtension { line += " (extension)" }
    entries.append((method.location.offset, line))
  }
  for item in members.subscripts {
    var line = "  subscript(" + item.parameters.map(parameterText).joined(separator: ", ") + ")"
    line += " -> \(item.returnTypeName)"
    if item.isMutable { line += " {set}" }
    if item.access != .internal { line += " \(item.access.rawValue)" }
    entries.append((item.location.offset, line))
  }
  lines += entries.sorted { $0.offset < $1.offset }.map(\.text)
  return lines.joined(separator: "\n")
}

private func parameterText(_ parameter: ParameterDeclaration) -> String {
  var text = ""
  if parameter.argumentLabel == nil {
    text += "_ "
  } else if parameter.argumentLabel != parameter.name {
    text += "\(parameter.argumentLabel ?? "") "
  }
  text += "\(parameter.name): "
  if parameter.isInout { text += "inout " }
  text += parameter.typeName
  if parameter.isVariadic { text += "..." }
  if let value = parameter.defaultValue { text += " = \(value)" }
  return text
}
