import QuarryGen
import QuarryTestSupport
import XCTest

final class ScanDumpTests: XCTestCase {
  func testDumpsTheIssueShapeSortedByFileAndLine() {
    let bird = SourceFile(
      path: "Models/Bird.swift",
      text: """
        // quarry: table = "birds", index = [kind, name]
        public struct Bird: Codable {
          // quarry: primaryKey
          public var id: UUID
          @Clamped(0...9) private(set) var rank = 1
          #if DEBUG
          lazy var debug: String? = nil
          #endif
        }
        enum Kind: String { case a, b }

        """)
    let nest = SourceFile(
      path: "Models/A.swift",
      text: """
        /// A nest.
        struct Nest<T> { let size: [String: Int]; var broken = f() }
        // quarry: bad = 0x1F, ok = 1.5e3, text = "q\\"\\n"
        enum Empty {}
        struct Tail {
        """)
    let json = ScanDump.json([
      SourceScanner().scan(bird), SourceScanner().scan(nest),
    ])
    let expected = #"""
      {"structs":[
        {"name":"Nest","file":"Models/A.swift","line":2,"column":8,"access":"internal","generics":"T","inherits":[],"attributes":[],"annotations":{},"conditions":[],"doc":"A nest.","properties":[
          {"name":"size","type":"[String: Int]","isLet":true,"default":null,"attributes":[],"annotations":{},"line":2,"column":22,"access":"internal","setterAccess":null,"isLazy":false,"isTypeInferred":false,"conditions":[],"doc":null},
          {"name":"broken","type":null,"isLet":false,"default":"f()","attributes":[],"annotations":{},"line":2,"column":47,"access":"internal","setterAccess":null,"isLazy":false,"isTypeInferred":false,"conditions":[],"doc":null}]},
        {"name":"Tail","file":"Models/A.swift","line":5,"column":8,"access":"internal","generics":null,"inherits":[],"attributes":[],"annotations":{},"conditions":[],"doc":null,"properties":[]},
        {"name":"Bird","file":"Models/Bird.swift","line":2,"column":15,"access":"public","generics":null,"inherits":["Codable"],"attributes":[],"annotations":{"table":"birds","index":["kind","name"]},"conditions":[],"doc":null,"properties":[
          {"name":"id","type":"UUID","isLet":false,"default":null,"attributes":[],"annotations":{"primaryKey":true},"line":4,"column":14,"access":"public","setterAccess":null,"isLazy":false,"isTypeInferred":false,"conditions":[],"doc":null},
          {"name":"rank","type":"Int","isLet":false,"default":"1","attributes":["@Clamped(0...9)"],"annotations":{},"line":5,"column":36,"access":"internal","setterAccess":"private","isLazy":false,"isTypeInferred":true,"conditions":[],"doc":null},
          {"name":"debug","type":"String?","isLet":false,"default":"nil","attributes":[],"annotations":{},"line":7,"column":12,"access":"internal","setterAccess":null,"isLazy":true,"isTypeInferred":false,"conditions":["DEBUG"],"doc":null}]}],
       "enums":[
        {"name":"Empty","file":"Models/A.swift","line":4,"column":6,"access":"internal","rawType":null,"inherits":[],"attributes":[],"annotations":{"bad":"0x1F","ok":1.5e3,"text":"q\"\n"},"conditions":[],"doc":null,"cases":[]},
        {"name":"Kind","file":"Models/Bird.swift","line":10,"column":6,"access":"internal","rawType":"String","inherits":["String"],"attributes":[],"annotations":{},"conditions":[],"doc":null,"cases":["a","b"]}],
       "diagnostics":[
        "Models/A.swift:5:14: error: expected '}' at end of struct 'Tail'",
        "Models/A.swift:5:13: note: to match this opening '{'"]}

      """#
    XCTAssertEqual(json, expected, lineDiff(expected: expected, actual: json))
  }

  func testEmptyDumpAndStringEscapes() {
    XCTAssertEqual(ScanDump.json([]), "{\"structs\":[],\n \"enums\":[],\n \"diagnostics\":[]}\n")
    let scanned = SourceScanner().scan(
      SourceFile(path: "Odd \"name\".swift", text: "struct S { var t = \"\\t\u{01}é\" }"))
    XCTAssertTrue(
      ScanDump.json([scanned]).contains(#""file":"Odd \"name\".swift""#), ScanDump.json([scanned]))
    XCTAssertTrue(ScanDump.json([scanned]).contains(#""default":"\"\\t\u0001é\"""#))
  }

  func testDumpIsDeterministic() {
    let files = (0..<20).map { index in
      SourceScanner().scan(
        SourceFile(path: "F\(index % 7).swift", text: "struct S\(index) { var a: Int }"))
    }
    XCTAssertEqual(ScanDump.json(files), ScanDump.json(files.reversed()))
  }
}

extension ScanDumpTests {
  /// The example in README.md's scanner section, kept in sync here.
  func testReadmeExample() {
    let source = """
      /// A bird seen in the garden.
      // quarry: table = "birds", index = [kind, name]
      // quarry: persist
      public struct Bird: Sendable {
        // quarry: primaryKey
        public var id: UUID
        @Clamped(0...5)
        // quarry: default = 3, column = "stars"
        public var rating: Int
      }

      """
    let json = ScanDump.json([
      SourceScanner().scan(SourceFile(path: "Models/Bird.swift", text: source))
    ])
    let expected = #"""
      {"structs":[
        {"name":"Bird","file":"Models/Bird.swift","line":4,"column":15,"access":"public","generics":null,"inherits":["Sendable"],"attributes":[],"annotations":{"table":"birds","index":["kind","name"],"persist":true},"conditions":[],"doc":"A bird seen in the garden.","properties":[
          {"name":"id","type":"UUID","isLet":false,"default":null,"attributes":[],"annotations":{"primaryKey":true},"line":6,"column":14,"access":"public","setterAccess":null,"isLazy":false,"isTypeInferred":false,"conditions":[],"doc":null},
          {"name":"rating","type":"Int","isLet":false,"default":null,"attributes":["@Clamped(0...5)"],"annotations":{"default":3,"column":"stars"},"line":9,"column":14,"access":"public","setterAccess":null,"isLazy":false,"isTypeInferred":false,"conditions":[],"doc":null}]}],
       "enums":[],
       "diagnostics":[]}

      """#
    XCTAssertEqual(json, expected, lineDiff(expected: expected, actual: json))
  }
}
