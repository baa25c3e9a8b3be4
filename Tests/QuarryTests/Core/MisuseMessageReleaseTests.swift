import Foundation
import XCTest

/// Issue 20: in release builds a nested `db.write` printed only "precondition failure", because
/// `-O` drops `precondition`'s message. The runtime's misuse checks are compiled here with
/// `swiftc -O` into a small executable, which is run to read what it prints as it stops.
final class MisuseMessageReleaseTests: XCTestCase {
  /// Builds `Sources/Quarry/Core/WriterOwnership.swift` with `-O` and `main` as `main.swift`,
  /// runs it, and returns its exit status and standard error.
  private func runReleaseBuild(main: String) throws -> (status: Int32, errors: String) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-release-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let mainFile = folder.appendingPathComponent("main.swift")
    try main.write(to: mainFile, atomically: true, encoding: .utf8)
    let executable = folder.appendingPathComponent("misuse")
    let ownership = SwiftTypeCheck.packageFolder
      .appendingPathComponent("Sources/Quarry/Core/WriterOwnership.swift")
    let build = try SwiftTypeCheck.swiftc([
      "-O", "-swift-version", "6", "-module-name", "Misuse", ownership.path, mainFile.path,
      "-o", executable.path,
    ])
    XCTAssertEqual(build.status, 0, build.output)
    let process = Process()
    process.executableURL = executable
    // Without the backtracer the stop is quick and standard error holds only the message.
    process.environment = ["SWIFT_BACKTRACE": "enable=no"]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  func testNestedWriteAndInMemoryReadPrintWhatToDoInAnOptimizedBuild() throws {
    let nested = try runReleaseBuild(
      main: """
        final class Owner {}
        let owner = Owner()
        WriterOwnership.withOwnership(of: owner) {
          WriterOwnership.withOwnership(of: owner) {}
        }
        """)
    XCTAssertNotEqual(nested.status, 0)
    XCTAssertTrue(
      nested.errors.contains(
        "Database.write called inside a write closure of the same database; use the "
          + "transaction passed to the closure"),
      nested.errors)
    XCTAssertFalse(nested.errors.contains("precondition failure"), nested.errors)

    let read = try runReleaseBuild(
      main: """
        final class Owner {}
        let owner = Owner()
        WriterOwnership.withOwnership(of: owner) {
          WriterOwnership.checkNotHeld(by: owner)
        }
        """)
    XCTAssertNotEqual(read.status, 0)
    XCTAssertTrue(
      read.errors.contains(
        "Database.read of an in-memory database called inside one of its write closures; use "
          + "the transaction passed to the closure"),
      read.errors)
  }

  func testOwnershipOfAnotherDatabaseDoesNotStopAnOptimizedBuild() throws {
    let other = try runReleaseBuild(
      main: """
        final class Owner {}
        let first = Owner()
        let second = Owner()
        WriterOwnership.withOwnership(of: first) {
          WriterOwnership.withOwnership(of: second) {}
          WriterOwnership.checkNotHeld(by: second)
        }
        WriterOwnership.withOwnership(of: first) {}
        """)
    XCTAssertEqual(other.status, 0, other.errors)
    XCTAssertEqual(other.errors, "")
  }

  /// `-O` keeps `precondition`'s check but drops its message, so a stop a caller can cause
  /// (a migration registered twice, an empty `upsert(_:onConflict:)`, a foreign key with
  /// fewer referenced columns, an association on a composite key) is written with
  /// `fatalError`, whose message prints in every build. The `precondition`s left guard
  /// Quarry's own invariants, which no call of the public API can break: this is their list.
  func testOnlyInternalInvariantsUsePreconditionWhoseMessageOptimizedBuildsDrop() throws {
    let sources = SwiftTypeCheck.packageFolder.appendingPathComponent("Sources/Quarry")
    var found: [String] = []
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      let lines = try String(contentsOf: file, encoding: .utf8).split(
        separator: "\n", omittingEmptySubsequences: false)
      for line in lines {
        let code = line.drop { $0 == " " }
        guard !code.hasPrefix("//"),
          code.contains("precondition(") || code.contains("preconditionFailure(")
        else { continue }
        found.append(file.lastPathComponent)
      }
    }
    XCTAssertEqual(
      found.sorted(),
      [
        "ChainedIncludingQuery.swift",  // rows and their inclusions come from one query
        "Database+Postgres.swift",  // a PostgreSQL database has a PostgreSQL writer
        "NestedIncludingAssociation.swift",  // as ChainedIncludingQuery
        "WriteTransaction+OwnedChildren.swift",  // to-many children have a position column
        "WriteTransaction+Persistence.swift",  // INSERT … RETURNING returns its row
      ])
  }
}
