import QuarryGen
import XCTest

/// `SourceScanner(keepsTypes: false)`, the scan `quarry generate` runs when no template names
/// Sourcery's `types` or `type`: everything the persistence model reads is the same as in a
/// full scan, diagnostics included; only `types` is left empty.
final class ModelOnlyScanTests: XCTestCase {
  private let source = """
    import Foundation

    public protocol Store: AnyObject {
      associatedtype Item
      func load() async throws -> [Item]
      var count: Int { get }
    }

    final class Cache: Store, Sendable {
      var items: [Bird] = []
      var count: Int { items.count }
      func load() async throws -> [Bird] { items }
      struct Entry: Codable { var key: String }
      enum Mode: String { case fast, slow }
      var broken:
    }

    // quarry: persist
    struct Bird: Sendable, Codable {
      var id: Int64
      var name: String
      var label: String { name.uppercased() }
      func encode(to encoder: any Encoder) throws {}
    }

    extension Bird: Identifiable, CustomStringConvertible {
      var description: String { name }
      func fly() {}
    }

    extension Money: DatabaseValueConvertible {}
    struct Money { var cents: Int }
    """

  func testAModelOnlyScanKeepsWhatTheModelReadsAndDropsTypes() {
    let file = SourceFile(path: "Test.swift", text: source)
    let full = SourceScanner().scan(file)
    let modelOnly = SourceScanner(keepsTypes: false).scan(file)
    XCTAssertEqual(full.types.map(\.name), ["Store", "Cache", "Bird", "Money"])
    XCTAssertTrue(full.types.contains { !$0.members.isEmpty })
    XCTAssertEqual(modelOnly.types, [])
    XCTAssertEqual(modelOnly.structs, full.structs)
    XCTAssertEqual(modelOnly.structs.map(\.name), ["Cache.Entry", "Bird", "Money"])
    XCTAssertEqual(modelOnly.structs[1].members.methods.map(\.name), ["encode"])
    XCTAssertEqual(modelOnly.enums, full.enums)
    XCTAssertEqual(modelOnly.conformances, full.conformances)
    XCTAssertEqual(
      modelOnly.conformances.map(\.typeName), ["Cache", "Bird", "Money"])
    // `var broken:` in the class is still read, and still reported.
    XCTAssertFalse(full.diagnostics.isEmpty)
    XCTAssertEqual(modelOnly.diagnostics, full.diagnostics)
  }

  func testProjectScannerPassesTheChoiceOn() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-model-only-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("Test.swift").path
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    let full = ProjectScanner.scan([(path, "Test.swift")])
    let modelOnly = ProjectScanner.scan([(path, "Test.swift")], keepsTypes: false)
    XCTAssertEqual(full.first??.types.count, 4)
    XCTAssertEqual(modelOnly.first??.types, [])
    XCTAssertEqual(modelOnly.first??.structs, full.first??.structs)
  }
}
