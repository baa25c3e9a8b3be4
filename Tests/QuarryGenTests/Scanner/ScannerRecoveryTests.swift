import QuarryGen
import XCTest

/// Malformed input: each mistake is reported where it is, and scanning resumes at the next
/// declaration.
final class ScannerRecoveryTests: XCTestCase {
  func testUnterminatedStringEndsAtLineEnd() {
    let (text, markers) = extractMarkers(
      """
      struct S {
        var a = 1️⃣"never closed { struct
        var b: Int
      }
      struct T {}
      """)
    let scanned = scan(text)
    XCTAssertEqual(
      outline(scanned),
      "struct S\n  var a: String(inferred) = \"never closed { struct\n  var b: Int\nstruct T")
    assertDiagnostics(scanned, at: markers, [1: "unterminated string literal"])
  }

  func testUnterminatedMultilineStringRunsToEndOfFile() {
    let (text, markers) = extractMarkers(
      """
      struct S {
        var a = 1️⃣\"\"\"
          text }
      struct T {}2️⃣
      """)
    let scanned = scan(text)
    XCTAssertEqual(scanned.structs.map(\.name), ["S"])
    assertDiagnostics(
      scanned, at: markers,
      [1: "unterminated multi-line string literal", 2: "expected '}' at end of struct 'S'"])
    XCTAssertEqual(scanned.diagnostics[1].location.offset, text.utf8.count)
  }

  func testMissingBraceInFunctionRecoversAtNextMember() {
    let (text, markers) = extractMarkers(
      """
      struct S {
        var a: Int
        func f() 1️⃣{
          if a > 0 {
            print(a)
        }
        2️⃣var b: String
      }
      struct T { var c: Int }
      """)
    let scanned = scan(text)
    XCTAssertEqual(
      outline(scanned), "struct S\n  var a: Int\n  var b: String\nstruct T\n  var c: Int")
    assertDiagnostics(
      scanned, at: markers, [2: "expected '}' at end of function 'f' before this declaration"])
    XCTAssertEqual(scanned.diagnostics[0].notes.map(\.message), ["to match this opening '{'"])
    XCTAssertEqual(scanned.diagnostics[0].notes.first?.location?.offset, markers[1])
  }

  func testMissingBraceOfStructRecoversAtNextTopLevelDeclaration() {
    let (text, markers) = extractMarkers(
      """
      struct S {
        var a: Int

      1️⃣public struct T {
        var b: Int
      }
      """)
    let scanned = scan(text)
    XCTAssertEqual(outline(scanned), "struct S\n  var a: Int\nstruct T public\n  var b: Int")
    assertDiagnostics(
      scanned, at: markers, [1: "expected '}' at end of struct 'S' before this declaration"])
  }

  func testExtraneousClosingBrace() {
    let (text, markers) = extractMarkers(
      """
      struct S { var a: Int }
      1️⃣}
      struct T { var b: Int }
      """)
    let scanned = scan(text)
    XCTAssertEqual(outline(scanned), "struct S\n  var a: Int\nstruct T\n  var b: Int")
    assertDiagnostics(scanned, at: markers, [1: "extraneous '}' at top level"])
  }

  func testMissingClosingBraceAtEndOfFile() {
    let (text, markers) = extractMarkers(
      """
      struct S 1️⃣{
        var a: Int
        func f() {
        }
      2️⃣
      """)
    let scanned = scan(text)
    XCTAssertEqual(outline(scanned), "struct S\n  var a: Int")
    assertDiagnostics(scanned, at: markers, [2: "expected '}' at end of struct 'S'"])
    XCTAssertEqual(scanned.diagnostics[0].notes.first?.location?.offset, markers[1])
  }

  func testMissingOpeningBraceAndName() {
    let (text, markers) = extractMarkers(
      """
      struct S: Codable
      1️⃣var x = 1
      struct 2️⃣{ }
      struct T { var b: Int }
      """)
    let scanned = scan(text)
    XCTAssertEqual(outline(scanned), "struct T\n  var b: Int")
    assertDiagnostics(scanned, at: markers, [1: "expected '{' in struct 'S'"])
    _ = markers[2]
  }

