import Foundation
import QuarryTestSupport
import XCTest

@testable import QuarryGen

/// `dateStorage = iso8601` in generated output (issue 21): `Schema.sql` shows TEXT, the
/// columns bind text, and adding or removing the annotation on an existing column writes the
/// migration that rewrites every row (golden files in Snapshots/).
final class DateStorageOutputTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "quarry-date-storage-" + UUID().uuidString
    try FileManager.default.createDirectory(
      atPath: folder + "/Models", withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: folder)
  }

  private func generate(_ source: String) throws -> GenerationResult {
    let templates = QuarryBinary.packageRoot.appendingPathComponent("Templates").path
    try source.write(toFile: folder + "/Models/Author.swift", atomically: true, encoding: .utf8)
    return try Generator.run(
      GeneratorOptions(
        sources: [folder + "/Models"], output: folder + "/Generated", templates: templates,
        root: folder, mode: .write, usesStamp: false))
  }

  private func file(_ path: String) throws -> String {
    try String(contentsOfFile: folder + "/Generated/" + path, encoding: .utf8)
  }

  private static func author(_ annotation: String) -> String {
    """
    import Foundation

    \(annotation)
    struct Author: Sendable {
      var id: Int64
      var name: String
      var born: Date
      var died: Date?
    }
    """
  }

  func testTheAnnotationMakesTextColumnsAndMigrationsBothWays() throws {
    let real = try generate(Self.author("// quarry: table = \"authors\""))
    XCTAssertEqual(real.diagnostics, [])
    let schema = try file("Schema.sql")
    XCTAssertTrue(
      schema.contains(#"  "born" REAL NOT NULL,"# + "\n" + #"  "died" REAL"#), schema)

    let text = try generate(Self.author("// quarry: table = \"authors\", dateStorage = iso8601"))
    XCTAssertEqual(text.diagnostics, [])
    assertSnapshot(try file("Schema.sql"), named: "testDateStorageSchema.sql.txt")
    let swift = try file("Author+Quarry.swift")
    XCTAssertTrue(swift.contains(#"static let born = Column<Author, Date>(iso8601: "born")"#))
    XCTAssertTrue(swift.contains("try statement.bindISO8601(died, at: 4)"), swift)
    assertSnapshot(
      try file("Migrations/0001_authors_rebuild.swift"),
      named: "testDateStorageMigrationToText.swift.txt")

    _ = try generate(Self.author("// quarry: table = \"authors\""))
    assertSnapshot(
      try file("Migrations/0002_authors_rebuild.swift"),
      named: "testDateStorageMigrationToReal.swift.txt")
  }
}
