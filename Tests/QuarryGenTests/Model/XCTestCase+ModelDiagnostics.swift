import QuarryGen
import QuarryTestSupport
import XCTest

extension XCTestCase {
  /// Scans one source as `Models/M.swift`, builds the model and compares the full rendered
  /// diagnostics with `expected`, printing a line diff on mismatch.
  func assertModelDiagnostics(
    _ source: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let scanned = SourceScanner().scan(SourceFile(path: "Models/M.swift", text: source))
    let result = ModelBuilder().build([scanned])
    let rendered = DiagnosticRenderer(files: [scanned.file]).render(result.diagnostics)
    XCTAssertEqual(
      rendered, expected, lineDiff(expected: expected, actual: rendered), file: file, line: line)
  }
}
