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
    // One function per snippet, each on its own line: one compiler run checks them all.
    var source = "import Foundation\nimport Quarry\n\n"
    let firstLine = 4
    for (index, snippet) in snippets.enumerated() {
      source += "func snippet\(index)(_ db: Database) throws { \(snippet.code) }\n"
    }
    let check = try SwiftTypeCheck.run(source)
    var errorsByLine: [Int: [String]] = [:]
    for diagnostic in check.diagnostics where diagnostic.severity == "error" {
      errorsByLine[diagnostic.line, default: []].append(diagnostic.message)
    }
    XCTAssertNotEqual(check.status, 0)
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
      "errors outside the snippets:\n\(check.output)")
  }
}
