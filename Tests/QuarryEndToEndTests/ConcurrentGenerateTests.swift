import Foundation
import XCTest

/// Two `quarry generate` processes started together into one folder, from two template
/// variants: the folder's lock makes them take turns, so after every round the folder holds
/// one variant whole (never a mix) and both runs succeed.
final class ConcurrentGenerateTests: XCTestCase {
  func testConcurrentRunsIntoOneFolderNeverMixTheirFiles() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    let models = folder.appendingPathComponent("Models")
    try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
    // Enough files that a run's writes take a while, so unlocked runs would interleave.
    for index in 0..<40 {
      try "// quarry: persist\nstruct Bird\(index) {\n  var id: Int\n  var name: String\n}\n"
        .write(
          to: models.appendingPathComponent("Bird\(index).swift"), atomically: true,
          encoding: .utf8)
    }
    for variant in ["One", "Two"] {
      let templates = folder.appendingPathComponent("Templates" + variant)
      try FileManager.default.copyItem(
        at: QuarryBinary.packageRoot.appendingPathComponent("Templates"), to: templates)
      for name in ["Table.stencil", "Schema.sql.stencil", "Schema.postgres.sql.stencil"] {
        let url = templates.appendingPathComponent(name)
        let marker =
          name.hasSuffix("sql.stencil") ? "-- variant \(variant)\n" : "// variant \(variant)\n"
        try (String(contentsOf: url, encoding: .utf8) + marker).write(
          to: url, atomically: true, encoding: .utf8)
      }
    }
    let rounds = ProcessInfo.processInfo.environment["QUARRY_LONG"] == nil ? 8 : 40
    let output = folder.appendingPathComponent("Generated")
    for round in 0..<rounds {
      let runs = try ["One", "Two"].map { variant in
        let process = Process()
        process.executableURL = QuarryBinary.executable
        process.arguments = [
          "generate", "Models", "--output", "Generated", "--templates", "Templates" + variant,
          "--no-cache", "--quiet",
        ]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        return (process, errors)
      }
      for (process, errors) in runs {
        let message = String(
          decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "round \(round): \(message)")
        XCTAssertTrue(
          message.isEmpty || message.hasPrefix("quarry: waiting for another quarry run"), message)
      }
      let tree = QuarryBinary.tree(output)
      XCTAssertEqual(tree.count, 44, "round \(round): \(tree.keys.sorted())")
      let variants = Set(
        tree.filter { $0.key != "QuarryTables.swift" && $0.key != ".quarry-manifest" }.values
          .map { $0.contains("variant One") ? "One" : $0.contains("variant Two") ? "Two" : "?" })
      XCTAssertEqual(variants.count, 1, "round \(round): a mix of \(variants.sorted())")
      XCTAssertFalse(variants.contains("?"), "round \(round)")
    }
  }
}
