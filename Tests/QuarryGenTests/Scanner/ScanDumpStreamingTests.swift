import QuarryGen
import XCTest

/// `ScanDump.write(paths:relativeTo:to:)`, which `quarry scan` uses, must print exactly what
/// `ScanDump.json` prints for the same files (computed independently: every file scanned whole,
/// then dumped at once), whatever the declarations' nesting, the recovery pass or the size.
final class ScanDumpStreamingTests: XCTestCase {
  private var root: URL!

  override func setUpWithError() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-stream-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: root)
  }

  private func write(_ path: String, _ text: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// The streamed dump, its pieces joined, and the files it returned.
  private func streamed(_ paths: [String]) -> (json: String, files: [ScannedFile], pieces: Int) {
    var bytes: [UInt8] = []
    var pieces = 0
    let files = ScanDump.write(paths: paths, relativeTo: root.path) { chunk in
      bytes.append(contentsOf: chunk)
      pieces += 1
    }
    return (String(decoding: bytes, as: UTF8.self), files, pieces)
  }

  private func assertSameAsWholeDump(
    _ paths: [String], file: StaticString = #filePath, line: UInt = #line
  ) {
    let whole = ProjectScanner.scanFiles(paths: paths, relativeTo: root.path)
    let result = streamed(paths)
    XCTAssertEqual(result.json, ScanDump.json(whole), file: file, line: line)
    XCTAssertEqual(result.files.map(\.file.path), whole.map(\.file.path), file: file, line: line)
    XCTAssertEqual(
      result.files.map(\.diagnostics), whole.map(\.diagnostics), file: file, line: line)
    XCTAssertEqual(result.files.flatMap(\.structs).count, 0, file: file, line: line)
  }

  func testManyFilesWithNestingExtensionsAndEnumsDumpAsTheWholeDump() throws {
    try write(
      "Models/Bird.swift",
      """
      /// A bird.
      // quarry: table = "birds"
      public struct Bird: Codable {
        // quarry: primaryKey
        var id: Int
        struct Wing { var span: Double; enum Side: String { case left, right } }
        var name: String = "x"
      }
      enum Kind: Int { case a = 1, b }
      extension Bird {
        struct Nested { let value: [String: Int]? }
        enum Mood { case calm }
      }
      struct Last {}
      """)
    try write("Models/A/Enums.swift", "enum Only { case one }\nenum Other: String { case two }\n")
    try write("Models/Empty.swift", "")
    try write("Models/Code.swift", "func f() { struct Local { var x: Int } }\nlet x = 1\n")
    // An error with a note, in a file with an annotation: stays an error.
    try write("Models/Error.swift", "// quarry: persist\nstruct Open { var a: Int\n")
    assertSameAsWholeDump(["Models", "Missing.swift"])
  }

  func testAFileReadAgainToRecoverFromAMissingBraceDumpsItsSecondReading() throws {
    // Unbalanced braces: the first pass hands declarations off, the second replaces them.
    try write(
      "Recover.swift",
      """
      struct A {
        var a: Int
      struct B {
        var b: String
      }
      enum E { case x }
      struct C { var c: Int }
      }}
      """)
    try write("Z.swift", "struct Z { var z: Int }")
    assertSameAsWholeDump(["."])
  }

  func testAFileWhoseDumpIsLargerThanTheSpillLimitIsWrittenInPiecesAndWhole() throws {
    var text = ""
    var number = 0
    // Some 1.8 MB of JSON: more than the 1 MB a section keeps in memory.
    while text.utf8.count < 250_000 {
      text += """
        // quarry: table = "t\(number)"
        struct T\(number) { var id: Int; var name: String?; var tags: [String] = [] }
        enum K\(number): String { case a, b }

        """
      number += 1
    }
    try write("Big.swift", text)
    try write("Small.swift", "struct Small { var s: Int }\nenum SmallKind { case s }\n")
    assertSameAsWholeDump(["."])
    let result = streamed(["."])
    XCTAssertGreaterThan(result.json.utf8.count, 1_300_000)
    XCTAssertGreaterThan(result.pieces, 3, "the dump was not written in pieces")
    XCTAssertTrue(result.json.contains("{\"name\":\"T\(number - 1)\""))
  }

  func testNoFilesDumpsEmptySections() {
    XCTAssertEqual(
      streamed([]).json, "{\"structs\":[],\n \"enums\":[],\n \"diagnostics\":[]}\n")
  }
}
