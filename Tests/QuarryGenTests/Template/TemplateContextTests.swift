import QuarryGen
import XCTest

/// The Sourcery-compatible names the context gives scanned declarations.
final class TemplateContextTests: XCTestCase {
  private let location = SourceLocation(path: "Models/Bird.swift", offset: 0)

  private var bird: StructDeclaration {
    StructDeclaration(
      name: "Aviary.Bird", localName: "Bird", access: .public,
      inheritedTypes: ["Sendable", "Equatable"],
      annotations: [
        Annotation(key: "table", value: .string("birds"), location: location),
        Annotation(
          key: "index", value: .list([.identifier("kind"), .identifier("name")]),
          location: location),
        Annotation(key: "version", value: .number("2"), location: location),
      ],
      properties: [
        PropertyDeclaration(
          name: "id", typeName: "UUID", isLet: true, access: .public,
          annotations: [Annotation(key: "primaryKey", value: .bool(true), location: location)],
          location: location),
        PropertyDeclaration(
          name: "wingspan", typeName: "Double?", isLet: false, defaultValue: "nil",
          access: .public, setterAccess: .private, location: location),
        PropertyDeclaration(
          name: "tags", typeName: "[String]", isLet: false,
          attributes: [AttributeDeclaration(name: "Clamped", arguments: "0...3")],
          location: location),
        PropertyDeclaration(
          name: "counts", typeName: "[String: Int]!", isLet: false, location: location),
      ],
      location: location)
  }

  func testTypeKeys() {
    let context = TemplateContext(
      structs: [bird],
      enums: [
        EnumDeclaration(
          name: "Kind", localName: "Kind", rawType: "String", inheritedTypes: ["String"],
          cases: ["songbird", "raptor"], location: location)
      ])
    let template = """
      {% for type in types.structs %}
      {{ type.name }} {{ type.localName }} {{ type.kind }} {{ type.accessLevel }} \
      {{ type.inheritedTypes|join:"," }} {{ type.based.Sendable }} {{ type.isGeneric }}
      {% for key, value in type.annotations %}
      {{ key }}={{ value }}
      {% endfor %}
      {{ type.storedVariables|count }} {{ type.variables|count }} {{ types.all|count }}
      {% endfor %}
      {% for type in types.enums %}
      {{ type.name }} {{ type.kind }} {{ type.hasRawType }} {{ type.rawTypeName.name }} \
      {% for case in type.cases %}{{ case.name }} {% endfor %}
      {% endfor %}

      """
    let (output, diagnostics) =
      Template.parse(SourceFile(path: "T.stencil", text: template))
      .template.map { $0.render(context: context) } ?? ("", [])
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(
      output,
      """
      Aviary.Bird Bird struct public Sendable,Equatable Sendable false
      index=["kind", "name"]
      table=birds
      version=2
      4 4 2
      Kind enum true String songbird raptor 

      """)
  }

  func testTypesByInheritedName() {
    let context = TemplateContext(
      structs: [
        StructDeclaration(
          name: "Bird", localName: "Bird", inheritedTypes: ["AutoPersistable", "Sendable"],
          location: location),
        StructDeclaration(
          name: "Nest", localName: "Nest", inheritedTypes: ["Sendable"], location: location),
      ],
      enums: [
        EnumDeclaration(
          name: "Kind", localName: "Kind", inheritedTypes: ["Sendable"], location: location)
      ])
    let template = """
      {% for type in types.implementing.AutoPersistable %}{{ type.name }};{% endfor %}
      {% for type in types.based.Sendable %}{{ type.name }};{% endfor %}
      {% for type in types.inheriting.Codable %}{{ type.name }}{% empty %}none{% endfor %}
      """
    let (output, diagnostics) =
      Template.parse(SourceFile(path: "T.stencil", text: template))
      .template.map { $0.render(context: context) } ?? ("", [])
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(output, "Bird;\nBird;Kind;Nest;\nnone")
  }

  func testVariableKeys() {
    let template = """
      {% for variable in types.structs.first.storedVariables %}
      {{ variable.name }}: {{ variable.typeName.name }} \
      unwrapped={{ variable.typeName.unwrappedTypeName }}/{{ variable.unwrappedTypeName }} \
      optional={{ variable.typeName.isOptional }}/{{ variable.isOptional }} \
      iuo={{ variable.isImplicitlyUnwrappedOptional }} \
      array={{ variable.typeName.isArray }} dictionary={{ variable.typeName.isDictionary }} \
      default={{ variable.defaultValue|default:"none" }} mutable={{ variable.isMutable }} \
      access={{ variable.readAccess }}/{{ variable.writeAccess }} \
      annotations={{ variable.annotations }} attributes={{ variable.attributes }}
      {% endfor %}

      """
    let (output, diagnostics) =
      Template.parse(SourceFile(path: "T.stencil", text: template))
      .template.map { $0.render(context: TemplateContext(structs: [bird])) } ?? ("", [])
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(
      output,
      """
      id: UUID unwrapped=UUID/UUID optional=false/false iuo=false array=false dictionary=false \
      default=none mutable=false access=public/ annotations=["primaryKey": true] attributes=[:]
      wingspan: Double? unwrapped=Double/Double optional=true/true iuo=false array=false \
      dictionary=false default=nil mutable=true access=public/private annotations=[:] \
      attributes=[:]
      tags: [String] unwrapped=[String]/[String] optional=false/false iuo=false array=true \
      dictionary=false default=none mutable=true access=internal/internal annotations=[:] \
      attributes=["Clamped": [@Clamped(0...3)]]
      counts: [String: Int]! unwrapped=[String: Int]/[String: Int] optional=true/true iuo=true \
      array=false dictionary=true default=none mutable=true access=internal/internal \
      annotations=[:] attributes=[:]

      """)
  }

  func testArgumentsAndExtraKeysSitBesideTypes() {
    let context = TemplateContext(
      structs: [], arguments: ["module": "Birds"], extra: ["tables": ["birds"]]
    ).adding(["type": "Bird"])
    let (output, _) =
      Template.parse(
        SourceFile(
          path: "T.stencil",
          text: "{{ argument.module }} {{ tables.first }} {{ type }} {{ types.structs|count }}")
      ).template.map { $0.render(context: context) } ?? ("", [])
    XCTAssertEqual(output, "Birds birds Bird 0")
  }

  func testContextFromScannedFilesKeepsFileOrder() {
    let first = ScannedFile(
      file: SourceFile(path: "A.swift", text: ""),
      structs: [StructDeclaration(name: "A", localName: "A", location: location)])
    let second = ScannedFile(
      file: SourceFile(path: "B.swift", text: ""),
      structs: [StructDeclaration(name: "B", localName: "B", location: location)])
    let context = TemplateContext(files: [first, second])
    let (output, _) =
      Template.parse(
        SourceFile(path: "T.stencil", text: "{% for t in types.structs %}{{ t.name }}{% endfor %}")
      ).template.map { $0.render(context: context) } ?? ("", [])
    XCTAssertEqual(output, "AB")
  }
}
