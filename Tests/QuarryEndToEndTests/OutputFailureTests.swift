import Foundation
import XCTest

/// Runs that must fail cleanly: a wrong `--templates` folder, a file where the output folder
/// should be, a read-only or full file system. Each prints `path: error: …` with what to do,
/// exits 1, deletes nothing and leaves no temporary file.
final class OutputFailureTests: XCTestCase {
  /// A folder with `Models/Bird.swift` and a first clean run into `Generated/`.
  private func project() throws -> URL {
    let folder = try QuarryBinary.temporaryFolder(self)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Models"), withIntermediateDirectories: true)
    try "// quarry: persist\nstruct Bird: Sendable {\n  var id: Int\n}\n".write(
      to: folder.appendingPathComponent("Models/Bird.swift"), atomically: true, encoding: .utf8)
    return folder
  }

  private func generate(_ folder: URL, _ arguments: [String]) throws -> QuarryRun {
    try QuarryBinary.run(["generate", "Models", "--no-cache"] + arguments, in: folder)
  }

  private func names(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  func testEmptyTemplatesFolderIsAnErrorAndRemovesNothing() throws {
    let folder = try project()
    XCTAssertEqual(try generate(folder, ["--output", "Generated", "--quiet"]).exitCode, 0)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Empty/_Partials"), withIntermediateDirectories: true)
    try "x".write(
      to: folder.appendingPathComponent("Empty/_Header.stencil"), atomically: true,
      encoding: .utf8)
    let run = try generate(folder, ["--output", "Generated", "--templates", "Empty"])
    XCTAssertEqual(
      run,
      QuarryRun(
        exitCode: 1, standardOutput: "",
        standardError:
          "quarry: error: templates folder 'Empty' holds no 'Table.stencil' and no other "
          + "top-level '.stencil' template, so it would generate nothing; check '--templates'\n"))
    XCTAssertEqual(
      names(folder.appendingPathComponent("Generated")),
      [
        ".quarry-manifest", "Bird+Quarry.swift", "QuarryTables.swift", "Schema.postgres.sql",
        "Schema.sql",
      ])
  }

  func testWrongTemplatesFolderRefusesToRemoveEveryFileUnlessForced() throws {
    let folder = try project()
    XCTAssertEqual(try generate(folder, ["--output", "Generated", "--quiet"]).exitCode, 0)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Other"), withIntermediateDirectories: true)
    try "notes\n".write(
      to: folder.appendingPathComponent("Other/Notes.txt.stencil"), atomically: true,
      encoding: .utf8)
    let run = try generate(folder, ["--output", "Generated", "--templates", "Other"])
    XCTAssertEqual(
      run,
      QuarryRun(
        exitCode: 1, standardOutput: "",
        standardError:
          "quarry: error: refusing to remove all 4 generated files in 'Generated' while the "
          + "sources hold 1 persisted struct: the templates in 'Other' produce none of them; "
          + "check '--templates', or pass '--force' to remove them\n"))
    XCTAssertEqual(
      names(folder.appendingPathComponent("Generated")),
      [
        ".quarry-manifest", "Bird+Quarry.swift", "QuarryTables.swift", "Schema.postgres.sql",
        "Schema.sql",
      ])

    let forced = try generate(folder, ["--output", "Generated", "--templates", "Other", "--force"])
    XCTAssertEqual(
      forced,
      QuarryRun(
        exitCode: 0,
        standardOutput:
          "removed Generated/Bird+Quarry.swift\ncreated Generated/Notes.txt\n"
          + "removed Generated/QuarryTables.swift\nremoved Generated/Schema.postgres.sql\n"
          + "removed Generated/Schema.sql\n",
        standardError: ""))
    XCTAssertEqual(
      names(folder.appendingPathComponent("Generated")), [".quarry-manifest", "Notes.txt"])
  }

  func testAFileWhereTheOutputFolderShouldBeIsOneClearLine() throws {
    let folder = try project()
    try "not a folder".write(
      to: folder.appendingPathComponent("Generated"), atomically: true, encoding: .utf8)
    XCTAssertEqual(
      try generate(folder, ["--output", "Generated"]),
      QuarryRun(
        exitCode: 1, standardOutput: "",
        standardError:
          "Generated: error: cannot create the output folder: a file is in its place; remove "
          + "the file or choose another '--output'\n"))
    XCTAssertEqual(
      try generate(folder, ["--output", "Generated/Inner"]),
      QuarryRun(
        exitCode: 1, standardOutput: "",
        standardError:
          "Generated: error: cannot create the output folder: a file is in its place; remove "
          + "the file or choose another '--output'\n"))
  }

  func testReadOnlyFileSystem() throws {
    let folder = try project()
    let mount = try mountTemporaryFileSystem(at: folder.appendingPathComponent("ReadOnly"))
    try FileManager.default.createDirectory(
      at: mount.appendingPathComponent("Generated"), withIntermediateDirectories: true)
    try runTool("/bin/mount", ["-o", "remount,ro", mount.path])
    XCTAssertEqual(
      try generate(folder, ["--output", "ReadOnly/Generated"]),
      QuarryRun(
        exitCode: 1, standardOutput: "",
        standardError:
          "ReadOnly/Generated/Bird+Quarry.swift: error: cannot write the file: the file system "
          + "is read-only; choose another '--output' or make it writable\n"))
    XCTAssertEqual(names(mount.appendingPathComponent("Generated")), [])
  }

  func testFullDiskLeavesNoTemporaryFile() throws {
    let folder = try project()
    // 32 KiB, of which a 24 KiB pad leaves room for two of the three files (a tmpfs gives each
    // file at least one 4 KiB page).
    let mount = try mountTemporaryFileSystem(at: folder.appendingPathComponent("Full"), size: "32k")
    try Data(count: 24 * 1024).write(to: mount.appendingPathComponent("pad"))
    let run = try generate(folder, ["--output", "Full/Generated"])
    XCTAssertEqual(run.exitCode, 1)
    XCTAssertEqual(run.standardOutput, "")
    XCTAssertTrue(
      run.standardError.hasPrefix("Full/Generated/")
        && run.standardError.hasSuffix(
          ": error: cannot write the file: the disk is full (no space left on the device); "
            + "free some space and run again\n")
        && run.standardError.split(separator: "\n").count == 1,
      run.standardError)
    let left = names(mount.appendingPathComponent("Generated"))
    XCTAssertEqual(left.filter { $0.hasSuffix(".quarry-tmp") }, [])
    XCTAssertLessThan(left.count, 3, "\(left)")

    // Once there is room again the same command completes, and nothing odd is left behind.
    try FileManager.default.removeItem(at: mount.appendingPathComponent("pad"))
    XCTAssertEqual(try generate(folder, ["--output", "Full/Generated", "--quiet"]).exitCode, 0)
    XCTAssertEqual(
      names(mount.appendingPathComponent("Generated")),
      [
        ".quarry-manifest", "Bird+Quarry.swift", "QuarryTables.swift", "Schema.postgres.sql",
        "Schema.sql",
      ])
  }

  func testASourceFileNameWithALineBreakStaysInItsHeaderComment() throws {
    let folder = try project()
    let evil = "Models/Evil\nfunc injected() {}\n.swift"
    try "// quarry: persist\nstruct Owl: Sendable {\n  var id: Int\n}\n".write(
      to: folder.appendingPathComponent(evil), atomically: true, encoding: .utf8)
    XCTAssertEqual(try generate(folder, ["--output", "Generated", "--quiet"]).exitCode, 0)
    let owl = try String(
      contentsOf: folder.appendingPathComponent("Generated/Owl+Quarry.swift"), encoding: .utf8)
    XCTAssertEqual(
      owl.split(separator: "\n", omittingEmptySubsequences: false).first,
      #"// Generated by quarry from Models/Evil\u{A}func injected() {}\u{A}.swift. Do not edit."#)
    XCTAssertFalse(owl.contains("\nfunc injected"))
    // Its diagnostics stay on one line too.
    try "// quarry: persist\nstruct Bad: Sendable {\n  var name: String\n}\n".write(
      to: folder.appendingPathComponent(evil), atomically: true, encoding: .utf8)
    let run = try generate(folder, ["--output", "Generated", "--quiet"])
    XCTAssertEqual(run.exitCode, 1)
    XCTAssertTrue(
      run.standardError.hasPrefix(
        #"Models/Evil\u{A}func injected() {}\u{A}.swift:2:8: error: struct 'Bad' has no "#),
      run.standardError)
  }

  // MARK: - A small tmpfs

  /// Mounts a tmpfs of `size` at `url` (unmounted at the end of the test), or skips the test
  /// when this machine does not let us (not root, or no mount in a container).
  private func mountTemporaryFileSystem(at url: URL, size: String = "256k") throws -> URL {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount"),
      (try? runTool("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", url.path]))
        != nil
    else {
      throw XCTSkip("cannot mount a tmpfs here (needs root and mount permission); skipped")
    }
    addTeardownBlock { try? self.runTool("/bin/umount", [url.path]) }
    return url
  }

  private struct ToolFailed: Error {}

  private func runTool(_ path: String, _ arguments: [String]) throws {
    let run = try QuarryBinary.runProcess(
      URL(fileURLWithPath: path), arguments, in: URL(fileURLWithPath: "/"))
    if run.exitCode != 0 { throw ToolFailed() }
  }
}
