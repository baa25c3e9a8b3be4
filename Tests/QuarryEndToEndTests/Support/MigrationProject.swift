import Foundation
import QuarryGen
import QuarryTestSupport
import XCTest

/// A project whose structs change version by version, as an app's do between releases: each
/// version's models go through the generator into one `Generated/` folder (so each run sees
/// the previous `Schema.sql` and the migrations already written), and each version is
/// compiled with its generated code into a small program linked against this build's Quarry.
///
/// The program (`MigrationProject.driver`) takes a command and a database path (or a
/// PostgreSQL connection string, `PostgresTestDatabase.conninfo`): `create`
/// migrates and inserts the version's rows, `migrate` migrates, `dump` does neither; each
/// then prints `MigrationDump.swift`'s dump (schema and rows through raw SQL, rows decoded
/// through the generated code, integrity and foreign-key checks).
///
/// ```swift
/// var project = try MigrationProject(self)
/// try project.generate(["Book.swift": version1])
/// let v1 = try project.build("v1", inserts: "try db.insert(Book(id: 1, isbn: \"1\"))", decodes: ["Book"])
/// try project.run(v1, "create", database)
/// ```
struct MigrationProject {
  let root: URL
  /// The generated migration files after each `generate`, by version, for byte comparisons.
  private(set) var migrationFiles: [[String: String]] = []

  init(_ test: XCTestCase) throws {
    root = try QuarryBinary.temporaryFolder(test)
  }

  var generated: URL { root.appendingPathComponent("Generated") }

  /// Replaces the models with `models` (file name -> source) and runs the generator over them;
  /// fails the test on any diagnostic.
  @discardableResult
  mutating func generate(
    _ models: [String: String], file: StaticString = #filePath, line: UInt = #line
  ) throws -> GenerationResult {
    let folder = root.appendingPathComponent("Models")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, source) in models {
      try source.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let result = try Generator.run(
      GeneratorOptions(
        sources: [folder.path], output: generated.path,
        templates: QuarryBinary.packageRoot.appendingPathComponent("Templates").path,
        root: root.path, usesStamp: false))
    let rendered = DiagnosticRenderer(files: result.files).render(result.diagnostics)
    XCTAssertEqual(rendered, "", file: file, line: line)
    migrationFiles.append(
      QuarryBinary.tree(generated.appendingPathComponent("Migrations")))
    return result
  }

  /// Compiles the current models and generated code with a driver that inserts `inserts`
  /// (statements run in `db.write { db in … }`) on `create`, and decodes every row of each
  /// type in `decodes` through the generated code.
  func build(_ name: String, inserts: String, decodes: [String]) throws -> URL {
    let folder = root.appendingPathComponent("build-" + name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var sources: [URL] = []
    for base in ["Models", "Generated"] {
      for (relative, text) in QuarryBinary.tree(root.appendingPathComponent(base))
      where relative.hasSuffix(".swift") {
        let copy = folder.appendingPathComponent(base + "/" + relative)
        try FileManager.default.createDirectory(
          at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: copy, atomically: true, encoding: .utf8)
        sources.append(copy)
      }
    }
    let main = folder.appendingPathComponent("main.swift")
    try Self.driver(inserts: inserts, decodes: decodes).write(
      to: main, atomically: true, encoding: .utf8)
    let dump = folder.appendingPathComponent("MigrationDump.swift")
    try String(contentsOf: Self.dumpSource, encoding: .utf8).write(
      to: dump, atomically: true, encoding: .utf8)
    let executable = folder.appendingPathComponent("app")
    let products = QuarryBinary.executable.deletingLastPathComponent()
    let objects = try FileManager.default.contentsOfDirectory(
      atPath: products.appendingPathComponent("Quarry.build").path
    ).filter { $0.hasSuffix(".o") }.sorted().map { products.path + "/Quarry.build/" + $0 }
    guard !objects.isEmpty else { throw XCTSkip("no Quarry objects under \(products.path)") }
    let modules = try HostileModelTests.moduleFolder()
    let run = try QuarryBinary.runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "swiftc", "-swift-version", "6", "-module-name", "App", "-package-name", "App",
        "-I", modules.path, "-o", executable.path,
      ] + CModuleSearchPaths.arguments(packageRoot: QuarryBinary.packageRoot)
        + [main.path, dump.path] + sources.map(\.path) + objects
        + CModuleSearchPaths.linkerArguments,
      in: folder)
    // Zero warnings in generated code, as everywhere.
    let output = run.standardError + run.standardOutput
    let problems = output.split(separator: "\n").filter {
      $0.contains(": error: ") || $0.contains(": warning: ")
    }
    if run.exitCode != 0 || !problems.isEmpty {
      XCTFail("version \(name) does not compile cleanly:\n\(output)")
    }
    return executable
  }

  /// Runs a built version: `command` (`create`, `migrate`, `dump`) on the database at `path`;
  /// `create` then runs `sql` if given.
  func run(_ executable: URL, _ command: String, _ path: String, sql: String? = nil) throws
    -> QuarryRun
  {
    try QuarryBinary.runProcess(executable, [command, path] + (sql.map { [$0] } ?? []), in: root)
  }

  /// A fresh database path inside the project.
  func database(_ name: String) -> String {
    root.appendingPathComponent(name + ".sqlite").path
  }

  static let dumpSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/Migration/MigrationDump.swift")

  static func driver(inserts: String, decodes: [String]) -> String {
    let decoded = decodes.map { type in
      "print(\"decoded \(type): \\(try db.read { try $0.fetchAll(\(type).self) }.count)\")"
    }
    return """
      import Foundation
      import Quarry

      let arguments = CommandLine.arguments
      // A libpq connection string ("host=… dbname=…") is a PostgreSQL database.
      let postgres = arguments[2].contains("dbname=")
      let db = try postgres ? Database(postgres: arguments[2]) : Database(path: arguments[2])
      do {
        if arguments[1] == "create" || arguments[1] == "migrate" {
          try db.migrate(QuarryTables.all)
        }
        if arguments[1] == "create" {
          try db.write { db in
            \(inserts)
          }
          // Then SQL of the test's, to make rows no struct would write.
          if arguments.count > 3 { try db.write { try $0.execute(arguments[3]) } }
        }
      } catch {
        print("error: \\(error)")
        exit(1)
      }
      print(try MigrationDump.text(of: db, postgres: postgres))
      \(decoded.joined(separator: "\n"))

      """
  }
}
