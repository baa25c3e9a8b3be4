import QuarryGen
import XCTest

/// Sourcery's type model over classes, actors, protocols and extensions: each expected literal
/// is what Sourcery's documented model (`Types`, `Type`, `Class`, `Protocol`, `Method`,
/// `MethodParameter`, `Variable`, `Subscript`) gives for the same source.
final class SourceryTypeModelTests: XCTestCase {
  static let files = [
    (
      "Models/Store.swift",
      """
      protocol AutoMockable {}
      protocol Identified { var id: Int { get } }
      public protocol Repository: AutoMockable, Identified {
        associatedtype Item: Codable
        var count: Int { get }
        var name: String { get set }
        func fetch(id: Int) async throws -> Item?
        func save(_ item: Item, into store: inout [Item], tags: String...) throws
        static func make() -> Self
      }
      open class Base: Identified {
        public var id: Int = 0
        public init() {}
        class func kind() -> String { "base" }
      }
      final class Store<Item>: Base, Repository where Item: Codable {
        var count: Int { items.count }
        var name = "store"
        private(set) var items: [Item] = []
        static let shared = 1
        init?(name: String = "x") { super.init() }
        func fetch(id: Int) async throws -> Item? { nil }
        func save(_ item: Item, into store: inout [Item], tags: String...) throws {}
        static func make() -> Self { fatalError() }
        subscript(index: Int) -> Item { get { items[index] } set {} }
        deinit {}
      }
      actor Counter { func tick() {} }
      """
    ),
    (
      "Models/Extensions.swift",
      """
      struct Bird { var id: Int }
      extension Bird: Equatable {
        var label: String { "bird" }
        func fly(to place: String) {}
      }
      extension Store {
        func clear() {}
      }
      extension Array: AutoMockable where Element == Int {
        var total: Int { 0 }
      }
      """
    ),
  ]

