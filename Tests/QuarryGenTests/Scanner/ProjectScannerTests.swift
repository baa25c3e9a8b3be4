import QuarryGen
import XCTest

final class ProjectScannerTests: XCTestCase {
  private var root: URL!

  override func setUpWithError() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-project-\(UUID().uuidString)")
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

  func testExpandsFoldersToSortedSwiftFilesSkippingHiddenOnes() throws {
    try write("Sources/Models/B.swift", "struct B {}")
    try write("Sources/Models/A.swift", "struct A {}")
    try write("Sources/Models/Sub/C.swift", "struct C {}")
    try write("Sources/Models/notes.txt", "struct NotSwift {}")
    try write("Sources/.build/Hidden.swift", "struct Hidden {}")
    try write("Other/D.swift", "struct D {}")
    let files = ProjectScanner.scanFiles(
      paths: ["Sources", "Other/D.swift"], relativeTo: root.path)
    XCTAssertEqual(
      files.map(\.file.path),
      [
        "Other/D.swift", "Sources/Models/A.swift", "Sources/Models/B.swift",
        "Sources/Models/Sub/C.swift",
      ])
    XCTAssertEqual(files.flatMap(\.structs).map(\.name), ["D", "A", "B", "C"])
  }

  func testWalksAFolderNamedLikeASwiftFile() throws {
    try write("Packages/Charts.swift/Sources/Chart.swift", "struct Chart { var a: Int }")
    try write("Packages/Charts.swift/Package.swift", "let package = 1")
    let files = ProjectScanner.scanFiles(paths: ["Packages"], relativeTo: root.path)
    XCTAssertEqual(
      files.map(\.file.path),
      ["Packages/Charts.swift/Package.swift", "Packages/Charts.swift/Sources/Chart.swift"])
    XCTAssertEqual(files.flatMap(\.diagnostics), [])
    let named = ProjectScanner.scanFiles(paths: ["Packages/Charts.swift"], relativeTo: root.path)
    XCTAssertEqual(named.flatMap(\.structs).map(\.name), ["Chart"])
    XCTAssertEqual(named.flatMap(\.diagnostics), [])
  }

  func testListsEachFileOnceWhenPathsOverlap() throws {
    try write("M/A.swift", "struct A {}")
    let files = ProjectScanner.scanFiles(
      paths: ["M", "M/A.swift", root.path + "/M"], relativeTo: root.path)
    XCTAssertEqual(files.map(\.file.path), ["M/A.swift"])
  }

  func testMissingPathsBecomeDiagnostics() throws {
    try write("A.swift", "struct A {}")
    let files = ProjectScanner.scanFiles(paths: ["Nope.swift", "A.swift"], relativeTo: root.path)
    XCTAssertEqual(files.map(\.file.path), ["A.swift", "Nope.swift"])
    XCTAssertEqual(
      files[1].diagnostics.map(\.message), ["cannot read file: no such file or directory"])
    XCTAssertEqual(
      DiagnosticRenderer(files: files.map(\.file)).render(files[1].diagnostics),
      "Nope.swift:1:1: error: cannot read file: no such file or directory\n\n^\n")
  }

  func testPathsOutsideTheBaseKeepTheirSpelling() throws {
    try write("Inside/A.swift", "struct A {}")
    let other = root.appendingPathComponent("Inside").path
    let files = ProjectScanner.scanFiles(
      paths: [other + "/A.swift"], relativeTo: root.appendingPathComponent("Elsewhere").path)
    XCTAssertEqual(files.map(\.file.path), [other + "/A.swift"])
  }

  func testScansManyFilesInParallelDeterministically() throws {
    for index in 0..<64 {
      try write("Many/F\(index).swift", "struct S\(index) { var a: Int }\n")
    }
    let first = ScanDump.json(ProjectScanner.scanFiles(paths: ["Many"], relativeTo: root.path))
    let second = ScanDump.json(ProjectScanner.scanFiles(paths: ["Many"], relativeTo: root.path))
    XCTAssertEqual(first, second)
    XCTAssertEqual(
      ProjectScanner.scanFiles(paths: ["Many"], relativeTo: root.path).prefix(3).map(\.file.path),
      ["Many/F0.swift", "Many/F1.swift", "Many/F10.swift"])
  }
}
