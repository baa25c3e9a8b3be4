import QuarryGen
import QuarryTestSupport
import XCTest

/// One test per row of the README's Sourcery compatibility table: each renders a snippet over
/// `model` (scanned with the real scanner) and states, as its expected literal, what Sourcery
/// prints for the same snippet and source, from Sourcery's documented model
/// (`SourceryRuntime`: `TypeName`, `Variable`, `Type`, `Enum`, `EnumCase`, `Types`) and its
/// Stencil filters. Rows where Quarry knowingly differs say so in the test's name and comment.
final class SourceryCompatibilityTests: XCTestCase {
  static let model = """
    import Foundation

    /// A bird.
    /// Seen in the field.
    // sourcery: realm, realmName = "BirdObject", version = 2
    public struct Bird: Codable, AutoEquatable {
      // sourcery: primaryKey
      public let id: UUID
      public private(set) var name: String
      var wingspan: Double?
      var nickname: String!
      @Clamped(0...3) var rank: Int = 1
      lazy var tags: [String] = []
      var counts: [String: Int]
      var position: (x: Int, y: Int)
      var onSeen: ((Bird) -> Void)?
      var seen = Date()
      var kind: Kind
      var nest: Nest?
      var rings: Set<Ring>
      struct Ring: Hashable { var code: String }
    }

    enum Kind: String, Codable {
      case songbird
      case raptor = "bird of prey"
    }

    enum Sighting {
      case heard(Bird)
      case seen(bird: Bird, distance: Double = 0)
    }

    struct Nest { let id: Int }
    """

