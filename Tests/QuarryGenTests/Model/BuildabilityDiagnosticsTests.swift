import QuarryGen
import QuarryTestSupport
import XCTest

/// Exit 0 means the generated code builds: what would fail to compile inside `Generated/` is
/// an error at the property or struct, hints name nested types as Swift needs them, and a
/// conformance the user wrote beats the JSON rule.
final class BuildabilityDiagnosticsTests: XCTestCase {
  private func build(_ source: String) -> (ModelBuilder.Result, String) {
    let scanned = SourceScanner().scan(SourceFile(path: "Models/M.swift", text: source))
    let result = ModelBuilder().build([scanned])
    return (result, DiagnosticRenderer(files: [scanned.file]).render(result.diagnostics))
  }

  func testADecodableOnlyNestedStructIsAnErrorAtThePropertyWithAndWithoutJSON() {
    let (result, rendered) = build(
      """
      // quarry: persist
      struct InstanceSocial {
        var id: Int
        var info: Info
        // quarry: json
        var again: Info?
        var sent: Sent
        struct Info: Decodable { var name: String }
        struct Sent: Swift.Encodable { var name: String }
      }
      """)
    XCTAssertTrue(result.diagnostics.allSatisfy(\.isError))
    XCTAssertEqual(
      rendered,
      """
      Models/M.swift:4:7: error: property 'info' has type 'InstanceSocial.Info', which is \
      'Decodable' but not 'Encodable', so it can be stored neither as JSON text (that needs \
      'Codable') nor as a value; declare 'InstanceSocial.Info' 'Codable', or write 'extension \
      InstanceSocial.Info: DatabaseValueConvertible' in a scanned file
        var info: Info
            ^
      Models/M.swift:6:7: error: property 'again' is stored as JSON, but its type \
      'InstanceSocial.Info' is 'Decodable' and not 'Encodable', and JSON storage needs both; \
      declare 'InstanceSocial.Info' 'Codable'
        var again: Info?
            ^
      Models/M.swift:7:7: error: property 'sent' has type 'InstanceSocial.Sent', which is \
      'Encodable' but not 'Decodable', so it can be stored neither as JSON text (that needs \
      'Codable') nor as a value; declare 'InstanceSocial.Sent' 'Codable', or write 'extension \
      InstanceSocial.Sent: DatabaseValueConvertible' in a scanned file
        var sent: Sent
            ^

      """, lineDiff(expected: "", actual: rendered))
  }

  func testHalvesDeclaredInAnExtensionMakeItCodable() {
    let (result, rendered) = build(
      """
      // quarry: persist
      struct Post {
        var id: Int
        var info: Info
      }
      struct Info: Decodable { var text: String }
      extension Info: Encodable {}
      """)
    XCTAssertEqual(rendered, "")
    XCTAssertEqual(result.model.tables.first?.columns.last?.storage, .json)
  }

  func testJSONOnAScannedTypeThatIsNotCodableIsAnError() {
    let (_, rendered) = build(
      """
      // quarry: persist
      struct Post {
        var id: Int
        // quarry: json
        var info: Info
        struct Info { var name: String }
      }
      """)
    XCTAssertEqual(
      rendered,
      """
      Models/M.swift:5:7: error: property 'info' is stored as JSON, but its type 'Post.Info' is \
      not 'Codable' in the scanned sources; declare 'Post.Info' 'Codable', or remove 'json' and \
      write 'extension Post.Info: DatabaseValueConvertible'
        var info: Info
            ^

      """)
  }

  func testTheFixHintNamesANestedTypeQualified() {
    let (_, rendered) = build(
      """
      // quarry: persist
      struct InstanceSocial {
        var id: Int
        var info: Info
        struct Info { var name: String }
      }
      """)
    XCTAssertTrue(
      rendered.contains(
        "has type 'InstanceSocial.Info', which does not conform to 'DatabaseValueConvertible' in "
          + "the scanned sources, so the generated code cannot store it; write 'extension "
          + "InstanceSocial.Info: DatabaseValueConvertible' in a scanned file (or annotate the "
          + "property with 'json' if 'InstanceSocial.Info' is 'Codable')"), rendered)
  }

  func testTheUsersDatabaseValueConformanceBeatsTheJSONRule() {
    let (result, rendered) = build(
      """
      // quarry: persist
      struct Status {
        var id: Int
        var createdAt: ServerDate
        var nested: Nested
        struct Nested: Codable, DatabaseValueConvertible { var x: Int }
      }
      struct ServerDate: Codable { var seconds: Double }
      extension ServerDate: DatabaseValueConvertible {}
      """)
    XCTAssertEqual(rendered, "")
    let columns = result.model.tables.first?.columns ?? []
    XCTAssertEqual(columns.map(\.storage), [.value, .value, .value])
    XCTAssertEqual(columns.map(\.sqlType.sql), ["INTEGER", "BLOB", "BLOB"])
  }

  func testAComputedIDSaysAComputedPropertyCannotBeTheKey() {
    let (_, rendered) = build(
      """
      // quarry: persist
      struct Tag {
        var id: String { name }
        var name: String
      }
      """)
    XCTAssertEqual(
      rendered,
      """
      Models/M.swift:3:7: error: struct 'Tag' has no primary key: its 'id' is a computed \
      property, and a computed property cannot be the key (it is not stored); make 'id' a \
      stored 'var', or annotate a stored property with 'primaryKey'
        var id: String { name }
            ^

      """)
  }

  func testMoreColumnsThanSQLiteAllowsIsAnErrorAtTheStruct() {
    func source(_ count: Int) -> String {
      "// quarry: persist\nstruct Wide {\n  var id: Int\n"
        + (1..<count).map { "  var c\($0): Int\n" }.joined() + "}\n"
    }
    let (tooMany, rendered) = build(source(2001))
    XCTAssertEqual(tooMany.model.tables.first?.columns.count, 2001)
    XCTAssertEqual(
      rendered,
      """
      Models/M.swift:2:8: error: struct 'Wide' has 2001 columns, more than SQLite's limit of \
      2000 (SQLITE_MAX_COLUMN), so its table could not be created; move some properties into \
      an 'owned' child or a 'json' property
      struct Wide {
             ^

      """)
    XCTAssertEqual(build(source(2000)).1, "")
  }
}
