import XCTest

/// A typed JSON path has its property's type and exists only for stored, encoded properties
/// of a JSON column's struct: each snippet is type-checked against `JSONPaths/Models` and its
/// generated code, and must fail with the expected message (the controls must compile).
final class JSONPathCompileFailTests: XCTestCase {
  private let snippets: [CompileSnippet] = [
    (
      "text compared with a number path", "_ = Edition.Columns.meta.pages > \"many\"",
      "requires that 'JSONPath<Edition, Int>' conform to 'StringProtocol'"
    ),
    (
      "number compared with a text path", "_ = Edition.Columns.meta.subtitle == 5",
      "requires that 'JSONPath<Edition, String>' conform to 'BinaryInteger'"
    ),
    (
      "text compared through an optional intermediate",
      "_ = Edition.Columns.meta.editor.born > \"x\"",
      "conform to 'StringProtocol'"
    ),
    (
      "a Data property has no path", "_ = Edition.Columns.meta.scan",
      "has no dynamic member 'scan'"
    ),
    (
      "a property left out of CodingKeys has no path", "_ = Edition.Columns.meta.draftCount",
      "has no dynamic member 'draftCount'"
    ),
    (
      "a computed property has no path", "_ = Edition.Columns.meta.pagesTwice",
      "has no dynamic member 'pagesTwice'"
    ),
    (
      "a static property has no path", "_ = Edition.Columns.meta.schemaVersion",
      "has no dynamic member 'schemaVersion'"
    ),
    (
      "a column that is not JSON has no paths", "_ = Edition.Columns.title.pages",
      "no exact matches in reference to subscript"
    ),
    (
      "a path of another table", "_ = Book.all().filter(Edition.Columns.meta.pages > 5)",
      "cannot convert value of type 'SQLExpression<Edition>' to expected argument type 'SQLExpression<Book>'"
    ),
    (
      "control: the issue's example",
      "let _: [Edition] = try db.read { try $0.fetchAll(Edition.all().filter(Edition.Columns.meta.pages > 500)) }",
      nil
    ),
    (
      "control: nested, optional and optional-root paths have optional types",
      "let _: JSONPath<Edition, String> = Edition.Columns.meta.author.name; let _: JSONPath<Edition, Int?> = Edition.Columns.meta.editor.born; let _: JSONPath<Edition, String?> = Edition.Columns.meta.editor.name; let _: JSONPath<Edition, Double?> = Edition.Columns.extra.weight",
      nil
    ),
    (
      "control: an optional property through an optional struct is optional once",
      "let born = Edition.Columns.meta.editor.born; let _: JSONPath<Edition, Int?> = born; let note = Edition.Columns.extra.note; let _: JSONPath<Edition, String?> = note",
      nil
    ),
    (
      "control: the JSON column itself still orders, selects and is assigned",
      "_ = Edition.all().order(Edition.Columns.meta.asc).select(Edition.Columns.meta); _ = Edition.Columns.extra.set(to: nil); _ = Edition.Columns.meta.isNull",
      nil
    ),
  ]

  func testPathsCompileOnlyForTheirPropertysType() throws {
    try assertSnippetsTypeCheck(
      snippets, folders: ["Models", "Generated", "JSONPaths/Models", "JSONPaths/Generated"],
      test: self)
  }
}