  private func render(_ text: String, file: StaticString = #filePath, line: UInt = #line)
    -> String
  {
    let scanned = Self.files.map { SourceScanner().scan(SourceFile(path: $0.0, text: $0.1)) }
    for file in scanned { XCTAssertEqual(file.diagnostics, [], line: line) }
    let context = TemplateContext(files: scanned)
    let (template, errors) = Template.parse(SourceFile(path: "T.stencil", text: text))
    XCTAssertEqual(errors, [], file: file, line: line)
    guard let template else { return "" }
    let (output, diagnostics) = template.render(context: context)
    XCTAssertEqual(diagnostics, [], file: file, line: line)
    return output
  }

  func testTypesCollections() {
    // Sourcery: `all` leaves protocols out, `types` keeps them; `extensions` holds the
    // extensions of types it did not scan; every list sorted by name.
    XCTAssertEqual(
      render(
        """
        all: {{ types.all|join:"," }}
        types: {{ types.types|join:"," }}
        classes: {{ types.classes|join:"," }} actors: {{ types.actors|join:"," }}
        protocols: {{ types.protocols|join:"," }} structs: {{ types.structs|join:"," }}
        extensions: {{ types.extensions|join:"," }}
        """),
      """
      all: Array,Base,Bird,Counter,Store
      types: Array,AutoMockable,Base,Bird,Counter,Identified,Repository,Store
      classes: Base,Store actors: Counter
      protocols: AutoMockable,Identified,Repository structs: Bird
      extensions: Array
      """)
  }

  func testImplementingInheritingBased() {
    // Through every scanned type: Store implements Identified by Base and by Repository;
    // Bird's `Equatable` comes from its extension.
    XCTAssertEqual(
      render(
        """
        {{ types.implementing.AutoMockable|join:"," }}
        {{ types.implementing.Identified|join:"," }}
        {{ types.inheriting.Base|join:"," }}
        {{ types.based.Equatable|join:"," }}
        {{ type.Store.supertype.name }} {{ type.Store.inherits.Base }}
        {{ type.Store.implements.Identified }} {{ type.Bird.inheritedTypes|join:"," }}
        {{ types.all|implements:"AutoMockable"|join:"," }} {{ types.all|inherits:"Base"|join:"," }}
        """),
      """
      Array,Repository,Store
      Base,Repository,Store
      Store
      Bird
      Base Base
      Identified Equatable
      Array,Store Store
      """)
  }

  func testMethodsAndParameters() {
    XCTAssertEqual(
      render(
        """
        {% for method in type.Repository.methods %}\
        {{ method.name }} | {{ method.selectorName }} | {{ method.callName }} | \
        {{ method.returnTypeName }} | {{ method.isAsync }} {{ method.throws }} \
        {{ method.isStatic }} | \
        {% for parameter in method.parameters %}[{{ parameter.argumentLabel|default:"_" }} \
        {{ parameter.name }}: {{ parameter.typeName }} {{ parameter.inout }} \
        {{ parameter.isVariadic }}]{% endfor %}
        {% endfor %}
        """),
      """
      fetch(id: Int) | fetch(id:) | fetch | Item? | true true false | [id id: Int false false]
      save(_ item: Item, into store: inout [Item], tags: String...) | save(_:into:tags:) | save | \
      Void | false true false | [_ item: Item false false][into store: [Item] true false]\
      [tags tags: String false true]
      make() | make() | make | Self | false false true | 

      """)
  }

  func testInitializersAndClassMembers() {
    XCTAssertEqual(
      render(
        """
        {% for method in type.Store.initializers %}{{ method.name }} \
        {{ method.isFailableInitializer }} {{ method.parameters.first.defaultValue }}{% endfor %}
        {{ type.Store.methods|count }} {{ type.Store.staticMethods|join:"," }} \
        {{ type.Base.classMethods|join:"," }} {{ type.Store.allMethods|count }}
        {% for method in type.Store.methods|!initializer|instance %}{{ method.callName }} {% endfor %}
        {{ type.Store.methods|initializer|count }} {{ type.Store.methods|definedInExtension|join:"," }}
        {{ type.Store.isFinal }} {{ type.Store.isGeneric }} \
        {% for requirement in type.Store.genericRequirements %}{{ requirement.leftType.name }}\
        {{ requirement.relationshipSyntax }}{{ requirement.rightType.typeName }}{% endfor %}
        """),
      """
      init?(name: String) true "x"
      6 make() kind() 8
      fetch save deinit clear \

      1 clear()
      true true Item:Codable
      """)
  }

  func testVariablesOfClassesProtocolsAndExtensions() {
    XCTAssertEqual(
      render(
        """
        {% for variable in type.Store.variables %}{{ variable.name }}:\
        {{ variable.isComputed }}/{{ variable.isStatic }}/{{ variable.isMutable }}/\
        {{ variable.writeAccess }} {% endfor %}
        {{ type.Store.storedVariables|join:"," }} {{ type.Store.computedVariables|join:"," }} \
        {{ type.Store.staticVariables|join:"," }} {{ type.Store.allVariables|join:"," }}
        {% for variable in type.Repository.variables %}{{ variable.name }} \
        {{ variable.isMutable }} {% endfor %}
        {{ type.Bird.variables|join:"," }} {{ type.Bird.variables|definedInExtension|join:"," }} \
        {{ type.Bird.storedVariables|join:"," }} {{ type.Bird.methods|join:"," }}
        {{ type.Repository.associatedTypes.Item.typeName }} \
        {% for item in type.Store.subscripts %}{{ item.returnTypeName }} {{ item.isMutable }} \
        {{ item.parameters.first.name }}{% endfor %}
        {{ types.all|extends:"Array"|join:"," }} {{ types.all|!extends:"Array"|count }}
        """),
      """
      count:true/false/false/ name:false/false/true/internal items:false/false/true/private \
      shared:false/true/false/ 
      name,items count shared count,name,items,shared,id
      count false name true 
      id,label label id fly(to place: String)
      Codable Item true index
      Array 4
      """)
  }

  func testMethodAccessAndKindFilters() {
    XCTAssertEqual(
      render(
        """
        {{ type.Base.methods|public|join:"," }} {{ type.Base.methods|!public|join:"," }} \
        {{ type.Base.methods|class|join:"," }} {{ types.all|class|join:"," }} \
        {{ type.Store.methods|static|join:"," }}
        """),
      "init() kind() kind() Base,Store make()")
  }
}
