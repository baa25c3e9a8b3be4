import QuarryGen
import XCTest

/// The hard cases listed in the scanner issue, one test each.
final class ScannerHardCaseTests: XCTestCase {
  func testNestedBlockComments() {
    let scanned = scan(
      """
      /* outer /* inner struct Hidden {} */ still comment } { */
      struct Visible { /* a /* b */ c */ var x: Int }
      """)
    XCTAssertEqual(outline(scanned), "struct Visible\n  var x: Int")
    XCTAssertEqual(scanned.diagnostics, [])
  }

  func testUnterminatedBlockComment() {
    let (text, markers) = extractMarkers(
      """
      struct Before {}
      1️⃣/* never /* closed */
      struct Hidden {}
      """)
    let scanned = scan(text)
    XCTAssertEqual(outline(scanned), "struct Before")
    assertDiagnostics(scanned, at: markers, [1: "unterminated '/*' comment"])
  }

  func testBracesKeywordsAndCommentMarkersInsideStrings() {
    let scanned = scan(
      #"""
      struct S {
        var a: String = "struct Fake { var b: Int }"
        var b = "}}}"
        var c = "// not a comment", d = "/* nor this"
        var e = "\"{\\"
        var f: Int
      }
      """#)
    XCTAssertEqual(
      outline(scanned),
      #"""
      struct S
        var a: String = "struct Fake { var b: Int }"
        var b: String(inferred) = "}}}"
        var c: String(inferred) = "// not a comment"
        var d: String(inferred) = "/* nor this"
        var e: String(inferred) = "\"{\\"
        var f: Int
      """#)
    XCTAssertEqual(scanned.diagnostics, [])
  }

  func testMultilineStrings() {
    let scanned = scan(
      #"""
      struct S {
        var sql = """
          SELECT "}" FROM t -- struct X {
          \""" still inside
          """
        var after: Int
      }
      """#)
    XCTAssertEqual(scanned.structs.count, 1)
    XCTAssertEqual(scanned.structs[0].properties.map(\.name), ["sql", "after"])
    XCTAssertEqual(scanned.structs[0].properties[0].typeName, "String")
    XCTAssertEqual(scanned.diagnostics, [])
  }

  func testRawStringsWithPoundInterpolation() {
    let scanned = scan(
      ###"""
      struct S {
        var a = #"raw "quoted" \(not interpolated) }"#
        var b = ##"two "# pounds } \##(value + ")") "##
        var c = #"\#(items.map { "\($0)}" }.joined())"#
        var d = #"""
          multi "#  }
          """#
        var e: Int
      }
      """###)
    XCTAssertEqual(scanned.structs[0].properties.map(\.name), ["a", "b", "c", "d", "e"])
    XCTAssertEqual(
      scanned.structs[0].properties[1].defaultValue,
      ###"##"two "# pounds } \##(value + ")") "##"###)
    XCTAssertEqual(scanned.diagnostics, [])
  }

  func testInterpolationsHoldingClosuresNestedStringsAndParentheses() {
    let scanned = scan(
      #"""
      struct S {
        var a = "\(items.map { "\($0.name) {" }.joined(separator: ")"))"
        var b = "\((1 + (2 * 3)))\("\("deep")")"
        var c = "\(f(/* ) */ 1)) // no comment here"
        var d: Int
      }
      """#)
    XCTAssertEqual(scanned.structs[0].properties.map(\.name), ["a", "b", "c", "d"])
    XCTAssertEqual(
      scanned.structs[0].properties[0].defaultValue,
      #""\(items.map { "\($0.name) {" }.joined(separator: ")"))""#)
    XCTAssertEqual(scanned.diagnostics, [])
  }

  func testRegexLiterals() {
    let scanned = scan(
      #"""
      struct S {
        var a = /a{2}[}]\/ "/
        var b = #/
          struct X { "
          /#
        var ratio = total / 2 / count
        var c: Int
      }
      """#)
    XCTAssertEqual(scanned.structs[0].properties.map(\.name), ["a", "b", "ratio", "c"])
    XCTAssertEqual(scanned.structs[0].properties[0].defaultValue, #"/a{2}[}]\/ "/"#)
    XCTAssertEqual(scanned.structs[0].properties[2].defaultValue, "total / 2 / count")
    XCTAssertEqual(scanned.diagnostics, [])
  }

  func testOperatorFunctionsNamedSlashAreNotRegexLiterals() {
    let scanned = scan(
      """
      struct Money {
        var cents: Int
        static func /(lhs: Money, rhs: Int) -> Money { Money(cents: lhs.cents / rhs) }
        static func /= (lhs: inout Money, rhs: Int) { lhs = lhs / rhs }
        var currency: String
      }
      """)
    XCTAssertEqual(outline(scanned), "struct Money\n  var cents: Int\n  var currency: String")
    XCTAssertEqual(scanned.diagnostics, [])
  }

  func testAttributesWithArguments() {
    let scanned = scan(
      """
      @available(iOS 13, *)
      @MainActor
      struct S {
        @Wrapper(key: "a{b") var a: Int
        @Wrapper(key: "}", other: [1,2]) @Other var b: Int
        @available(*, deprecated, message: "use c")
        var c: Int
        @objc(setValue:forKey:) var d: Int
      }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct S @available(iOS 13, *) @MainActor
        var a: Int @Wrapper(key: "a{b")
        var b: Int @Wrapper(key: "}", other: [1, 2]) @Other
        var c: Int @available(*, deprecated, message: "use c")
        var d: Int @objc(setValue:forKey:)
      """)
  }

  func testGenericTypesWithWhereClauses() {
    let scanned = scan(
      """
      struct Page<Item: Codable, Cursor>: Sequence where Item: Hashable, Cursor == Int {
        var items: [Item]
        var next: Dictionary<Cursor, Array<Item>>?
        func makeIterator() -> IndexingIterator<[Item]> where Item: Sendable { items.makeIterator() }
        var last: Result<Item, Error>
      }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct Page<Item: Codable, Cursor>: Sequence where Item: Hashable, Cursor == Int
        var items: [Item]
        var next: Dictionary<Cursor, Array<Item>>?
        var last: Result<Item, Error>
      """)
  }

  func testSomeAndAnyTypes() {
    let scanned = scan(
      """
      struct S {
        var shape: any Shape
        var shapes: [any Shape & Sendable]
        var view: some View = Text("x")
        var meta: any Shape.Type
      }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct S
        var shape: any Shape
        var shapes: [any Shape & Sendable]
        var view: some View = Text("x")
        var meta: any Shape.Type
      """)
  }

  func testClosureTypes() {
    let scanned = scan(
      """
      struct S {
        var handler: @escaping (Int) throws -> Void
        var transform: @Sendable (String, Int) async -> [String: Int]
        var nested: ((Int) -> Void)?
        var curried: (Int) -> (Int) -> Int = { a in { b in a + b } }
        var multiline: (
          Int,
          String
        ) -> Void
        var last: Int
      }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct S
        var handler: @escaping (Int) throws -> Void
        var transform: @Sendable (String, Int) async -> [String: Int]
        var nested: ((Int) -> Void)?
        var curried: (Int) -> (Int) -> Int = { a in { b in a + b } }
        var multiline: (Int, String) -> Void
        var last: Int
      """)
  }

  func testTuples() {
    let scanned = scan(
      """
      struct S {
        var pair: (Int, String)
        var named: (x: Double, y: Double) = (0, 0)
        var empty: ()
      }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct S
        var pair: (Int, String)
        var named: (x: Double, y: Double) = (0, 0)
        var empty: ()
      """)
  }

  func testDictionaryOptionalAndImplicitlyUnwrappedTypes() {
    let scanned = scan(
      """
      struct S {
        var map: [K: [V]]
        var maybe: T?
        var spelled: Optional<T>
        var forced: T!
        var twice: T??
        var optionalArray: [T?]?
        var spaced: [ String : Int ]
        var assigned: Int?=nil
      }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct S
        var map: [K: [V]]
        var maybe: T?
        var spelled: Optional<T>
        var forced: T!
        var twice: T??
        var optionalArray: [T?]?
        var spaced: [String : Int]
        var assigned: Int? = nil
      """)
  }

  func testBacktickedNames() {
    let scanned = scan(
      """
      struct `Type` {
        var `default`: Int
        let `self`: String
        var `class`, `struct`: Bool
      }
      enum E { case `default`, `case` }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct Type
        var default: Int
        let self: String
        var class: Bool
        var struct: Bool
      enum E = default, case
      """)
  }

  func testUnicodeIdentifiers() {
    let scanned = scan(
      """
      struct Café {
        var naïve: Int
        var 名前: String
        var 🐦: Bird = Bird()
        var δx = 1.0
      }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct Café
        var naïve: Int
        var 名前: String
        var 🐦: Bird = Bird()
        var δx: Double(inferred) = 1.0
      """)
    XCTAssertEqual(
      scanned.file.lineAndColumn(at: scanned.structs[0].properties[1].location.offset).column, 7)
  }

  func testProtocolPropertyRequirementsAreNotStructs() {
    let scanned = scan(
      """
      protocol Named {
        var name: String { get }
        var id: Int { get set }
        static var table: String { get }
      }
      struct Real: Named { var name: String; var id: Int; static var table: String { "t" } }
      """)
    XCTAssertEqual(outline(scanned), "struct Real: Named\n  var name: String\n  var id: Int")
  }

  func testMacrosAndIsolationAttributes() {
    let scanned = scan(
      """
      @Observable
      @MainActor
      final class Model { var count = 0 }
      @MainActor struct Screen {
        nonisolated let id: UUID
        @ObservationIgnored var cache: [Int] = []
        #warning("check")
        @MainActor var label: String
      }
      #Preview { Screen() }
      @freestanding(expression) macro stringify<T>(_ value: T) -> (T, String) = #externalMacro(module: "M", type: "S")
      struct After { var x: Int }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct Screen @MainActor
        let id: UUID
        var cache: [Int] = [] @ObservationIgnored
        var label: String @MainActor
      struct After
        var x: Int
      """)
    XCTAssertEqual(scanned.diagnostics, [])
  }

  func testStructKeywordInComments() {
    let scanned = scan(
      """
      // struct LineComment { var a: Int }
      /// struct DocComment {}
      /* struct Block { */
      struct Real {
        // var commented: Int
        var real: Int // struct Trailing {
      }
      """)
    XCTAssertEqual(outline(scanned), "struct Real\n  var real: Int")
  }

  func testCRLFLineEndings() {
    let source =
      "/// Doc.\r\n// quarry: table = \"t\"\r\nstruct S {\r\n  var a: Int\r\n"
      + "  var b = 1\r\n  var c: [String:\r\n    Int]\r\n}\r\n"
    let scanned = scan(source)
    XCTAssertEqual(
      outline(scanned),
      """
      struct S [table="t"]
        var a: Int
        var b: Int(inferred) = 1
        var c: [String: Int]
      """)
    XCTAssertEqual(scanned.structs[0].docComment, "Doc.")
    XCTAssertEqual(
      scanned.file.lineAndColumn(at: scanned.structs[0].properties[1].location.offset).line, 5)
  }

  func testByteOrderMark() {
    let scanned = scan(
      bytes: [0xEF, 0xBB, 0xBF] + Array("// quarry: persist\nstruct S { var a: Int }".utf8))
    XCTAssertEqual(outline(scanned), "struct S [persist=true]\n  var a: Int")
    XCTAssertEqual(scanned.file.lineAndColumn(at: scanned.structs[0].location.offset).column, 8)
    XCTAssertEqual(scanned.diagnostics, [])
  }
}
