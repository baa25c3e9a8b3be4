import Foundation
import QuarryGen
import XCTest

/// The property test behind "generated code passes `swift format lint --strict` for any type
/// and property names": random models with long names (see `LongNameModel`) go through the
/// generator twice, both runs must write the same bytes, every generated Swift file is linted
/// with the repository's `.swift-format` and type-checked with `swiftc -typecheck` (a wrapped
/// line must still compile).
///
/// CI runs `QUARRY_LONG_NAME_MODELS` models (default 12, in one swiftc call);
/// `QUARRY_LONG_NAME_LIMITS=type,property,sql` sets the longest names (default `60,20,40`:
/// the lengths every layout handles so far; `80,60,60`, issue 20's goal, still fails);
/// `QUARRY_LONG_NAME_SEED` moves the first seed; `QUARRY_LONG_NAME_KEEP=/some/folder` writes
/// the models and their output there (kept after the run) to rerun `swift format` on them.
final class LongNameLintTests: XCTestCase {
  func testGeneratedCodeForRandomLongNameModelsPassesStrictLintAndTypeChecks() throws {
    let probe = try QuarryBinary.runProcess(
      URL(fileURLWithPath: "/usr/bin/env"), ["swift", "format", "--version"],
      in: QuarryBinary.packageRoot)
    try XCTSkipIf(probe.exitCode != 0, "this toolchain has no 'swift format'")
    let environment = ProcessInfo.processInfo.environment
    let count = environment["QUARRY_LONG_NAME_MODELS"].flatMap(UInt64.init) ?? 12
    let firstSeed = environment["QUARRY_LONG_NAME_SEED"].flatMap(UInt64.init) ?? 1
    let limits = (environment["QUARRY_LONG_NAME_LIMITS"] ?? "60,20,40").split(separator: ",")
      .compactMap { Int($0) }
    try XCTSkipIf(limits.count != 3, "QUARRY_LONG_NAME_LIMITS is type,property,sql lengths")
    let root =
      try environment["QUARRY_LONG_NAME_KEEP"].map { URL(fileURLWithPath: $0) }
      ?? QuarryBinary.temporaryFolder(self)
    let templates = QuarryBinary.packageRoot.appendingPathComponent("Templates").path

    var generated: [URL] = []
    var compiled: [URL] = []
    var sources: [String: String] = [:]
    for seed in firstSeed..<firstSeed + count {
      var model = LongNameModel(
        seed: seed, longestType: limits[0], longestProperty: limits[1], longestSQL: limits[2])
      let source = model.file()
      let folder = root.appendingPathComponent("m\(seed)")
      let modelFile = folder.appendingPathComponent("Models/Model\(seed).swift")
      try FileManager.default.createDirectory(
        at: modelFile.deletingLastPathComponent(), withIntermediateDirectories: true)
      try source.write(to: modelFile, atomically: true, encoding: .utf8)
      var trees: [[String: String]] = []
      for name in ["Generated", "Again"] {
        let output = folder.appendingPathComponent(name)
        let result = try Generator.run(
          GeneratorOptions(
            sources: [modelFile.path], output: output.path, templates: templates,
            root: folder.path, usesStamp: false))
        let rendered = DiagnosticRenderer(files: result.files, showsSourceLines: false)
          .render(result.diagnostics)
        XCTAssertFalse(result.hasErrors, "seed \(seed): \(rendered)\nmodel:\n\(source)")
        trees.append(QuarryBinary.tree(output))
      }
      XCTAssertEqual(trees[0], trees[1], "seed \(seed): two runs wrote different files")
      let output = folder.appendingPathComponent("Generated")
      let swiftFiles = trees[0].keys.filter { $0.hasSuffix(".swift") }.sorted().map {
        output.appendingPathComponent($0)
      }
      generated += swiftFiles
      // QuarryTables.swift is one per folder: linted, not combined across models.
      compiled += [modelFile] + swiftFiles.filter { $0.lastPathComponent != "QuarryTables.swift" }
      for file in swiftFiles + [modelFile] { sources[file.path] = "seed \(seed)" }
    }
    XCTAssertGreaterThan(generated.count, Int(count) * 3)

    let configuration = QuarryBinary.packageRoot.appendingPathComponent(".swift-format").path
    let lint = try QuarryBinary.runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["swift", "format", "lint", "--strict", "--configuration", configuration]
        + generated.map(\.path), in: root)
    let findings = (lint.standardError + lint.standardOutput).split(separator: "\n")
    XCTAssertEqual(
      findings.count, 0,
      "swift format lint --strict:\n"
        + findings.prefix(60).map {
          line in
          let path = String(line.prefix { $0 != ":" })
          return "\(sources[path] ?? ""): \(line.dropFirst(root.path.count))"
        }.joined(separator: "\n"))
    XCTAssertEqual(lint.exitCode, 0)

    let problems = try HostileModelTests.typecheck(
      compiled, modules: try HostileModelTests.moduleFolder())
    for problem in problems.prefix(20) {
      XCTFail("\(sources[problem.path] ?? ""): \(problem.line)")
    }
  }
}
