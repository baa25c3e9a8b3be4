import Foundation
import QuarryTestSupport
import XCTest

/// A snippet of code using this target's models and generated code, and the text its error
/// must contain; nil for snippets that must compile.
typealias CompileSnippet = (name: String, code: String, error: String?)

/// Type-checks every snippet with `swiftc` against the built Quarry module and this target's
/// models and generated code (the Swift files of `folders`), in one compiler run: each must fail with its expected message, or
/// compile when it expects none, and nothing else may fail.
///
/// ```swift
/// try assertSnippetsTypeCheck([("control", "_ = Book.all()", nil)], test: self)
/// ```
func assertSnippetsTypeCheck(
  _ snippets: [CompileSnippet], folders: [String] = ["Models", "Generated"], test: XCTestCase,
  file: StaticString = #filePath,
  line: UInt = #line
) throws {
  let package = QuarryBinary.packageRoot
  let modules = try XCTUnwrap(
    [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("Modules"),
      package.appendingPathComponent(".build/debug/Modules"),
    ].first {
      FileManager.default.fileExists(atPath: $0.appendingPathComponent("Quarry.swiftmodule").path)
    },
    "the built Quarry module", file: file, line: line)
  let folder = try QuarryBinary.temporaryFolder(test)

  // One function per snippet, each on its own line: one compiler run checks them all.
  var source = "import Foundation\nimport Quarry\n\n"
  let firstLine = 4
  for (index, snippet) in snippets.enumerated() {
    source += "func snippet\(index)(_ db: Database) throws { \(snippet.code) }\n"
  }
  let snippetsFile = folder.appendingPathComponent("Snippets.swift")
  try source.write(to: snippetsFile, atomically: true, encoding: .utf8)
  var models: [String] = []
  for name in folders {
    let directory = QuarryBinary.testFolder.appendingPathComponent(name)
    models += try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
      .map { directory.appendingPathComponent($0).path }
  }

  let run = try QuarryBinary.runProcess(
    URL(fileURLWithPath: "/usr/bin/env"),
    [
      "swiftc", "-swift-version", "6", "-typecheck", "-diagnostic-style=llvm",
      "-I", modules.path,
    ] + CModuleSearchPaths.arguments(packageRoot: package) + [snippetsFile.path] + models,
    in: folder)
  let text = run.standardOutput + run.standardError

  // `Snippets.swift:<line>:<column>: error: <message>`
  var errorsByLine: [Int: [String]] = [:]
  for output in text.split(separator: "\n") where output.hasPrefix(snippetsFile.path + ":") {
    let parts = output.dropFirst(snippetsFile.path.count + 1).split(separator: ":", maxSplits: 3)
    guard parts.count == 4, parts[2] == " error", let number = Int(parts[0]) else { continue }
    errorsByLine[number, default: []].append(String(parts[3].dropFirst()))
  }
  XCTAssertNotEqual(run.exitCode, 0, file: file, line: line)
  for (index, snippet) in snippets.enumerated() {
    let errors = errorsByLine[firstLine + index] ?? []
    if let expected = snippet.error {
      XCTAssertTrue(
        errors.contains { $0.contains(expected) },
        "\(snippet.name): expected an error containing \"\(expected)\", got \(errors)",
        file: file, line: line)
    } else {
      XCTAssertEqual(errors, [], "\(snippet.name) must compile", file: file, line: line)
    }
  }
  XCTAssertEqual(
    errorsByLine.keys.filter { $0 < firstLine || $0 >= firstLine + snippets.count }, [],
    "errors outside the snippets:\n\(text)", file: file, line: line)
}
