import Foundation
import XCTest

/// Conditions and orderings on a joined table's columns compile only where that table is
/// joined (or included): each snippet is type-checked by `swiftc` against the built Quarry
/// module and this target's models and generated code, and must fail with the expected message
/// (the control snippets must compile).
final class AssociationCompileFailTests: XCTestCase {
  /// A snippet and the text its error must contain; nil for snippets that must compile.
  private let snippets: [CompileSnippet] = [
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
    try assertSnippetsTypeCheck(snippets, test: self)
  }
}
