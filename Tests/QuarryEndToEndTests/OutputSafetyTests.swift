import Foundation
import XCTest

/// The built `quarry` never deletes, hides or writes outside what is its own: an output
/// folder overlapping the sources, another run's folder, two outputs with one name, a FIFO, a
/// `--single-file` path, a too-long name and a nameless template are errors, and nothing is
/// written or removed.
final class OutputSafetyTests: XCTestCase {
  private var folder = URL(fileURLWithPath: "/")

  override func setUpWithError() throws {
    folder = try QuarryBinary.temporaryFolder(self)
  }

  private func file(_ path: String, _ text: String) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  private func model(_ path: String, _ name: String) throws {
    try file(path, "// quarry: persist\nstruct \(name) {\n  var id: Int\n}\n")
  }

  /// Runs quarry in the test folder, killing it (and failing) if it takes a minute: a
  /// blocking `open` of a FIFO would otherwise hang the suite.
  private func quarry(_ arguments: [String]) throws -> QuarryRun {
    let process = Process()
    process.executableURL = QuarryBinary.executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let output = folder.appendingPathComponent(".out-" + UUID().uuidString)
    let error = folder.appendingPathComponent(".err-" + UUID().uuidString)
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    _ = FileManager.default.createFile(atPath: error.path, contents: nil)
    defer {
      try? FileManager.default.removeItem(at: output)
      try? FileManager.default.removeItem(at: error)
    }
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: error)
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    if finished.wait(timeout: .now() + 60) == .timedOut {
      process.terminate()
      finished.wait()
      XCTFail("quarry \(arguments.joined(separator: " ")) hung")
    }
    return QuarryRun(
      exitCode: process.terminationStatus,
      standardOutput: String(decoding: try Data(contentsOf: output), as: UTF8.self),
      standardError: String(decoding: try Data(contentsOf: error), as: UTF8.self))
  }

  private func names(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(path).path))
      ?? []).filter { !$0.hasPrefix(".out-") && !$0.hasPrefix(".err-") }.sorted()
  }

  func testOutputEqualToAboveOrLinkedToAScannedFolderIsAnErrorAndRemovesNothing() throws {
    try model("Models/Bird.swift", "Bird")
    XCTAssertEqual(try quarry(["generate", "Models", "--output", "Generated"]).exitCode, 0)
    let before = names("Generated")
    XCTAssertEqual(
      before,
      [
        ".quarry-manifest", "Bird+Quarry.swift", "QuarryTables.swift", "Schema.postgres.sql",
        "Schema.sql",
      ])
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("Link").path, withDestinationPath: "Models")
    let cases: [(arguments: [String], message: String)] = [
      (
        ["Models", "--output", "Models"],
        "Models: error: the output folder is the scanned folder 'Models': "
      ),
      (
        ["Models", "--output", "Models/"],
        "Models: error: the output folder is the scanned folder 'Models': "
      ),
      (
        ["Models", "--output", "."],
        ".: error: the output folder holds the scanned folder 'Models': "
      ),
      (
        ["Models/Bird.swift", "--output", "."],
        ".: error: the output folder holds the scanned file 'Models/Bird.swift': "
      ),
      (
        ["Models", "--output", "Link"],
        "Models: error: the output folder is the scanned folder 'Models' (through a symbolic link): "
      ),
      (
        ["Link", "--output", "Models"],
        "Models: error: the output folder is the scanned folder 'Link' (through a symbolic link): "
      ),
    ]
    for (arguments, message) in cases {
      for mode in [[], ["--check"], ["--dry-run"]] {
        let run = try quarry(["generate"] + arguments + mode)
        XCTAssertEqual(run.exitCode, 1, arguments.joined(separator: " "))
        XCTAssertTrue(run.standardError.hasPrefix(message), run.standardError)
        XCTAssertEqual(run.standardOutput, "")
      }
    }
    XCTAssertEqual(names("Generated"), before)
    XCTAssertEqual(names("Models"), ["Bird.swift"])
    // Inside a scanned folder is the command plugin's layout: allowed, and left out of the scan.
    let inside = try quarry(["generate", "Models", "--output", "Models/Generated", "--quiet"])
    XCTAssertEqual(inside, QuarryRun(exitCode: 0, standardOutput: "", standardError: ""))
    XCTAssertEqual(names("Models/Generated"), before)
  }

  func testCheckReportsAStaleManifestAndAWriteRunRepairsIt() throws {
    try model("Models/Bird.swift", "Bird")
    XCTAssertEqual(try quarry(["generate", "Models", "--output", "Gen", "--quiet"]).exitCode, 0)
    try model("Models/Owl.swift", "Owl")
    XCTAssertEqual(try quarry(["generate", "Models", "--output", "Gen", "--quiet"]).exitCode, 0)
    let manifest = folder.appendingPathComponent("Gen/.quarry-manifest")
    let current = try String(contentsOf: manifest, encoding: .utf8)
    XCTAssertEqual(
      Self.withoutDigests(current),
      """
      # quarry: the files it generated in this folder. Do not edit.
      Bird+Quarry.swift\tModels/Bird.swift
      Owl+Quarry.swift\tModels/Owl.swift
      QuarryTables.swift\tModels/Bird.swift\tModels/Owl.swift
      Schema.postgres.sql\tModels/Bird.swift\tModels/Owl.swift
      Schema.sql\tModels/Bird.swift\tModels/Owl.swift

      """)
    try current.split(separator: "\n").filter { !$0.hasPrefix("Owl+Quarry.swift\t") }
      .map { $0 + "\n" }.joined()
      .write(to: manifest, atomically: true, encoding: .utf8)
    XCTAssertEqual(
      try quarry(["generate", "Models", "--output", "Gen", "--check"]),
      QuarryRun(
        exitCode: 1, standardOutput: "",
        standardError: "stale: Gen/.quarry-manifest\nquarry: 1 generated file is out of date; "
          + "run 'quarry generate' without '--check'\n"))
    XCTAssertEqual(
      try quarry(["generate", "Models", "--output", "Gen", "--no-cache"]),
      QuarryRun(
        exitCode: 0, standardOutput: "quarry: 5 generated files up to date\n", standardError: ""))
    XCTAssertEqual(try String(contentsOf: manifest, encoding: .utf8), current)
  }

  func testAManifestOfAnOlderQuarryPassesCheckAndAWriteRunAddsItsDigests() throws {
    try model("Models/Bird.swift", "Bird")
    XCTAssertEqual(try quarry(["generate", "Models", "--output", "Gen", "--quiet"]).exitCode, 0)
    let manifest = folder.appendingPathComponent("Gen/.quarry-manifest")
    let current = try String(contentsOf: manifest, encoding: .utf8)
    try Self.withoutDigests(current).write(to: manifest, atomically: true, encoding: .utf8)
    XCTAssertEqual(
      try quarry(["generate", "Models", "--output", "Gen", "--check"]),
      QuarryRun(
        exitCode: 0, standardOutput: "quarry: 4 generated files up to date\n", standardError: ""))
    XCTAssertEqual(try quarry(["generate", "Models", "--output", "Gen", "--quiet"]).exitCode, 0)
    XCTAssertEqual(try String(contentsOf: manifest, encoding: .utf8), current)
  }

  /// `text` with each manifest line's content digest (16 hexadecimal digits after the path)
  /// left out: the digests change with every template edit, the rest of the line does not.
  private static func withoutDigests(_ text: String) -> String {
    text.replacingOccurrences(
      of: "\t[0-9a-f]{16}(\t|\n)", with: "$1", options: .regularExpression)
  }

  func testAManifestLineHoldsTheDigestOfTheFileQuarryWrote() throws {
    try model("Models/Bird.swift", "Bird")
    XCTAssertEqual(try quarry(["generate", "Models", "--output", "Gen", "--quiet"]).exitCode, 0)
    let manifest = try String(
      contentsOf: folder.appendingPathComponent("Gen/.quarry-manifest"), encoding: .utf8)
    for line in manifest.split(separator: "\n").dropFirst() {
      let fields = line.split(separator: "\t").map(String.init)
      XCTAssertEqual(fields.count, 3, String(line))
      let bytes = try Data(contentsOf: folder.appendingPathComponent("Gen/" + fields[0]))
      // 64-bit FNV-1a, spelled out here so the test does not trust the code it checks.
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      let digest = String(hash, radix: 16)
      XCTAssertEqual(fields[1], String(repeating: "0", count: 16 - digest.count) + digest)
    }
  }

  func testAFileQuarryWroteAndSomeoneEditedIsKeptWithAWarningNotRemoved() throws {
    try model("Models/Bird.swift", "Bird")
    try model("Models/Owl.swift", "Owl")
    try model("Models/Nest.swift", "Nest")
    XCTAssertEqual(try quarry(["generate", "Models", "--output", "Gen", "--quiet"]).exitCode, 0)
    let owl = folder.appendingPathComponent("Gen/Owl+Quarry.swift")
    let edited = try String(contentsOf: owl, encoding: .utf8) + "// my notes on owls\n"
    try edited.write(to: owl, atomically: false, encoding: .utf8)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("Models/Owl.swift"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("Models/Nest.swift"))
    let warning =
      "'Gen/Owl+Quarry.swift': quarry generated it and no struct produces it any more, but it "
      + "was edited since; remove it yourself when the edits are not needed\n"

    let dryRun = try quarry(["generate", "Models", "--output", "Gen", "--dry-run"])
    XCTAssertEqual(dryRun.exitCode, 0)
    XCTAssertTrue(dryRun.standardOutput.contains("would remove Gen/Nest+Quarry.swift\n"))
    XCTAssertFalse(dryRun.standardOutput.contains("Owl"), dryRun.standardOutput)
    XCTAssertEqual(dryRun.standardError, "quarry: warning: would keep " + warning)

    let run = try quarry(["generate", "Models", "--output", "Gen", "--quiet"])
    XCTAssertEqual(
      run,
      QuarryRun(exitCode: 0, standardOutput: "", standardError: "quarry: warning: kept " + warning))
    XCTAssertEqual(try String(contentsOf: owl, encoding: .utf8), edited)
    XCTAssertFalse(names("Gen").contains("Nest+Quarry.swift"))
    // Kept once, with a word; no longer quarry's, so later runs and --check leave it alone.
    let manifest = try String(
      contentsOf: folder.appendingPathComponent("Gen/.quarry-manifest"), encoding: .utf8)
    XCTAssertFalse(manifest.contains("Owl"), manifest)
    XCTAssertEqual(
      try quarry(["generate", "Models", "--output", "Gen", "--check", "--quiet"]),
      QuarryRun(exitCode: 0, standardOutput: "", standardError: ""))
    XCTAssertEqual(try String(contentsOf: owl, encoding: .utf8), edited)
  }

  func testASecondRunFromOtherSourcesIntoTheSameFolderIsAnError() throws {
    try model("A/Bird.swift", "Bird")
    try model("B/Owl.swift", "Owl")
    XCTAssertEqual(try quarry(["generate", "A", "--output", "Gen", "--quiet"]).exitCode, 0)
    let written = QuarryBinary.tree(folder.appendingPathComponent("Gen"))
    for mode in [[], ["--check"], ["--dry-run"]] {
      let run = try quarry(["generate", "B", "--output", "Gen"] + mode)
      XCTAssertEqual(run.exitCode, 1)
      XCTAssertTrue(
        run.standardError.hasPrefix(
          "Gen/Bird+Quarry.swift: error: 'Gen' holds files generated from 'A/Bird.swift', which "
            + "this run does not scan (it would remove them); "), run.standardError)
    }
    XCTAssertEqual(QuarryBinary.tree(folder.appendingPathComponent("Gen")), written)
    // Both in one run is fine; so is a model file deleted since (its output just goes).
    XCTAssertEqual(try quarry(["generate", "A", "B", "--output", "Gen", "--quiet"]).exitCode, 0)
    XCTAssertEqual(
      names("Gen"),
      [
        ".quarry-manifest", "Bird+Quarry.swift", "Owl+Quarry.swift", "QuarryTables.swift",
        "Schema.postgres.sql", "Schema.sql",
      ])
    try FileManager.default.removeItem(at: folder.appendingPathComponent("B/Owl.swift"))
    let run = try quarry(["generate", "A", "B", "--output", "Gen"])
    XCTAssertEqual(run.exitCode, 0, run.standardError)
    XCTAssertEqual(
      names("Gen"),
      [
        ".quarry-manifest", "Bird+Quarry.swift", "QuarryTables.swift", "Schema.postgres.sql",
        "Schema.sql",
      ])
    // '--force' says the user means it.
    XCTAssertEqual(try quarry(["generate", "B", "--output", "Gen", "--force"]).exitCode, 0)
  }

  func testTwoOutputsWithOneNameAreDiagnosticsNotACrash() throws {
    try model("A/Kind.swift", "Kind")
    try file(
      "B/Nest.swift", "// quarry: persist\nstruct Nest {\n  var id: Int\n  var kind: Kind\n}\n")
    try file("B/KindEnum.swift", "enum Kind: String {\n  case a\n}\n")
    let enumAndStruct = try quarry(["generate", "A", "B", "--output", "Gen"])
    XCTAssertEqual(
      enumAndStruct,
      QuarryRun(
        exitCode: 1, standardOutput: "",
        standardError: """
          B/KindEnum.swift:1:1: error: enum 'Kind' in 'B/KindEnum.swift' and struct 'Kind' in \
          'A/Kind.swift' would both be written to 'Kind+Quarry.swift'; rename one of them
          enum Kind: String {
          ^
          quarry: 1 error; nothing was written

          """))
    try model("C/Kind.swift", "Kind")
    let twoStructs = try quarry(["generate", "A", "C", "--output", "Gen"])
    XCTAssertEqual(twoStructs.exitCode, 1)
    XCTAssertTrue(
      twoStructs.standardError.hasPrefix(
        "C/Kind.swift:2:8: error: persisted struct 'Kind' is also declared in 'A/Kind.swift'; "),
      twoStructs.standardError)
    let templates = folder.appendingPathComponent("T")
    try FileManager.default.copyItem(
      at: QuarryBinary.packageRoot.appendingPathComponent("Templates"), to: templates)
    try file("T/Kind+Quarry.swift.stencil", "// mine\n")
    let template = try quarry(["generate", "A", "--output", "Gen", "--templates", "T"])
    XCTAssertEqual(template.exitCode, 1)
    XCTAssertTrue(
      template.standardError.hasPrefix(
        "T/Kind+Quarry.swift.stencil:1:1: error: template 'T/Kind+Quarry.swift.stencil' and "
          + "struct 'Kind' in 'A/Kind.swift' would both be written to 'Kind+Quarry.swift'; "),
      template.standardError)
    try FileManager.default.removeItem(
      at: templates.appendingPathComponent("Kind+Quarry.swift.stencil"))
    try file("T/..stencil", "x\n")
    let nameless = try quarry(["generate", "A", "--output", "Gen", "--templates", "T"])
    XCTAssertEqual(nameless.exitCode, 1)
    XCTAssertTrue(
      nameless.standardError.hasPrefix(
        "T/..stencil:1:1: error: template file '..stencil' has no name before '.stencil', so it "
          + "names no output file; rename it"), nameless.standardError)
    XCTAssertEqual(names("Gen"), [])
  }

  func testAFIFOInTheOutputFolderNeverHangsAnyMode() throws {
    try model("Models/Bird.swift", "Bird")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Gen"), withIntermediateDirectories: true)
    XCTAssertEqual(mkfifo(folder.appendingPathComponent("Gen/Old+Quarry.swift").path, 0o644), 0)
    XCTAssertEqual(mkfifo(folder.appendingPathComponent("Gen/Bird+Quarry.swift").path, 0o644), 0)
    XCTAssertEqual(mkfifo(folder.appendingPathComponent("Models/Pipe.swift").path, 0o644), 0)
    for mode in [[], ["--check"], ["--dry-run"]] {
      let run = try quarry(["generate", "Models", "--output", "Gen"] + mode)
      XCTAssertEqual(run.exitCode, 1)
      XCTAssertTrue(
        run.standardError.hasPrefix(
          "Models/Pipe.swift:1:1: error: cannot read file: it is a FIFO, not a regular file\n"),
        run.standardError)
    }
    try FileManager.default.removeItem(at: folder.appendingPathComponent("Models/Pipe.swift"))
    for mode in [[], ["--check"], ["--dry-run"]] {
      let run = try quarry(["generate", "Models", "--output", "Gen"] + mode)
      XCTAssertEqual(
        run,
        QuarryRun(
          exitCode: 1, standardOutput: "",
          standardError: "quarry: error: refusing to overwrite 'Gen/Bird+Quarry.swift': it is a "
            + "FIFO, not a regular file quarry wrote; remove it or choose another '--output'\n"))
    }
    try FileManager.default.removeItem(at: folder.appendingPathComponent("Gen/Bird+Quarry.swift"))
    XCTAssertEqual(try quarry(["generate", "Models", "--output", "Gen", "--quiet"]).exitCode, 0)
    XCTAssertEqual(try quarry(["generate", "Models", "--output", "Gen", "--check"]).exitCode, 0)
    XCTAssertEqual(
      names("Gen"),
      [
        ".quarry-manifest", "Bird+Quarry.swift", "Old+Quarry.swift", "QuarryTables.swift",
        "Schema.postgres.sql", "Schema.sql",
      ])
  }

  func testNamesThatLeaveOrOverflowTheOutputFolderWriteNothing() throws {
    try model("Models/Bird.swift", "Bird")
    for name in ["../../x.swift", "../x.swift", "/tmp/x.swift", "..", ".Hidden.swift"] {
      let run = try quarry(["generate", "Models", "--output", "Gen", "--single-file", name])
      XCTAssertEqual(run.exitCode, 1, name)
      XCTAssertTrue(
        run.standardError.hasPrefix("quarry: error: '--single-file' "), run.standardError)
    }
    for outside in [
      folder.deletingLastPathComponent(),
      folder.deletingLastPathComponent().deletingLastPathComponent(),
    ] {
      XCTAssertFalse(
        FileManager.default.fileExists(atPath: outside.appendingPathComponent("x.swift").path))
    }
    XCTAssertEqual(names("Gen"), [])
    let long = String(repeating: "B", count: 250)
    try model("Long/L.swift", long)
    let run = try quarry(["generate", "Long", "--output", "GenL"])
    XCTAssertEqual(run.exitCode, 1)
    XCTAssertEqual(
      run.standardError,
      "GenL/\(long)+Quarry.swift: error: cannot write the file: the file name is 263 bytes long, "
        + "over the 243 a generated file name may have; shorten the type's or the template's name\n"
    )
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("GenL").path))
  }
}
