import QuarryGen
import XCTest

/// Pathological input: deep nesting, huge files and lines, random bytes. The scanner must
/// return (no crash, no stack overflow, no hang) with a result or a diagnostic.
final class ScannerRobustnessTests: XCTestCase {
  private let depth = 10_000

  func testTenThousandNestedBraces() {
    let source =
      "struct S {\n  func f() " + String(repeating: "{", count: depth)
      + String(repeating: "}", count: depth) + "\n  var a: Int\n}\n"
    XCTAssertEqual(outline(scan(source)), "struct S\n  var a: Int")
  }

  func testTenThousandUnclosedBraces() {
    let scanned = scan("struct S {\n  func f() " + String(repeating: "{", count: depth))
    XCTAssertEqual(scanned.diagnostics.map(\.message), ["expected '}' at end of struct 'S'"])
  }

  func testTenThousandNestedStructsStopAtTheNestingLimit() {
    let source =
      String(repeating: "struct A { ", count: depth) + "var x: Int "
      + String(repeating: "} ", count: depth)
    let scanned = scan(source)
    XCTAssertEqual(scanned.structs.count, 256)
    XCTAssertEqual(scanned.structs[2].name, "A.A.A")
    XCTAssertEqual(
      scanned.diagnostics.map(\.message),
      ["declarations nested more than 256 levels deep are not scanned"])
  }

  func testTenThousandNestedParenthesesBracketsAndGenerics() {
    let source =
      "struct S {\n  var a: " + String(repeating: "(", count: depth) + "Int"
      + String(repeating: ")", count: depth) + "\n  var b = " + String(repeating: "[", count: depth)
      + String(repeating: "]", count: depth) + "\n  var c: " + String(repeating: "A<", count: depth)
      + "B" + String(repeating: ">", count: depth) + "\n  var d: Int\n}\n"
    let scanned = scan(source)
    XCTAssertEqual(scanned.structs[0].properties.map(\.name), ["a", "b", "c", "d"])
    XCTAssertEqual(scanned.diagnostics, [])
  }

  func testTenThousandNestedInterpolationsAndComments() {
    let strings =
      String(repeating: "\"\\(", count: depth) + "1"
      + String(repeating: ")\"", count: depth)
    let comments = String(repeating: "/*", count: depth) + String(repeating: "*/", count: depth)
    let scanned = scan("struct S {\n  var a = \(strings)\n  \(comments)\n  var b: Int\n}\n")
    XCTAssertEqual(scanned.structs[0].properties.map(\.name), ["a", "b"])
    XCTAssertEqual(scanned.diagnostics, [])
  }

  func testTenThousandNestedConditionsAndAnnotationLists() {
    let conditions =
      String(repeating: "#if A\n", count: depth) + "struct S {}\n"
      + String(repeating: "#endif\n", count: depth)
    let scanned = scan(conditions)
    XCTAssertEqual(scanned.structs.map(\.name), ["S"])
    XCTAssertEqual(scanned.structs[0].conditions.count, 64)
    XCTAssertEqual(
      scanned.diagnostics.map(\.message),
      ["'#if' blocks nested more than 64 levels deep: inner conditions are not recorded"])
    let lists =
      "// quarry: key = " + String(repeating: "[", count: depth)
      + String(repeating: "]", count: depth) + "\nstruct T {}\n"
    let scannedLists = scan(lists)
    XCTAssertEqual(scannedLists.structs[0].annotations.count, 0)
    XCTAssertEqual(
      scannedLists.diagnostics.map(\.message), ["annotation lists are nested more than 32 deep"])
  }

  func testLongElseifChainsStayLinear() {
    let source =
      "#if C0\n" + (1..<depth).map { "#elseif C\($0)\nstruct S\($0) {}\n" }.joined()
      + "#else\nstruct Last {}\n#endif\n"
    let scanned = scan(source)
    XCTAssertEqual(scanned.structs.count, depth)
    XCTAssertEqual(scanned.structs[1].conditions, ["!C0 && !C1 && C2"])
    XCTAssertEqual(
      scanned.structs[depth - 1].conditions,
      [
        "!C0 && !C1 && !C2 && !C3 && !C4 && !C5 && !C6 && !C7 && !C8 && !C9 && !C10 && !C11 "
          + "&& !C12 && !C13 && !C14 && !C15 && …"
      ])
    XCTAssertEqual(scanned.diagnostics, [])
  }

