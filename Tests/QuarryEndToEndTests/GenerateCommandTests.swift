import Foundation
import QuarryTestSupport
import XCTest

/// Runs the built `quarry` on fixture sources; stdout, stderr, exit code and the output tree
/// are compared separately, against literals or golden files in `Snapshots/`.
final class GenerateCommandTests: XCTestCase {
  private var models: URL { QuarryBinary.testFolder.appendingPathComponent("Models") }
  private var generated: URL { QuarryBinary.testFolder.appendingPathComponent("Generated") }

  /// `quarry generate Models --output <tmp>/Generated --root <tmp>`, run from the test folder.
  private func generate(into output: URL, _ extra: [String] = []) throws -> QuarryRun {
    try QuarryBinary.run(
      ["generate", "Models", "--output", output.path] + extra, in: QuarryBinary.testFolder)
  }

  func testFreshRunWritesTheCheckedInTree() throws {
    let output = try QuarryBinary.temporaryFolder(self).appendingPathComponent("Generated")
    let run = try generate(into: output, ["--root", "."])
    XCTAssertEqual(run.exitCode, 0)
    XCTAssertEqual(run.standardError, "")
    XCTAssertTrue(run.standardOutput.hasPrefix("created ../"), run.standardOutput)
    XCTAssertEqual(
      Set(run.standardOutput.split(separator: "\n").map { $0.split(separator: "/").last ?? "" }),
      [
        "Author+Quarry.swift", "Bird+Quarry.swift", "Book+Quarry.swift", "BookTag+Quarry.swift",
        "Cover+Quarry.swift", "Kind+Quarry.swift", "Nest+Quarry.swift", "Nutrition+Quarry.swift",
        "Perch+Quarry.swift", "Perch.Height+Quarry.swift", "Publisher+Quarry.swift",
        "QuarryTables.swift",
        "Recipe+Quarry.swift", "Review+Quarry.swift", "Schema.postgres.sql", "Schema.sql",
        "Shelf+Quarry.swift", "Side+Quarry.swift", "Sighting+Quarry.swift",
        "Sighting.Weather+Quarry.swift", "Slot+Quarry.swift", "Step+Quarry.swift",
        "Tag+Quarry.swift", "Tool+Quarry.swift",
      ])
    let actual = QuarryBinary.tree(output)
    let expected = QuarryBinary.tree(generated)
    XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted())
    for (path, text) in expected {
      XCTAssertEqual(
        actual[path], text, "\(path):\n" + lineDiff(expected: text, actual: actual[path] ?? ""))
    }
  }

  func testLongDefinitionsAndSignaturesWrapWithinOneHundredColumns() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Models"), withIntermediateDirectories: true)
    try """
    // quarry: persist
    package struct Ring: Sendable {
      // quarry: primaryKey
      package var code: RingCodeKind
      // quarry: references = Ring, column = "previous_ring_code", default = "none", unique
      package var previousCode: String?
    }

    package enum RingCodeKind: String, Sendable {
      case short, long
    }
    """.write(
      to: folder.appendingPathComponent("Models/Ring.swift"), atomically: true, encoding: .utf8)
    let run = try QuarryBinary.run(
      ["generate", "Models", "--output", "Generated", "--quiet"], in: folder)
    XCTAssertEqual(
      run,
      QuarryRun(
        exitCode: 0, standardOutput: "",
        standardError: """
          Models/Ring.swift:5:14: warning: 'previousCode' of type 'String?' references 'Ring', \
          whose key is 'RingCodeKind': the foreign key is made, but no association is generated; \
          declare it as 'RingCodeKind?' to get one
            // quarry: references = Ring, column = "previous_ring_code", default = "none", unique
                       ^

          """))
    let text = QuarryBinary.tree(folder.appendingPathComponent("Generated"))["Ring+Quarry.swift"]
    let lines = (text ?? "").split(separator: "\n")
    XCTAssertEqual(lines.filter { $0.count > 100 }, [])
    XCTAssertTrue(
      text?.contains(
        """
              ColumnDefinition("code", .text, primaryKey: true),
              ColumnDefinition(
                "previous_ring_code", .text, nullable: true, unique: true,
                defaultSQL: "'none'",
                references: ForeignKey("ring", "code")),
            ]
          )
        """) == true, text ?? "")
    XCTAssertTrue(
      text?.contains(
        """
          package static func bind(
            primaryKey: RingCodeKind, to statement: Statement, at index: Int32
          ) throws {
            try statement.bind(primaryKey, at: index)
          }
        """) == true, text ?? "")
    XCTAssertTrue(
      text?.contains(
        """
        /// A mutable, change-tracked copy of `Ring`.
        /// Not `Sendable`: it stays where it was made.
        package final class RingRecord: Record, PersistableRecord {
        """) == true, text ?? "")
  }

  func testOutputIsByteIdenticalAcrossRunsAndWorkingDirectories() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    let first = folder.appendingPathComponent("A")
    let second = folder.appendingPathComponent("B")
    XCTAssertEqual(try generate(into: first, ["--quiet"]).exitCode, 0)
    // Same sources named by absolute path from another directory, with --root: same bytes.
    let run = try QuarryBinary.run(
      [
        "generate", models.path, "--output", second.path, "--root", QuarryBinary.testFolder.path,
        "--quiet",
      ], in: folder)
    XCTAssertEqual(run, QuarryRun(exitCode: 0, standardOutput: "", standardError: ""))
    XCTAssertEqual(QuarryBinary.tree(first), QuarryBinary.tree(second))
    XCTAssertFalse(QuarryBinary.tree(first).values.contains { $0.contains(folder.path) })
  }

  func testNoOpRunWritesNothingAndKeepsModificationTimes() throws {
    let output = try QuarryBinary.temporaryFolder(self)
    XCTAssertEqual(try generate(into: output).exitCode, 0)
    let past = Date(timeIntervalSince1970: 1_000_000_000)
    for name in QuarryBinary.tree(output).keys {
      try FileManager.default.setAttributes(
        [.modificationDate: past], ofItemAtPath: output.appendingPathComponent(name).path)
    }
    XCTAssertEqual(
      try generate(into: output),
      QuarryRun(
        exitCode: 0, standardOutput: "quarry: 24 generated files up to date\n", standardError: ""))
    for name in QuarryBinary.tree(output).keys {
      let attributes = try FileManager.default.attributesOfItem(
        atPath: output.appendingPathComponent(name).path)
      XCTAssertEqual(attributes[.modificationDate] as? Date, past, name)
    }
  }

  func testRemovesFilesWhoseStructIsGoneAndNeverTouchesForeignFiles() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    let output = folder.appendingPathComponent("Generated")
    XCTAssertEqual(try generate(into: output).exitCode, 0)
    try "// Written by hand.\n".write(
      to: output.appendingPathComponent("Helpers.swift"), atomically: true, encoding: .utf8)
    try "notes\n".write(
      to: output.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
    let arguments = [
      "generate", "Models/Bird.swift", "Models/Nest.swift", "--output", output.path, "--root",
      ".",
    ]
    // The other model files still exist: leaving them out looks like another run's sources
    // writing into this folder, which is refused unless forced.
    let narrowed = try QuarryBinary.run(arguments, in: QuarryBinary.testFolder)
    XCTAssertEqual(narrowed.exitCode, 1)
    XCTAssertTrue(
      narrowed.standardError.contains(
        "/Generated/Author+Quarry.swift: error: '"), narrowed.standardError)
    XCTAssertTrue(
      narrowed.standardError.contains(
        "/Generated' holds files generated from 'Models/Library.swift', which this run does not "
          + "scan (it would remove them); "), narrowed.standardError)
    let run = try QuarryBinary.run(arguments + ["--force"], in: QuarryBinary.testFolder)
    XCTAssertEqual(run.exitCode, 0, run.standardError)
    XCTAssertEqual(run.standardError, "")
    XCTAssertEqual(
      run.standardOutput.split(separator: "\n").map { line in
        "\(line.prefix { $0 != " " }) \(line.split(separator: "/").last ?? "")"
      },
      [
        "removed Author+Quarry.swift", "removed Book+Quarry.swift", "removed BookTag+Quarry.swift",
        "removed Cover+Quarry.swift",
        // Without Models/Perch.swift, Nest's JSON column `perch` has no typed paths any more.
        "updated Nest+Quarry.swift",
        "removed Nutrition+Quarry.swift", "removed Perch+Quarry.swift",
        "removed Perch.Height+Quarry.swift", "removed Publisher+Quarry.swift",
        "updated QuarryTables.swift",
        "removed Recipe+Quarry.swift", "removed Review+Quarry.swift",
        "updated Schema.postgres.sql", "updated Schema.sql", "removed Shelf+Quarry.swift",
        "removed Sighting+Quarry.swift", "removed Sighting.Weather+Quarry.swift",
        "removed Slot+Quarry.swift", "removed Step+Quarry.swift", "removed Tag+Quarry.swift",
        "removed Tool+Quarry.swift",
      ])
    XCTAssertEqual(
      QuarryBinary.tree(output).keys.sorted(),
      [
        ".quarry-manifest", "Bird+Quarry.swift", "Helpers.swift", "Kind+Quarry.swift",
        "Nest+Quarry.swift", "QuarryTables.swift", "README.md", "Schema.postgres.sql", "Schema.sql",
        "Side+Quarry.swift",
      ])
    XCTAssertEqual(QuarryBinary.tree(output)["Helpers.swift"], "// Written by hand.\n")
  }

  func testRefusesToOverwriteAFileWithoutTheHeader() throws {
    let output = try QuarryBinary.temporaryFolder(self)
    try "struct Mine {}\n".write(
      to: output.appendingPathComponent("Bird+Quarry.swift"), atomically: true, encoding: .utf8)
    let run = try QuarryBinary.run(
      ["generate", "Models", "--output", output.path, "--root", output.path],
      in: QuarryBinary.testFolder)
    XCTAssertEqual(run.exitCode, 1)
    XCTAssertEqual(run.standardOutput, "")
    XCTAssertEqual(
      run.standardError,
      "quarry: error: refusing to overwrite './Bird+Quarry.swift': it does not start with the "
        + "'Generated by quarry' header\n")
    XCTAssertEqual(QuarryBinary.tree(output), ["Bird+Quarry.swift": "struct Mine {}\n"])
  }

  func testCheckListsStaleMissingAndExtraFilesAndWritesNothing() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    let output = folder.appendingPathComponent("Generated")
    XCTAssertEqual(try generate(into: output, ["--root", folder.path]).exitCode, 0)
    let clean = try QuarryBinary.run(
      ["generate", "Models", "--output", output.path, "--root", folder.path, "--check"],
      in: QuarryBinary.testFolder)
    XCTAssertEqual(
      clean,
      QuarryRun(
        exitCode: 0, standardOutput: "quarry: 24 generated files up to date\n", standardError: ""))

    let bird = output.appendingPathComponent("Bird+Quarry.swift")
    try (try String(contentsOf: bird, encoding: .utf8) + "// edited\n")
      .write(to: bird, atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(at: output.appendingPathComponent("Schema.sql"))
    try "// Generated by quarry from Models/Owl.swift. Do not edit.\n".write(
      to: output.appendingPathComponent("Owl+Quarry.swift"), atomically: true, encoding: .utf8)
    let before = QuarryBinary.tree(output)
    let run = try QuarryBinary.run(
      ["generate", "Models", "--output", output.path, "--root", folder.path, "--check"],
      in: QuarryBinary.testFolder)
    XCTAssertEqual(run.exitCode, 1)
    XCTAssertEqual(run.standardOutput, "")
    XCTAssertEqual(
      run.standardError,
      """
      stale: Generated/Bird+Quarry.swift
      missing: Generated/Schema.sql
      quarry: 2 generated files are out of date; run 'quarry generate' without '--check'

      """)
    XCTAssertEqual(QuarryBinary.tree(output), before)
  }

  func testDryRunPrintsWhatWouldChange() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    let run = try QuarryBinary.run(
      [
        "generate", "Models/Nest.swift", "--output", folder.appendingPathComponent("Out").path,
        "--root", folder.path, "--dry-run",
      ], in: QuarryBinary.testFolder)
    XCTAssertEqual(
      run,
      QuarryRun(
        exitCode: 0,
        standardOutput: """
          would create Out/Nest+Quarry.swift
          would create Out/QuarryTables.swift
          would create Out/Schema.postgres.sql
          would create Out/Schema.sql
          would create Out/Side+Quarry.swift

          """, standardError: ""))
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("Out").path))
  }

  func testEveryModelErrorIsReportedInOneRun() throws {
    let output = try QuarryBinary.temporaryFolder(self).appendingPathComponent("Generated")
    let run = try QuarryBinary.run(
      ["generate", "Fixtures/Invalid", "--output", output.path], in: QuarryBinary.testFolder)
    XCTAssertEqual(run.exitCode, 1)
    XCTAssertEqual(run.standardOutput, "")
    assertSnapshot(run.standardError, named: "testEveryModelErrorIsReportedInOneRun.stderr.txt")
    XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
  }

  func testVerboseListsUnchangedFilesAndASummary() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    XCTAssertEqual(try generate(into: folder, ["--root", folder.path, "--quiet"]).exitCode, 0)
    let run = try QuarryBinary.run(
      ["generate", "Models", "--output", folder.path, "--root", folder.path, "--verbose"],
      in: QuarryBinary.testFolder)
    XCTAssertEqual(run.exitCode, 0)
    XCTAssertEqual(run.standardError, "")
    assertSnapshot(
      run.standardOutput, named: "testVerboseListsUnchangedFilesAndASummary.stdout.txt")
  }

  func testSingleFileModeCombinesTheSwiftOutput() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    let run = try QuarryBinary.run(
      [
        "generate", "Models", "--output", folder.path, "--single-file", "QuarryGenerated.swift",
        "--root", ".", "--quiet",
      ], in: QuarryBinary.testFolder)
    XCTAssertEqual(run, QuarryRun(exitCode: 0, standardOutput: "", standardError: ""))
    XCTAssertEqual(
      QuarryBinary.tree(folder).keys.sorted(), [".quarry-manifest", "QuarryGenerated.swift"])
    assertSnapshot(
      QuarryBinary.tree(folder)["QuarryGenerated.swift"] ?? "",
      named: "testSingleFileModeCombinesTheSwiftOutput.swift.txt")
  }

  func testCustomTemplatesFolderReplacesTheDefaults() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    let run = try QuarryBinary.run(
      [
        "generate", "Models/Nest.swift", "Models/Bird.swift", "--output", folder.path,
        "--templates", "Fixtures/Templates/Custom", "--quiet",
      ], in: QuarryBinary.testFolder)
    XCTAssertEqual(run, QuarryRun(exitCode: 0, standardOutput: "", standardError: ""))
    XCTAssertEqual(
      QuarryBinary.tree(folder),
      [
        "Bird+Quarry.swift": """
        // Generated by quarry from Models/Bird.swift. Do not edit.

        // Bird is stored in 'birds' with 7 columns:
        //   id: UUID
        //   name: String
        //   wingspan: Double?
        //   kind: Kind
        //   tags: [String]
        //   nestID: Int64?
        //   price: Decimal
        //   thumbnail: Data?

        """,
        "Nest+Quarry.swift": """
        // Generated by quarry from Models/Nest.swift. Do not edit.

        // Nest is stored in 'nests' with 8 columns:
        //   id: Int64?
        //   tree: String
        //   rating: Int
        //   builtAt: Date
        //   location: Location?
        //   eggs: Int
        //   perch: Perch?
        //   side: Side

        """,
        ".quarry-manifest": """
        # quarry: the files it generated in this folder. Do not edit.
        Bird+Quarry.swift\t6e05661e94baaf10\tModels/Bird.swift
        Nest+Quarry.swift\tef21212fceb22a5d\tModels/Nest.swift
        Tables.md\t310568e171e1e2ae\tModels/Bird.swift\tModels/Nest.swift

        """,
        "Tables.md": """
        // Generated by quarry from Models/Bird.swift, Models/Nest.swift. Do not edit.

        | type | table |
        | --- | --- |
        | Bird | birds |
        | Nest | nests |

        """,
      ])
  }

  func testTemplateErrorsPointIntoTheTemplate() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    let run = try QuarryBinary.run(
      [
        "generate", "Models/Nest.swift", "--output", folder.path, "--templates",
        "Fixtures/Templates/Broken",
      ], in: QuarryBinary.testFolder)
    XCTAssertEqual(run.exitCode, 1)
    XCTAssertEqual(run.standardOutput, "")
    assertSnapshot(run.standardError, named: "testTemplateErrorsPointIntoTheTemplate.stderr.txt")
    XCTAssertEqual(QuarryBinary.tree(folder), [:])
  }

  func testWarningsAreReportedButDoNotFailTheRun() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    let run = try QuarryBinary.run(
      ["generate", "Fixtures/Warning", "--output", folder.path, "--quiet"],
      in: QuarryBinary.testFolder)
    XCTAssertEqual(
      run,
      QuarryRun(
        exitCode: 0, standardOutput: "",
        standardError: """
          Fixtures/Warning/Owl.swift:7:3: warning: comment '// Quarry: index' is not an \
          annotation (annotations are lowercase); write '// quarry: index'
            // Quarry: index
            ^

          """))
    XCTAssertEqual(
      QuarryBinary.tree(folder).keys.sorted(),
      [
        ".quarry-manifest", "Owl+Quarry.swift", "QuarryTables.swift", "Schema.postgres.sql",
        "Schema.sql",
      ])
  }
}