  func testMalformedAnnotationsAreReportedAtThePlace() {
    let (text, markers) = extractMarkers(
      """
      // quarry: table = 1️⃣"unterminated
      // quarry: index = 2️⃣[a, b
      // quarry: 3️⃣= 1
      // quarry: ok, 4️⃣"x"
      // quarry: a = 1 5️⃣b
      // quarry:6️⃣
      // quarry: fine = [1, [2, 3]], last
      struct S {}
      """)
    let scanned = scan(text)
    XCTAssertEqual(outline(scanned), "struct S [ok=true, a=#1, fine=[#1, [#2, #3]], last=true]")
    assertDiagnostics(
      scanned, at: markers,
      [
        1: "unterminated string in annotation",
        2: "expected ']' to close the list",
        3: "expected an annotation key",
        4: "expected an annotation key",
        5: "expected ',' between annotations",
        6: "expected an annotation after 'quarry:'",
      ])
  }

  func testConditionalCompilationMistakes() {
    let (text, markers) = extractMarkers(
      """
      1️⃣#endif
      2️⃣#else
      3️⃣#if DEBUG
      struct S {}
      """)
    let scanned = scan(text)
    XCTAssertEqual(outline(scanned), "struct S #if DEBUG")
    assertDiagnostics(
      scanned, at: markers,
      [
        1: "unexpected '#endif' without '#if'",
        2: "unexpected '#else' without '#if'",
        3: "expected '#endif' for this '#if'",
      ])
  }

  func testTuplePatternIsReportedInPersistedStructsOnly() {
    let (text, markers) = extractMarkers(
      """
      // quarry: persist
      struct S {
        var 1️⃣(a, b): (Int, Int)
        var c: Int
      }
      struct Plain {
        var (x, y) = (1, 2)
        var z: Int
      }
      """)
    let scanned = scan(text)
    XCTAssertEqual(
      outline(scanned), "struct S [persist=true]\n  var c: Int\nstruct Plain\n  var z: Int")
    assertDiagnostics(
      scanned, at: markers,
      [1: "tuple patterns in stored properties are not supported; declare one property per name"])
  }

  func testInvalidUTF8IsCarriedThrough() {
    var bytes = Array("struct S {\n  var a".utf8)
    bytes += [0xFF, 0xC3]
    bytes += Array(": Int\n  var b: String = \"".utf8) + [0x80, 0xFE] + Array("\"\n}\n".utf8)
    let scanned = scan(bytes: bytes)
    XCTAssertEqual(
      outline(scanned),
      "struct S\n  var a\u{FFFD}\u{FFFD}: Int\n  var b: String = \"\u{FFFD}\u{FFFD}\"")
    XCTAssertEqual(scanned.diagnostics, [])
  }

  func testScanningContinuesInOtherFilesAfterErrors() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-recovery-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("struct Broken { var a = \"\n".utf8).write(
      to: directory.appendingPathComponent("A.swift"))
    try Data("struct Fine { var b: Int }\n".utf8).write(
      to: directory.appendingPathComponent("B.swift"))
    let files = ProjectScanner.scanFiles(paths: ["."], relativeTo: directory.path)
    XCTAssertEqual(files.map(\.file.path), ["A.swift", "B.swift"])
    XCTAssertEqual(
      files.flatMap(\.diagnostics).map(\.message),
      ["unterminated string literal", "expected '}' at end of struct 'Broken'"])
    XCTAssertEqual(files[1].structs.map(\.name), ["Fine"])
  }
}

extension ScannerRecoveryTests {
  /// The diagnostics shown in README.md's scanner section.
  func testReadmeDiagnosticsExample() {
    let source = """
      /// A bird seen in the garden.
      // quarry: table = "birds", index = [kind, name
      // quarry: persist
      public struct Bird: Sendable {
        // quarry: primaryKey
        public var id: UUID // quarry: primaryKey
        public var name: String
      }

      """
    let scanned = scan(source, path: "Models/Bird.swift")
    XCTAssertEqual(
      renderedDiagnostics(scanned),
      """
      Models/Bird.swift:2:37: error: expected ']' to close the list
      Models/Bird.swift:6:23: warning: an annotation in a trailing comment is ignored; \
      put it on the line above the declaration

      """)
  }
}
