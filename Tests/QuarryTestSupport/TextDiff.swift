/// A line-by-line diff of two texts, for readable test failures.
///
/// ```swift
/// XCTAssertEqual(actual, expected, lineDiff(expected: expected, actual: actual))
/// ```
public func lineDiff(expected: String, actual: String) -> String {
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
  var output = ""
  for index in 0..<max(expectedLines.count, actualLines.count) {
    let lhs = index < expectedLines.count ? String(expectedLines[index]) : nil
    let rhs = index < actualLines.count ? String(actualLines[index]) : nil
    if lhs == rhs { continue }
    if let lhs { output += "\(index + 1)- \(lhs)\n" }
    if let rhs { output += "\(index + 1)+ \(rhs)\n" }
  }
  return output
}
