import Foundation
import QuarryGen
import XCTest

/// Internal structs and raw-value enums that declare no `Sendable`, as the relationships
/// issue writes its models (`struct Author { var id: UUID; var name: String }`): Swift infers
/// `Sendable` for them but accepts the conformance `TableRecord` and `DatabaseValueConvertible`
/// need only in their own file, so the generated file declares it (`@unchecked`), with a
/// `checkSendable()` through which the compiler still checks every stored property's type.
final class InferredSendableTests: XCTestCase {
  func testTheRelationshipIssuesModelsWithoutSendableCompileAsWritten() throws {
    let (generated, problems) = try generateAndTypecheck(
      """
      import Foundation

      // quarry: persist
      struct Author { var id: UUID; var name: String }
      // quarry: persist
      struct Book {
        var id: UUID
        var title: String
        // quarry: references = Author, onDelete = cascade
        var authorID: UUID
        var kind: Kind
        var ratings: [String: Int]?
        // quarry: ignore
        var onChange: (@Sendable () -> Void)? = nil
      }
      enum Kind: String { case novel, essay }
      // quarry: persist
      struct Recipe {
        var id: UUID
        var title: String
        // quarry: owned
        var steps: [Step]            // its own table, saved, replaced and deleted with the recipe
        // quarry: owned
        var nutrition: Nutrition?    // a to-one owned child
      }
      struct Step { var text: String; var minutes: Int }     // no key of its own, no annotation needed
      struct Nutrition { var calories: Int; var salt: Double? }
      // quarry: persist
      struct Owl: Codable & Sendable { var id: UUID }
      // quarry: persist
      struct Bat { var id: UUID; var level: Level }
      extension Bat: Sendable {}
      enum Level: Int { case low = 1 }
      extension Level: Sendable {}
      """)
    XCTAssertEqual(problems, [])
    XCTAssertTrue(
      generated["Book+Quarry.swift"]?.contains(
        """
        extension Book: @unchecked Sendable {
          private static func checkSendable() {
            func sendable<T: Sendable>(_: T.Type) {}
            sendable(UUID.self)
            sendable(String.self)
            sendable(Kind.self)
            sendable([String: Int]?.self)
            sendable((@Sendable () -> Void)?.self)
          }
        }
        """) == true, generated["Book+Quarry.swift"] ?? "no Book+Quarry.swift")
    XCTAssertTrue(
      generated["Kind+Quarry.swift"]?.contains("extension Kind: @unchecked Sendable {}\n") == true,
      generated["Kind+Quarry.swift"] ?? "no Kind+Quarry.swift")
    for declared in ["Owl+Quarry.swift", "Bat+Quarry.swift", "Level+Quarry.swift"] {
      XCTAssertEqual(generated[declared]?.contains("@unchecked"), false, declared)
    }
  }

  func testAStoredPropertyOfANonSendableTypeStillFailsToCompile() throws {
    let (_, problems) = try generateAndTypecheck(
      """
      import Foundation

      final class Cache {}
      // quarry: persist
      struct Thumbnail {
        var id: UUID
        // quarry: ignore
        var cache: Cache? = nil
      }
      """)
    XCTAssertEqual(problems.count, 1, "\(problems)")
    XCTAssertTrue(
      problems.first?.hasSuffix(
        "Thumbnail+Quarry.swift:13:5: error: type 'Cache' does not conform to the 'Sendable' "
          + "protocol") == true, "\(problems)")
  }

  func testAStoredTypeTheGeneratedCodeCannotNameAsksForSendable() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    let model = folder.appendingPathComponent("Models/M.swift")
    try FileManager.default.createDirectory(
      at: model.deletingLastPathComponent(), withIntermediateDirectories: true)
    try """
    import Foundation

    // quarry: persist
    struct Owl {
      var id: UUID
      // quarry: ignore
      var cache = makeCache()
    }
    // quarry: persist
    struct Bat: Hashable {
      var id: UUID
      @Clamped var wingspan: Int = 0
    }
    """.write(to: model, atomically: true, encoding: .utf8)
    let run = try QuarryBinary.run(
      ["generate", "Models", "--output", "Generated", "--root", "."], in: folder)
    XCTAssertEqual(run.exitCode, 1)
    XCTAssertEqual(
      run.standardError,
      """
      Models/M.swift:4:8: error: struct 'Owl' must declare 'Sendable': 'TableRecord' requires it, \
      and the generated conformance in another file can check it only through each stored \
      property's type, but the type of 'cache' is not written; write 'struct Owl: Sendable'
      struct Owl {
             ^
      Models/M.swift:10:8: error: struct 'Bat' must declare 'Sendable': 'TableRecord' requires it, \
      and the generated conformance in another file can check it only through each stored \
      property's type, but 'wingspan' is stored through '@Clamped'; write 'struct Bat: Hashable, \
      Sendable'
      struct Bat: Hashable {
             ^
      quarry: 2 errors; nothing was written

      """)
  }

  /// Generates `source` with the default templates and type-checks the model with everything
  /// generated (less QuarryTables.swift); the generated Swift files by name, and each error or
  /// warning line.
  private func generateAndTypecheck(_ source: String) throws -> ([String: String], [String]) {
    let folder = try QuarryBinary.temporaryFolder(self)
    let model = folder.appendingPathComponent("Models/M.swift")
    try FileManager.default.createDirectory(
      at: model.deletingLastPathComponent(), withIntermediateDirectories: true)
    try source.write(to: model, atomically: true, encoding: .utf8)
    let output = folder.appendingPathComponent("Generated")
    let result = try Generator.run(
      GeneratorOptions(
        sources: [model.path], output: output.path,
        templates: QuarryBinary.packageRoot.appendingPathComponent("Templates").path,
        root: folder.path, usesStamp: false))
    XCTAssertEqual(DiagnosticRenderer(files: result.files).render(result.diagnostics), "")
    var generated: [String: String] = [:]
    var files = [model]
    for name in try FileManager.default.contentsOfDirectory(atPath: output.path)
    where name.hasSuffix(".swift") {
      let url = output.appendingPathComponent(name)
      generated[name] = try String(contentsOf: url, encoding: .utf8)
      files.append(url)
    }
    let problems = try HostileModelTests.typecheck(files, modules: HostileModelTests.moduleFolder())
    return (generated, problems.map(\.line))
  }
}
