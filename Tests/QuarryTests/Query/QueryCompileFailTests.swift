import Foundation
import XCTest

/// Wrong queries do not compile: each snippet is type-checked by `swiftc` against the built
/// Quarry module and the library fixture, and must fail with the expected message (and the
/// control snippets must compile).
final class QueryCompileFailTests: XCTestCase {
  /// A snippet and the text its error must contain; nil for snippets that must compile.
  private let snippets: [(name: String, code: String, error: String?)] = [
    (
      "wrong-table filter", "_ = Book.all().filter(Loan.Columns.returned == true)",
      "cannot convert value of type 'SQLExpression<Loan>' to expected argument type 'SQLExpression<Book>'"
    ),
    (
      "wrong-table shorthand, the issue's example",
      "_ = try db.read { try $0.count(Loan.self, where: Book.Columns.title != \"Dune\") }",
      "cannot convert value of type 'SQLExpression<Book>' to expected argument type 'SQLExpression<Loan>'"
    ),
    (
      "wrong-table order", "_ = Book.all().order(Loan.Columns.days.asc)",
      "cannot convert value of type 'SQLOrdering<Loan>' to expected argument type 'SQLOrdering<Book>'"
    ),
    (
      "wrong-table selection", "_ = Book.all().select(Book.Columns.title, Loan.Columns.days)",
      "requires the types 'Book' and 'Loan' be equivalent"
    ),
    (
      "wrong-table grouping",
      "_ = Book.all().select(Book.Columns.genre).group(Loan.Columns.days)",
      "requires the types 'Book' and 'Loan' be equivalent"
    ),
    (
      "wrong-table having",
      "_ = Book.all().select(Book.Columns.genre).having(Loan.Columns.days.count > 1)",
      "cannot convert value of type 'SQLExpression<Loan>' to expected argument type 'SQLExpression<Book>'"
    ),
    (
      "wrong-table assignment",
      "_ = try db.write { try $0.updateAll(Book.all(), set: Loan.Columns.days.set(to: 1)) }",
      "cannot convert value of type 'ColumnAssignment<Loan>' to expected argument type 'ColumnAssignment<Book>'"
    ),
    (
      "two tables in one condition",
      "_ = Book.all().filter(Book.Columns.price > 5 && Loan.Columns.returned == false)",
      "cannot convert value of type 'SQLExpression<Loan>' to expected argument type 'SQLExpression<Book>'"
    ),
    (
      "mismatched value", "_ = Book.all().filter(Book.Columns.price > \"cheap\")",
      "cannot convert value of type 'String' to expected argument type 'Decimal'"
    ),
    (
      "mismatched columns", "_ = Book.all().filter(Book.Columns.title == Book.Columns.price)",
      "requires the types 'String?' and 'Decimal?' be equivalent"
    ),
    (
      "mismatched assignment", "_ = Book.Columns.price.set(to: \"ten\")",
      "cannot convert value of type 'String' to expected argument type 'Decimal'"
    ),
    (
      "optional expression into a non-optional column",
      "_ = Book.Columns.price.set(to: Book.Columns.price.max)",
      "requires the types 'Decimal' and 'Decimal?' be equivalent"
    ),
    (
      "optional column into a non-optional column",
      "_ = Book.Columns.title.set(to: Book.Columns.subtitle)",
      "requires the types 'String' and 'String?' be equivalent"
    ),
    (
      "optional arithmetic into a non-optional column",
      "_ = Book.Columns.published.set(to: Book.Columns.published + Book.Columns.pages)",
      "requires the types 'Int' and 'Int?' be equivalent"
    ),
    (
      "mismatched subquery",
      "_ = Book.all().filter(Book.Columns.id.in(Member.all().select(Member.Columns.name)))",
      "instance method 'in' requires the types 'String?' and"
    ),
    (
      "sum of text", "_ = Book.Columns.title.sum",
      "property 'sum' requires that 'String' conform to 'DatabaseNumeric'"
    ),
    (
      "control: subquery of matching type",
      "_ = Book.all().filter(Book.Columns.id.in(Loan.all().select(Loan.Columns.bookID)))", nil
    ),
    (
      "control: optional arithmetic into an optional column",
      "_ = Book.Columns.pages.set(to: Book.Columns.pages + Book.Columns.published)", nil
    ),
    (
      "control: non-optional expression into an optional column",
      "_ = Book.Columns.subtitle.set(to: Book.Columns.title.lowercased)", nil
    ),
    (
      "control: ifNull into a non-optional column",
      "_ = Book.Columns.title.set(to: Book.Columns.subtitle.ifNull(\"none\"))", nil
    ),
    (
      "control: shorthand of the right table",
      "_ = try db.read { try $0.count(Book.self, where: Book.Columns.title != \"Dune\") }", nil
    ),
  ]

  func testWrongQueriesDoNotCompile() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
    let package = root.deletingLastPathComponent().deletingLastPathComponent()
    let modules = try XCTUnwrap(
      [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
          .appendingPathComponent("Modules"),
        package.appendingPathComponent(".build/debug/Modules"),
      ].first {
        FileManager.default.fileExists(atPath: $0.appendingPathComponent("Quarry.swiftmodule").path)
      },
      "the built Quarry module")
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-compile-fail-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    // One function per snippet, each on its own line: one compiler run checks them all.
    var source = "import Foundation\nimport Quarry\n\n"
    let firstLine = 4
    for (index, snippet) in snippets.enumerated() {
      source += "func snippet\(index)(_ db: Database) throws { \(snippet.code) }\n"
    }
    let file = folder.appendingPathComponent("Snippets.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let library = root.appendingPathComponent("Fixtures/Library")
    let fixtures = try FileManager.default.contentsOfDirectory(atPath: library.path)
      .filter { $0.hasSuffix(".swift") }.sorted().map { library.appendingPathComponent($0).path }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "swiftc", "-swift-version", "6", "-typecheck", "-diagnostic-style=llvm",
        "-I", modules.path, "-I", package.appendingPathComponent("Sources/CSQLite").path, file.path,
      ] + fixtures
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)

    // `Snippets.swift:<line>:<column>: error: <message>`
    var errorsByLine: [Int: [String]] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix(file.path + ":") {
      let parts = line.dropFirst(file.path.count + 1).split(separator: ":", maxSplits: 3)
      guard parts.count == 4, parts[2] == " error", let number = Int(parts[0]) else { continue }
      errorsByLine[number, default: []].append(String(parts[3].dropFirst()))
    }
    XCTAssertNotEqual(process.terminationStatus, 0)
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
