import Foundation
import QuarryGen
import XCTest

/// Generated code for a struct with a composite primary key and owned children compiles.
final class OwnedCompositeKeyTests: XCTestCase {
  /// A composite key and owned children: the record's `saveOwnedChildren` builds the key as
  /// `Value.PrimaryKey`, since the record class is declared outside the struct (a bare
  /// `PrimaryKey` did not compile). The random long-name models
  /// (`LongNameLintTests`) found it.
  func testCompositeKeyWithOwnedChildrenTypeChecks() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    let modelFile = folder.appendingPathComponent("Models/Model.swift")
    try FileManager.default.createDirectory(
      at: modelFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    try """
    // quarry: primaryKey = [shelf, position]
    struct Placement: Sendable {
      var shelf: String
      var position: Int
      // quarry: owned
      var labels: [PlacementLabel]
    }
    struct PlacementLabel: Sendable, Equatable {
      var text: String
    }

    """.write(to: modelFile, atomically: true, encoding: .utf8)
    let output = folder.appendingPathComponent("Generated")
    let result = try Generator.run(
      GeneratorOptions(
        sources: [modelFile.path], output: output.path,
        templates: QuarryBinary.packageRoot.appendingPathComponent("Templates").path,
        root: folder.path, usesStamp: false))
    XCTAssertFalse(result.hasErrors)
    let generated = try XCTUnwrap(QuarryBinary.tree(output)["Placement+Quarry.swift"])
    XCTAssertTrue(
      generated.contains("    let key = Value.PrimaryKey(shelf: shelf, position: position)\n"),
      generated)
    let files =
      [modelFile]
      + ["Placement+Quarry.swift", "PlacementLabel+Quarry.swift"].map {
        output.appendingPathComponent($0)
      }
    let problems = try HostileModelTests.typecheck(
      files, modules: try HostileModelTests.moduleFolder())
    XCTAssertEqual(problems.map(\.line), [])
  }
}
