import Foundation
import QuarryGen
import QuarryTestSupport
import XCTest

/// The property test behind "generated code compiles for hostile models": random models (see
/// `HostileModel`) go through the generator, and everything it writes is type-checked with
/// `swiftc -typecheck` against the built Quarry module. Any error or warning located in a
/// generated file fails the test with the model's seed and source; a model the generator
/// rejects with a diagnostic is counted, not failed.
///
/// CI runs `QUARRY_HOSTILE_MODELS` models (default 48, in batches of 16 per swiftc call);
/// for a long run: `QUARRY_HOSTILE_MODELS=2000 swift test --filter HostileModelTests`.
/// `QUARRY_HOSTILE_SEED` moves the first seed.
final class HostileModelTests: XCTestCase {
  func testGeneratedCodeForRandomHostileModelsTypeChecks() throws {
    let environment = ProcessInfo.processInfo.environment
    let count = environment["QUARRY_HOSTILE_MODELS"].flatMap(Int.init) ?? 48
    let firstSeed = environment["QUARRY_HOSTILE_SEED"].flatMap(UInt64.init) ?? 1
    let batchSize = 16
    let modules = try Self.moduleFolder()
    let root = try QuarryBinary.temporaryFolder(self)
    let templates = QuarryBinary.packageRoot.appendingPathComponent("Templates").path

    var compiled = 0
    var rejected: [String] = []
    var seed = firstSeed
    while seed < firstSeed + UInt64(count) {
      let batch = root.appendingPathComponent("batch\(seed)")
      var sources: [URL] = []
      var models: [String: (seed: UInt64, source: String)] = [:]
      for _ in 0..<batchSize where seed < firstSeed + UInt64(count) {
        defer { seed += 1 }
        var model = HostileModel(seed: seed)
        let source = model.file()
        let folder = batch.appendingPathComponent("m\(seed)")
        let modelFile = folder.appendingPathComponent("Models/Model\(seed).swift")
        try FileManager.default.createDirectory(
          at: modelFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try source.write(to: modelFile, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("Generated")
        let result = try Generator.run(
          GeneratorOptions(
            sources: [modelFile.path], output: output.path, templates: templates,
            root: folder.path, usesStamp: false))
        if result.hasErrors {
          let first = DiagnosticRenderer(files: result.files, showsSourceLines: false)
            .render(result.diagnostics.filter(\.isError)).split(separator: "\n").first ?? ""
          rejected.append("seed \(seed): \(first)")
          continue
        }
        sources.append(modelFile)
        // Every table's own file and every enum's (QuarryTables.swift is one per folder, so
        // not combined across models; Schema.sql is not Swift).
        for name in try FileManager.default.contentsOfDirectory(atPath: output.path)
        where name.hasSuffix(".swift") && name != "QuarryTables.swift" {
          let url = output.appendingPathComponent(name)
          sources.append(url)
          models[url.path] = (seed, source)
        }
        models[modelFile.path] = (seed, source)
      }
      guard !sources.isEmpty else { continue }
      let problems = try Self.typecheck(sources, modules: modules)
      let inGenerated = problems.filter { $0.path.contains("/Generated/") }
      for problem in inGenerated {
        let model = models[problem.path]
        XCTFail(
          "generated code does not compile (seed \(model?.seed ?? 0)):\n\(problem.line)\n"
            + "model:\n\(model?.source ?? "")")
      }
      // A model the compiler rejects on its own (outside generated code) says nothing about
      // the generator; its seeds are reported so the model writer can be fixed.
      let badModels = Set(problems.filter { !$0.path.contains("/Generated/") }.map(\.path))
      compiled += Set(models.values.map(\.seed)).count - badModels.count
      if !badModels.isEmpty {
        print("hostile models the compiler rejects by themselves: \(badModels.sorted())")
        print(problems.filter { !$0.path.contains("/Generated/") }.prefix(5).map(\.line))
      }
    }
    print(
      "hostile models: \(count) generated, \(compiled) compiled with swiftc -typecheck, "
        + "\(rejected.count) rejected by the generator with a diagnostic")
    for line in rejected.prefix(10) { print("  " + line) }
    // The models are built to be valid; most must reach the compiler or the test tests little.
    XCTAssertGreaterThanOrEqual(compiled, count * 3 / 4, rejected.joined(separator: "\n"))
  }

  /// The cases of issue 15 and what the property test found, as one fixed model: names with
  /// tabs and control characters, a vertical tab before `?`, quotes and `\(` in defaults, and
  /// properties named like the generated methods' parameters.
  func testKnownHostileModelTypeChecks() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    let model = folder.appendingPathComponent("Models/Hostile.swift")
    try FileManager.default.createDirectory(
      at: model.deletingLastPathComponent(), withIntermediateDirectories: true)
    try """
    import Foundation

    // quarry: table = "x\\u{1}y\\t\\u{200B}z\\"\\\\(q)"
    struct Hostile: Sendable {
      var id: Int
      // quarry: column = "a\\tb", default = "say \\"hi\\"\\n\\\\(x)\u{2028}"
      var note: String\u{B}?
      var record: Int
      var row: Int
      var index: Int
      var value: Double
      // quarry: column = "\u{7F}\\u{85}"
      var `default`: [String:
        Int]
    }
    """.write(to: model, atomically: true, encoding: .utf8)
    let output = folder.appendingPathComponent("Generated")
    let result = try Generator.run(
      GeneratorOptions(
        sources: [model.path], output: output.path,
        templates: QuarryBinary.packageRoot.appendingPathComponent("Templates").path,
        root: folder.path, usesStamp: false))
    XCTAssertEqual(DiagnosticRenderer(files: result.files).render(result.diagnostics), "")
    let generated = try String(
      contentsOf: output.appendingPathComponent("Hostile+Quarry.swift"), encoding: .utf8)
    XCTAssertTrue(generated.contains(#"name: "x\u{1}y\t\u{200B}z\"\\(q)","#), generated)
    XCTAssertTrue(generated.contains(#"String?>("a\tb")"#), generated)
    XCTAssertTrue(generated.contains(#""'say \"hi\"\n\\(x)\u{2028}'""#), generated)
    XCTAssertTrue(generated.contains(#"ColumnDefinition("\u{7F}\u{85}", .text)"#), generated)
    XCTAssertTrue(generated.contains("self.record = record.record"), generated)
    let files =
      [model]
      + (try FileManager.default.contentsOfDirectory(atPath: output.path))
      .filter { $0.hasSuffix(".swift") }.map { output.appendingPathComponent($0) }
    let problems = try Self.typecheck(files, modules: Self.moduleFolder())
    XCTAssertEqual(problems.map(\.line), [])
  }

  struct Problem {
    var path: String
    var line: String
  }

  /// `swiftc -typecheck` over `files` as one module; every error and warning with its path.
  static func typecheck(_ files: [URL], modules: URL) throws -> [Problem] {
    let run = try QuarryBinary.runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["swiftc", "-typecheck", "-swift-version", "6", "-module-name", "Hostile",
       "-package-name", "Hostile", "-I",
       modules.path] + CModuleSearchPaths.arguments(packageRoot: QuarryBinary.packageRoot)
        + files.map(\.path),
      in: files[0].deletingLastPathComponent())
    let output = run.standardError + run.standardOutput
    var problems: [Problem] = []
    for line in output.split(separator: "\n") {
      // `/path/File.swift:12:5: error: …`
      guard line.hasPrefix("/"), line.contains(": error: ") || line.contains(": warning: "),
        let swift = line.range(of: ".swift:")
      else { continue }
      problems.append(Problem(path: String(line[..<swift.lowerBound]) + ".swift", line: String(line)))
    }
    if run.exitCode != 0 && problems.isEmpty {
      problems.append(Problem(path: "/Generated/?", line: output))
    }
    return problems
  }

  /// The folder holding `Quarry.swiftmodule` from this build.
  static func moduleFolder() throws -> URL {
    let products = QuarryBinary.executable.deletingLastPathComponent()
    for folder in [products.appendingPathComponent("Modules"), products]
    where FileManager.default.fileExists(
      atPath: folder.appendingPathComponent("Quarry.swiftmodule").path)
    {
      return folder
    }
    throw XCTSkip("Quarry.swiftmodule not found beside \(products.path)")
  }
}
