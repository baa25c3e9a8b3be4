import QuarryGen
import QuarryTestSupport
import XCTest

/// The two Sourcery templates of seeds/002 (a Realm object and a Translator per struct),
/// rendered unchanged over scanned structs.
///
/// How they were reconstructed: the post prints each template on one line, with footnote
/// markers `#1` (after the imports), `#2` (before `final class`) and `#3` (after the class's
/// `{`) that are not template text. Every `{% … %}` tag was put on its own line, indented like
/// the code around it, and the Swift in between was laid out as Xcode would (4-space
/// indentation, one statement per line, a blank line between members and after each class).
/// Tags, variables, spacing inside tags (`{{variable.name}}`, `{%if not forloop.last%}`) and
/// the author's slips are kept as printed: the object template only emits `String` fields and
/// always names `id` the primary key, and the translator hard-codes `return Bird(`.
/// The structs come from scanning `modelSource` with the real scanner.
final class SeedTemplateTests: XCTestCase {
  static let realmObjectTemplate = """
    import Foundation
    import RealmSwift

    {% for type in types.structs %}
    final class {{ type.name }}Obj: Object {
        {% for variable in type.storedVariables %}
        {% if variable.typeName.name == "String" %}
        @objc dynamic var {{variable.name}}: String = ""
        {% endif %}
        {% endfor %}

        override static func primaryKey() -> String? {
            return "id"
        }
    }

    {% endfor %}

    """

  static let translatorTemplate = """
    {% for type in types.structs %}
    final class {{ type.name }}Translator: Translator {
        func toObject(with entity: Any) -> Object {
            let entity = entity as! {{ type.name }}
            let object = {{ type.name }}Obj()
            {% for variable in type.storedVariables %}
            object.{{variable.name}} = entity.{{variable.name}}
            {% endfor %}
            return object
        }

        func toAny(with object: Object) -> Any {
            let object = object as! {{ type.name }}Obj
            return Bird(
                {% for variable in type.storedVariables %}
                {{variable.name}}: object.{{variable.name}}{%if not forloop.last%},{%endif%}
                {% endfor %}
            )
        }
    }

    {% endfor %}

    """

  /// `struct Bird { var id: String; var name: String }` from the post, and a second struct
  /// with a non-`String` field to show what the templates do with it.
  static let modelSource = """
    struct Bird {
        var id: String
        var name: String
    }

    struct Nest {
        var id: String
        var title: String
        var eggCount: Int
    }

    """

  /// The structs of `modelSource`, as the scanner reads them.
  static var structs: [StructDeclaration] {
    Array(SourceScanner().scan(SourceFile(path: "Models/Birds.swift", text: modelSource)).structs)
  }

  private func render(_ source: String, name: String) -> String {
    let engine = TemplateEngine(loader: InMemoryTemplateLoader([name: source]))
    let (output, diagnostics) = engine.render(
      templateNamed: name, context: TemplateContext(structs: Self.structs))
    XCTAssertEqual(diagnostics, [])
    return output
  }

  func testRealmObjectTemplate() {
    let output = render(Self.realmObjectTemplate, name: "RealmObjects")
    let expected = """
      import Foundation
      import RealmSwift

      final class BirdObj: Object {
          @objc dynamic var id: String = ""
          @objc dynamic var name: String = ""

          override static func primaryKey() -> String? {
              return "id"
          }
      }

      final class NestObj: Object {
          @objc dynamic var id: String = ""
          @objc dynamic var title: String = ""

          override static func primaryKey() -> String? {
              return "id"
          }
      }


      """
    XCTAssertEqual(output, expected, lineDiff(expected: expected, actual: output))
  }

  func testTranslatorTemplate() {
    let output = render(Self.translatorTemplate, name: "Translators")
    let expected = """
      final class BirdTranslator: Translator {
          func toObject(with entity: Any) -> Object {
              let entity = entity as! Bird
              let object = BirdObj()
              object.id = entity.id
              object.name = entity.name
              return object
          }

          func toAny(with object: Object) -> Any {
              let object = object as! BirdObj
              return Bird(
                  id: object.id,
                  name: object.name
              )
          }
      }

      final class NestTranslator: Translator {
          func toObject(with entity: Any) -> Object {
              let entity = entity as! Nest
              let object = NestObj()
              object.id = entity.id
              object.title = entity.title
              object.eggCount = entity.eggCount
              return object
          }

          func toAny(with object: Object) -> Any {
              let object = object as! NestObj
              return Bird(
                  id: object.id,
                  title: object.title,
                  eggCount: object.eggCount
              )
          }
      }


      """
    XCTAssertEqual(output, expected, lineDiff(expected: expected, actual: output))
  }

  func testScannerSeesBothStructsWithoutDiagnostics() {
    let scanned = SourceScanner().scan(
      SourceFile(path: "Models/Birds.swift", text: Self.modelSource))
    XCTAssertEqual(scanned.diagnostics, [])
    XCTAssertEqual(scanned.structs.map(\.name), ["Bird", "Nest"])
  }
}
