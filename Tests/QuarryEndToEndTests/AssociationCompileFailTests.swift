import Foundation
import QuarryTestSupport
import XCTest

/// Conditions and orderings on a joined table's columns compile only where that table is
/// joined (or included): each snippet is type-checked by `swiftc` against the built Quarry
/// module and this target's models and generated code, and must fail with the expected message
/// (the control snippets must compile).
final class AssociationCompileFailTests: XCTestCase {
  /// A snippet and the text its error must contain; nil for snippets that must compile.
  private let snippets: [(name: String, code: String, error: String?)] = [
    (
      "order by a table that is not joined", "_ = Book.all().order(Author.Columns.name.asc)",
      "cannot convert value of type 'SQLOrdering<Author>' to expected argument type 'SQLOrdering<Book>'"
    ),
    (
      "filter on a table that is not joined",
      "_ = Book.all().filter(Author.Columns.name == \"Frank Herbert\")",
      "cannot convert value of type 'SQLExpression<Author>' to expected argument type 'SQLExpression<Book>'"
    ),
    (
      "order by another table than the joined one",
      "_ = Book.all().joining(Book.author).order(Tag.Columns.name.asc)",
      "cannot convert value of type 'SQLOrdering<Tag>' to expected argument type 'SQLOrdering<Book>'"
    ),
    (
      "filter on another table than the joined one",
      "_ = Book.all().joining(Book.author).filter(Tag.Columns.name == \"classic\")",
      "cannot convert value of type 'SQLExpression<Tag>' to expected argument type 'SQLExpression<Book>'"
    ),
    (
      "order by another table than the included one",
      "_ = Book.all().including(Book.author).order(Tag.Columns.name.asc)",
      "no exact matches in call to instance method 'order'"
    ),
    (
      "filter on another table than the included one",
      "_ = Book.all().including(Book.editor).filter(Tag.Columns.name == \"classic\")",
      "no exact matches in call to instance method 'filter'"
    ),
    (
      "order included to-many rows by another table",
      "_ = Author.all().including(Author.books).order(Tag.Columns.name.asc)",
      "no exact matches in call to instance method 'order'"
    ),
    (
      "control: choose and sort the included to-many rows",
      "let _: [(Author, [Book])] = try db.read { try $0.fetchAll(Author.all().including(Author.books).filter(Book.Columns.title != \"x\").order(Book.Columns.title.asc).order(Author.Columns.name.asc)) }",
      nil
    ),
    (
      "a joined condition in a fetch that did not join",
      "let _: [Book] = try db.read { try $0.fetchAll(Book.all().order(Author.Columns.name.asc)) }",
      "cannot convert value of type 'SQLOrdering<Author>' to expected argument type 'SQLOrdering<Book>'"
    ),
    (
      "control: order by the joined table",
      "let _: [Book] = try db.read { try $0.fetchAll(Book.all().joining(Book.author).order(Author.Columns.name.asc).thenOrder(Book.Columns.title.asc)) }",
      nil
    ),
    (
      "control: filter on the joined table, then on the own table",
      "_ = Book.all().joining(Book.editor).filter(Author.Columns.name == \"U\").filter(Book.Columns.title != \"Dune\")",
      nil
    ),
    (
      "control: the issue's joining example",
      "let _: [Book] = try db.read { try $0.fetchAll(Book.all().joining(Book.author, where: Author.Columns.name == \"Frank Herbert\").order(Book.Columns.title.asc)) }",
      nil
    ),
    (
      "control: order and filter by the included table",
      "let _: [(Book, Author?)] = try db.read { try $0.fetchAll(Book.all().including(Book.editor).filter(Author.Columns.name != \"x\").order(Author.Columns.name.asc)) }",
      nil
    ),
    (
      "control: a plain query where one is asked for",
      "let plain: Query<Book> = Book.all().joining(Book.author); _ = db.observe(plain); _ = db.observe(Book.all().joining(Book.author, where: Author.Columns.name == \"x\"))",
      nil
    ),
    (
      "control: many-to-many in joining, including and fetchAll(_:of:)",
      "let _: [(Book, [Tag])] = try db.read { try $0.fetchAll(Book.all().joining(Book.tags, where: Tag.Columns.name == \"classic\").including(Book.tags)) }; let _: [Book] = try db.read { try $0.fetchAll(Tag.books, of: Tag(id: 1, name: \"classic\")) }",
      nil
    ),
  ]

  func testJoinedColumnsCompileOnlyWhereJoined() throws {
    let package = QuarryBinary.packageRoot
    let modules = try XCTUnwrap(
      [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
          .appendingPathComponent("Modules"),
        package.appendingPathComponent(".build/debug/Modules"),
      ].first {
        FileManager.default.fileExists(atPath: $0.appendingPathComponent("Quarry.swiftmodule").path)
      },
      "the built Quarry module")
    let folder = try QuarryBinary.temporaryFolder(self)

    // One function per snippet, each on its own line: one compiler run checks them all.
    var source = "import Foundation\nimport Quarry\n\n"
    let firstLine = 4
    for (index, snippet) in snippets.enumerated() {
      source += "func snippet\(index)(_ db: Database) throws { \(snippet.code) }\n"
    }
    let file = folder.appendingPathComponent("Snippets.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    var models: [String] = []
    for name in ["Models", "Generated"] {
      let directory = QuarryBinary.testFolder.appendingPathComponent(name)
      models += try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasSuffix(".swift") }.sorted()
        .map { directory.appendingPathComponent($0).path }
    }

    let run = try QuarryBinary.runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "swiftc", "-swift-version", "6", "-typecheck", "-diagnostic-style=llvm",
        "-I", modules.path,
      ] + CModuleSearchPaths.arguments(packageRoot: package) + [file.path] + models, in: folder)
    let text = run.standardOutput + run.standardError

    // `Snippets.swift:<line>:<column>: error: <message>`
    var errorsByLine: [Int: [String]] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix(file.path + ":") {
      let parts = line.dropFirst(file.path.count + 1).split(separator: ":", maxSplits: 3)
      guard parts.count == 4, parts[2] == " error", let number = Int(parts[0]) else { continue }
      errorsByLine[number, default: []].append(String(parts[3].dropFirst()))
    }
    XCTAssertNotEqual(run.exitCode, 0)
    for (index, snippet) in snippets.enumerated() {
      let errors = errorsByLine[firstLine + index] ?? []
      if let expected = snippet.error {
        XCTAssertTrue(
          errors.contains { $0.contains(expected) },
          "\(snippet.name): expected an error containing \"\(expected)\", got \(errors)")
      } else {
        XCTAssertEqual(errors, [], "\(snippet.name) must compile")
      }
    }
    XCTAssertEqual(
      errorsByLine.keys.filter { $0 < firstLine || $0 >= firstLine + snippets.count }, [],
      "errors outside the snippets:\n\(text)")
  }
}