  func testDiagnosticsPerFileAreCapped() {
    let scanned = scan(String(repeating: "}\n", count: 50_000) + "\"open")
    XCTAssertEqual(scanned.diagnostics.count, 1_002)
    XCTAssertEqual(scanned.diagnostics[0].message, "extraneous '}' at top level")
    XCTAssertEqual(scanned.diagnostics[1_000].message, "unterminated string literal")
    XCTAssertEqual(
      scanned.diagnostics[1_001].message, "too many problems in this file: 49000 more are not shown"
    )
  }

  func testBlocksBeyondTheTrackedDepthAreCounted() {
    let source =
      "struct S {\n  func f() " + String(repeating: "{", count: 30_000)
      + String(repeating: "}", count: 30_000) + "\n  var a: Int\n}\n"
    XCTAssertEqual(outline(scan(source)), "struct S\n  var a: Int")
  }

  func testOneMegabyteLine() {
    let line = "struct S { var a: Int; " + String(repeating: "var b = 1; ", count: 100_000) + "}"
    let scanned = scan(line)
    XCTAssertEqual(scanned.structs[0].properties.count, 100_001)
    XCTAssertEqual(scanned.diagnostics, [])
  }

  func testLargeFile() {
    var source = ""
    for index in 0..<5_000 {
      source += """
        /// Doc \(index).
        // quarry: table = "t\(index)"
        public struct Model\(index): Codable {
          // quarry: primaryKey
          public var id: Int64?
          public var name: String = "\\(index) }"
          var values: [String: [Int]] = [:]
          func f() { if true { print("{") } }
        }

        """
    }
    let scanned = scan(source)
    XCTAssertEqual(scanned.structs.count, 5_000)
    XCTAssertEqual(scanned.structs[4_999].properties.map(\.name), ["id", "name", "values"])
    XCTAssertEqual(scanned.diagnostics, [])
  }

  /// Random byte strings, and random mutations of a valid file, always come back.
  func testRandomBytesAndMutationsAlwaysReturn() {
    var generator = SplitMix64(seed: 0x5EED)
    let alphabet = Array(
      "{}()[]<>\"#/\\*`@:;,=?!.-> \n\r\tstructenumvarlet#if#endifquarry:0xé".utf8)
    for _ in 0..<300 {
      let count = Int(generator.next() % 400)
      var bytes: [UInt8] = []
      for _ in 0..<count {
        bytes.append(
          generator.next() % 4 == 0
            ? UInt8(truncatingIfNeeded: generator.next())
            : alphabet[Int(generator.next() % UInt64(alphabet.count))])
      }
      _ = ScanDump.json([scan(bytes: bytes)])
    }
    let valid = Array(Self.validSample.utf8)
    for _ in 0..<300 {
      var bytes = valid
      for _ in 0..<(1 + generator.next() % 8) {
        let position = Int(generator.next() % UInt64(bytes.count))
        switch generator.next() % 4 {
        case 0: bytes.remove(at: position)
        case 1: bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: position)
        case 2: bytes[position] = UInt8(truncatingIfNeeded: generator.next())
        default:
          let end = min(bytes.count, position + Int(generator.next() % 40))
          bytes.removeSubrange(position..<end)
        }
        if bytes.isEmpty { bytes = valid }
      }
      _ = ScanDump.json([scan(bytes: bytes)])
    }
  }

  static let validSample = #"""
    // quarry: table = "birds", index = [kind, name]
    @available(iOS 13, *)
    public struct Bird<T: Codable>: Sendable where T: Hashable {
      // quarry: primaryKey
      public var id: UUID
      public private(set) var name: String = "a{b\(x.map { "\($0)" })"
      var raw = #"raw \#(1) }"#
      var regex = /a{2}\//
      var closure: @escaping (Int) throws -> Void = { _ in }
      var observed: Int = 0 { didSet { print("}") } }
      var computed: Int { 1 }
      #if DEBUG
      var debug: [String: [Int]]?
      #else
      var release: Int!
      #endif
      /* nested /* comment */ */
      var sql = """
        SELECT 1
        """
    }
    extension Bird { enum Kind: String { case a, b = "x" } }
    """#
}

/// A small deterministic generator (SplitMix64) so failures reproduce.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