  private func render(_ template: String, file: StaticString = #filePath, line: UInt = #line)
    -> String
  {
    let scanned = SourceScanner().scan(SourceFile(path: "Models/Bird.swift", text: Self.model))
    XCTAssertEqual(scanned.diagnostics, [], file: file, line: line)
    let context = TemplateContext(files: [scanned], arguments: ["module": "Birds"])
    let (template, parseErrors) = Template.parse(SourceFile(path: "T.stencil", text: template))
    XCTAssertEqual(parseErrors, [], file: file, line: line)
    guard let template else { return "" }
    let (output, diagnostics) = template.render(context: context)
    XCTAssertEqual(diagnostics, [], file: file, line: line)
    return output
  }

  private let bird = "{% for variable in type.Bird.storedVariables %}"

  // MARK: - TypeName

  func testTypeNamePrintsItsName() {
    // Sourcery: `TypeName.description` is the name as written.
    XCTAssertEqual(
      render("\(bird){{ variable.typeName }};{% endfor %}"),
      "UUID;String;Double?;String!;Int;[String];[String: Int];(x: Int, y: Int);"
        + "((Bird) -> Void)?;Date;Kind;Nest?;Set<Ring>;")
  }

  func testTypeNameParts() {
    // Sourcery: `unwrappedTypeName` drops `?`/`!`; both optionals are `isOptional`;
    // `actualTypeName` is nil without a typealias.
    XCTAssertEqual(
      render(
        """
        {% for variable in type.Bird.storedVariables where variable.isOptional %}\
        {{ variable.typeName.name }} {{ variable.typeName.unwrappedTypeName }} \
        {{ variable.typeName.isOptional }} {{ variable.typeName.isImplicitlyUnwrappedOptional }} \
        [{{ variable.typeName.actualTypeName }}]
        {% endfor %}
        """),
      """
      Double? Double true false []
      String! String true true []
      ((Bird) -> Void)? (Bird) -> Void true false []
      Nest? Nest true false []

      """)
  }

  func testTypeNameKinds() {
    // Sourcery: `isArray`, `isDictionary`, `isTuple`, `isClosure`, `isSet`, and `isGeneric`
    // (true for array and dictionary sugar, which Sourcery gives their generic form).
    XCTAssertEqual(
      render(
        """
        \(bird){% if variable.typeName.isArray %}{{ variable.name }}:array \
        {% endif %}{% if variable.typeName.isDictionary %}{{ variable.name }}:dictionary \
        {% endif %}{% if variable.typeName.isTuple %}{{ variable.name }}:tuple \
        {% endif %}{% if variable.typeName.isClosure %}{{ variable.name }}:closure \
        {% endif %}{% if variable.typeName.isSet %}{{ variable.name }}:set \
        {% endif %}{% if variable.typeName.isGeneric %}{{ variable.name }}:generic \
        {% endif %}{% endfor %}
        """),
      "tags:array tags:generic counts:dictionary counts:generic position:tuple onSeen:closure "
        + "rings:set rings:generic ")
  }

  func testTypeNameElementTypes() {
    // Sourcery: `array.elementTypeName`, `dictionary.keyTypeName`/`valueTypeName`,
    // `generic.name` and `generic.typeParameters`, `tuple.elements`.
    XCTAssertEqual(
      render(
        """
        {% for variable in type.Bird.storedVariables %}\
        {% if variable.typeName.array %}{{ variable.typeName.array.elementTypeName }} {% endif %}\
        {% if variable.typeName.dictionary %}{{ variable.typeName.dictionary.keyTypeName }}\
        ->{{ variable.typeName.dictionary.valueTypeName }} {% endif %}\
        {% if variable.typeName.generic %}{{ variable.typeName.generic.name }}\
        <{% for parameter in variable.typeName.generic.typeParameters %}\
        {{ parameter.typeName }}{% endfor %}> {% endif %}\
        {% if variable.typeName.tuple %}{% for element in variable.typeName.tuple.elements %}\
        {{ element.name }}={{ element.typeName }} {% endfor %}{% endif %}\
        {% endfor %}
        """),
      "String Array<String> String->Int Dictionary<StringInt> x=Int y=Int Set<Ring> ")
  }

  // MARK: - Variable

  func testVariableKeys() {
    // Sourcery: `readAccess`/`writeAccess` (empty for `let`), `isMutable`, `defaultValue`,
    // `isLazy`, `isComputed` and `isStatic` (false for stored instance properties).
    XCTAssertEqual(
      render(
        """
        {% for variable in type.Bird.storedVariables where variable.name == "id" or \
        variable.name == "name" or variable.name == "rank" or variable.name == "tags" %}\
        {{ variable.name }} {{ variable.readAccess }}/{{ variable.writeAccess }} \
        {{ variable.isMutable }} [{{ variable.defaultValue }}] {{ variable.isLazy }} \
        {{ variable.isComputed }} {{ variable.isStatic }} {{ variable.isOptional }} \
        {{ variable.isArray }} {{ variable.unwrappedTypeName }}
        {% endfor %}
        """),
      """
      id public/ false [] false false false false false UUID
      name public/private true [] false false false false false String
      rank internal/internal true [1] false false false false false Int
      tags internal/internal true [[]] true false false false true [String]

      """)
  }

  func testVariableTypeIsTheKnownType() {
    // Sourcery: `type` is the scanned type of the unwrapped type name, nil for unknown ones.
    XCTAssertEqual(
      render(
        "\(bird){% if variable.type %}{{ variable.name }}={{ variable.type.name }}/"
          + "{{ variable.type.kind }} {% endif %}{% endfor %}"),
      "kind=Kind/enum nest=Nest/struct ")
  }

  func testTypeNameComparesAsItsName() {
    // Quarry only (Sourcery compares the TypeName object, never equal to a string): `==`
    // compares a type name by its text, so both spellings of the test work.
    XCTAssertEqual(
      render(
        "\(bird){% if variable.typeName == \"Int\" or variable.typeName.name == \"UUID\" %}"
          + "{{ variable.name }} {% endif %}{% endfor %}"),
      "id rank ")
  }

  func testInferredInitializerType() {
    // Sourcery infers the type of `var seen = Date()` from the initializer call.
    XCTAssertEqual(
      render(
        "\(bird){% if variable.name == \"seen\" %}{{ variable.typeName }} "
          + "{{ variable.defaultValue }}{% endif %}{% endfor %}"),
      "Date Date()")
  }

  func testVariableAttributesAndAnnotations() {
    // Sourcery: `attributes` maps a name to the attributes of that name; a bare annotation
    // key is NSNumber(true), printed `1`.
    XCTAssertEqual(
      render(
        """
        \(bird){% if variable.attributes.Clamped %}{{ variable.name }} \
        {{ variable.attributes.Clamped.first.name }} {% endif %}\
        {% if variable.annotations.primaryKey %}{{ variable.name }} \
        {{ variable.annotations.primaryKey }} {% endif %}{% endfor %}
        """),
      "id 1 rank Clamped ")
  }

  // MARK: - Type

  func testTypeKeys() {
    // Sourcery: `name` is the qualified name, `localName` the declared one, `parentName` the
    // enclosing type's; `kind` `struct`/`enum`; `accessLevel`; `inheritedTypes` as written;
    // `based` holds every inherited name; `inherits` is empty for structs and enums.
    XCTAssertEqual(
      render(
        """
        {% for type in types.structs %}\
        {{ type.name }} {{ type.localName }} [{{ type.parentName }}] {{ type.kind }} \
        {{ type.accessLevel }} {{ type.inheritedTypes|join:"," }} [{{ type.based.Codable }}] \
        {{ type.inherits|count }} {{ type.isGeneric }}
        {% endfor %}
        """),
      """
      Bird Bird [] struct public Codable,AutoEquatable [Codable] 0 false
      Bird.Ring Ring [Bird] struct internal Hashable [] 0 false
      Nest Nest [] struct internal  [] 0 false

      """)
  }

  func testTypeVariablesAndMembers() {
    // Sourcery: `storedVariables` ⊆ `variables` = `allVariables`; no computed or static
    // properties, methods or initializers in this source; `containedTypes` holds nested types.
    XCTAssertEqual(
      render(
        """
        {{ type.Bird.storedVariables|count }} {{ type.Bird.variables|count }} \
        {{ type.Bird.allVariables|count }} {{ type.Bird.computedVariables|count }} \
        {{ type.Bird.staticVariables|count }} {{ type.Bird.methods|count }} \
        {{ type.Bird.initializers|count }} \
        {% for contained in type.Bird.containedTypes %}{{ contained.name }}{% endfor %} \
        {{ type.Bird.containedType.Ring.localName }}
        """),
      "13 13 13 0 0 0 0 Bird.Ring Ring")
  }

  func testTypeAnnotationsAndDocumentation() {
    // Sourcery: `key = "text"` a string, `key = 2` a number, a bare key 1; `documentation`
    // holds the `///` lines (Sourcery fills it with `parseDocumentation: true`; Quarry always).
    XCTAssertEqual(
      render(
        """
        {{ type.Bird.annotations.realm }} {{ type.Bird.annotations.realmName }} \
        {{ type.Bird.annotations.version }} {{ type.Bird.documentation|join:"|" }}
        """),
      "1 BirdObject 2 A bird.|Seen in the field.")
  }

  func testEnumKeys() {
    // Sourcery: `cases` with `name`, `rawValue` (unquoted), `associatedValues` (`localName`,
    // `externalName`, `typeName`, `defaultValue`), `hasAssociatedValue`; `rawTypeName`,
    // `hasRawType`, `hasAssociatedValues`.
    XCTAssertEqual(
      render(
        """
        {% for type in types.enums %}\
        {{ type.name }} {{ type.kind }} {{ type.hasRawType }} [{{ type.rawTypeName }}] \
        {{ type.hasAssociatedValues }}:{% for case in type.cases %} {{ case.name }}\
        {% if case.rawValue %}="{{ case.rawValue }}"{% endif %}\
        {% if case.hasAssociatedValue %}({% for value in case.associatedValues %}\
        {{ value.localName|default:"_" }}: {{ value.typeName }}\
        {% if value.defaultValue %} = {{ value.defaultValue }}{% endif %}\
        {% if not forloop.last %}, {% endif %}{% endfor %}){% endif %}{% endfor %}
        {% endfor %}
        """),
      """
      Kind enum true [String] false: songbird raptor="bird of prey"
      Sighting enum false [] true: heard(_: Bird) seen(bird: Bird, distance: Double = 0)

      """)
  }

  func testTypesCollections() {
    // Sourcery: `types.all`, `types.structs`, `types.enums` sorted by name;
    // `types.implementing.X` (with `protocol AutoEquatable {}` in the sources: Quarry does not
    // need it) and `types.based.X` by inherited name.
    XCTAssertEqual(
      render(
        """
        {{ types.all|join:"," }}
        {{ types.structs|join:"," }}
        {{ types.enums|join:"," }}
        {{ types.implementing.AutoEquatable|join:"," }} {{ types.based.Codable|join:"," }} \
        {{ types.based.Hashable|join:"," }}
        """),
      """
      Bird,Bird.Ring,Kind,Nest,Sighting
      Bird,Bird.Ring,Nest
      Kind,Sighting
      Bird Bird,Kind Bird.Ring
      """)
  }

  func testArgument() {
    // Sourcery: `argument.key` holds `--args key=value`.
    XCTAssertEqual(render("{{ argument.module }}"), "Birds")
  }

  // MARK: - Filters

  func testOptionalFilterAndItsNegation() {
    // Sourcery's `optional` and `!optional` filters on variables.
    XCTAssertEqual(
      render(
        """
        {% for variable in type.Bird.storedVariables|optional %}{{ variable.name }} {% endfor %}|\
        {% for variable in type.Bird.storedVariables|!optional %}{{ variable.name }} {% endfor %}
        """),
      "wingspan nickname onSeen nest |id name rank tags counts position seen kind rings ")
  }

  func testAnnotatedFilterAndItsNegation() {
    // Sourcery: `annotated:"key"`, `annotated:"key = value"` (compared as printed) and
    // `!annotated:"key"`, on variables and types.
    XCTAssertEqual(
      render(
        """
        {{ type.Bird.storedVariables|annotated:"primaryKey"|count }} \
        {{ type.Bird.storedVariables|!annotated:"primaryKey"|count }} \
        {{ types.all|annotated:"realmName = BirdObject"|join:"," }} \
        {% if type.Bird|annotated:"realm" %}realm{% endif %}\
        {% if type.Nest|!annotated:"realm" %} plain{% endif %}
        """),
      "1 12 Bird realm plain")
  }

  func testVariableKindFilters() {
    // Sourcery: `stored`, `instance`, `computed`, `static` on variables.
    XCTAssertEqual(
      render(
        """
        {{ type.Bird.variables|stored|count }} {{ type.Bird.variables|instance|count }} \
        {{ type.Bird.variables|computed|count }} {{ type.Bird.variables|static|count }} \
        {{ type.Bird.variables|!static|count }} {{ type.Bird.variables|tuple|join:"," }}
        """),
      "13 13 0 0 13 position")
  }

  func testTypeKindAndAccessFilters() {
    // Sourcery: `struct`, `enum`, `public`, `!public`, `internal` on types;
    // `publicGet`, `privateSet` on variables.
    XCTAssertEqual(
      render(
        """
        {{ types.all|struct|join:"," }} {{ types.all|enum|join:"," }} \
        {{ types.all|public|join:"," }} {{ types.all|!public|join:"," }} \
        {{ type.Bird.variables|publicGet|join:"," }} {{ type.Bird.variables|privateSet|join:"," }}
        """),
      "Bird,Bird.Ring,Nest Kind,Sighting Bird Bird.Ring,Kind,Nest,Sighting id,name name")
  }

  func testBasedImplementsInheritsFilters() {
    // Sourcery: `based:"X"` on types, and on variables about their known type.
    XCTAssertEqual(
      render(
        """
        {{ types.all|based:"Codable"|join:"," }} {{ types.all|!based:"Codable"|join:"," }} \
        {{ type.Bird.variables|based:"Codable"|join:"," }} \
        {{ types.all|inherits:"Codable"|count }}
        """),
      "Bird,Kind Bird.Ring,Nest,Sighting kind 0")
  }

  func testStringFiltersAndTheirNegations() {
    // Sourcery: `contains`, `hasPrefix`, `hasSuffix` and their `!` forms; on a TypeName they
    // read its name.
    XCTAssertEqual(
      render(
        """
        {% for variable in type.Bird.storedVariables %}\
        {% if variable.typeName|hasPrefix:"[" %}{{ variable.name }} {% endif %}\
        {% if variable.typeName|!hasSuffix:"?" and variable.typeName|contains:"Int" %}\
        {{ variable.name }}! {% endif %}{% endfor %}
        """),
      "rank! tags counts counts! position! ")
  }

  func testCollectionFilters() {
    // Sourcery: `count`, `isEmpty`, `reversed`, `sorted:"key"`, `toArray`.
    XCTAssertEqual(
      render(
        """
        {{ type.Nest.storedVariables|count }} {{ type.Nest.methods|isEmpty }} \
        {{ types.enums|reversed|join:"," }} \
        {{ type.Bird.storedVariables|sorted:"name"|first }} {{ argument.module|toArray|count }}
        """),
      "1 true Sighting,Kind counts 1")
  }

  func testForWhere() {
    // Stencil: `for … where` loops over the matching elements only; `forloop` counts them.
    XCTAssertEqual(
      render(
        """
        {% for variable in type.Bird.storedVariables where variable.isOptional and \
        not variable.isImplicitlyUnwrappedOptional %}{{ forloop.index }}.{{ variable.name }}\
        {% if not forloop.last %},{% endif %}{% endfor %}
        """),
      "1.wingspan,2.onSeen,3.nest")
  }
}
