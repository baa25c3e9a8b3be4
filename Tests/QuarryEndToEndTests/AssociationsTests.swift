import Foundation
import Quarry
import XCTest

/// Runs the generated associations of `Models/Library.swift`: joining, including, fetching
/// through an association, many-to-many, and each foreign key action, on SQLite and on
/// PostgreSQL. Answers are compared with the inserted values (plain Swift literals) and, where
/// rows are kept or gone, with raw SQL on the engine.
final class AssociationsTests: EngineEndToEndTestCase {
  private let frank = Author(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!, name: "Frank Herbert")
  private let ursula = Author(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!, name: "Ursula K. Le Guin")
  private let alone = Author(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000C")!, name: "Nobody")

  private func book(_ number: Int, _ title: String, by author: Author, editor: Author? = nil) -> Book {
    Book(
      id: UUID(uuidString: String(format: "00000000-0000-0000-0001-%012d", number))!,
      title: title, authorID: author.id, editorID: editor?.id)
  }

  private lazy var dune = book(1, "Dune", by: frank, editor: ursula)
  private lazy var messiah = book(2, "Dune Messiah", by: frank)
  private lazy var earthsea = book(3, "A Wizard of Earthsea", by: ursula, editor: ursula)

  override func setUpEngine(_ engine: Engine) throws {
    let books = [dune, messiah, earthsea]
    try database.write { db in
      for author in [self.frank, self.ursula, self.alone] { try db.insert(author) }
      for book in books { try db.insert(book) }
      try db.insert(Tag(id: 1, name: "classic"))
      try db.insert(Tag(id: 2, name: "desert"))
      try db.insert(BookTag(bookID: books[0].id, tagID: 1))
      try db.insert(BookTag(bookID: books[0].id, tagID: 2))
      try db.insert(BookTag(bookID: books[2].id, tagID: 1))
    }
  }

  func testJoiningFiltersByTheJoinedTablesColumns() {
    forEachEngine { _ in
      let herbert: [Book] = try database.read { db in
        try db.fetchAll(
          Book.all().joining(Book.author, where: Author.Columns.name == "Frank Herbert")
            .order(Book.Columns.title.asc))
      }
      XCTAssertEqual(herbert.map(\.title), ["Dune", "Dune Messiah"])
      let edited = try database.read { try $0.fetchAll(Book.all().joining(Book.editor)) }
      XCTAssertEqual(Set(edited.map(\.title)), ["Dune", "A Wizard of Earthsea"])
      let writers = try database.read { db in
        try db.fetchAll(
          Author.all().joining(Author.books, where: Book.Columns.title.like("Dune%"))
            .order(Author.Columns.name.asc))
      }
      XCTAssertEqual(writers.map(\.name), ["Frank Herbert"])
      let classics = try database.read { db in
        try db.fetchAll(
          Book.all().joining(Book.tags, where: Tag.Columns.name == "classic")
            .order(Book.Columns.title.asc))
      }
      XCTAssertEqual(classics.map(\.title), ["A Wizard of Earthsea", "Dune"])
      let duneTags = try database.read { db in
        try db.fetchAll(
          Tag.all().joining(Tag.books, where: Book.Columns.title == "Dune")
            .order(Tag.Columns.name.desc))
      }
      XCTAssertEqual(duneTags.map(\.name), ["desert", "classic"])
      let earthseaTags = try database.read { db in
        try db.fetchAll(
          Tag.all().joining(Tag.books, where: Book.Columns.title == "A Wizard of Earthsea")
            .including(Tag.books))
      }
      XCTAssertEqual(
        earthseaTags.map { "\($0.0.name): \($0.1.map(\.title).sorted())" },
        [#"classic: ["A Wizard of Earthsea", "Dune"]"#])
    }
  }

  func testConditionsAndOrderingsOnAJoinedTablesColumns() {
    forEachEngine { engine in
      log.removeAll()
      let byAuthor: [Book] = try database.read { db in
        try db.fetchAll(
          Book.all().joining(Book.author).order(Author.Columns.name.desc)
            .thenOrder(Book.Columns.title.asc))
      }
      XCTAssertEqual(byAuthor.map(\.title), ["A Wizard of Earthsea", "Dune", "Dune Messiah"])
      // PostgreSQL spells out SQLite's NULL ordering (NULLs first ascending, last descending).
      let (descending, ascending) = engine == .postgres ? (" NULLS LAST", " NULLS FIRST") : ("", "")
      XCTAssertEqual(
        log.statements.filter { $0.hasPrefix("SELECT") },
        [
          #"SELECT "id", "title", "authorID", "editorID" FROM "books" WHERE "authorID" IN "#
            + #"(SELECT "authors"."id" FROM "authors") ORDER BY (SELECT "authors"."name" "#
            + #"FROM "authors" WHERE "authors"."id" = "books"."authorID") DESC\#(descending), "#
            + #""title" ASC\#(ascending)"#
        ])
      let hers = try database.read { db in
        try db.fetchAll(
          Book.all().joining(Book.author).filter(Author.Columns.name == "Ursula K. Le Guin"))
      }
      XCTAssertEqual(hers.map(\.title), ["A Wizard of Earthsea"])
      let edited = try database.read { db in
        try db.fetchAll(
          Book.all().joining(Book.editor).filter(Book.Columns.title != "x")
            .order(Author.Columns.name.asc).thenOrder(Book.Columns.title.asc))
      }
      XCTAssertEqual(edited.map(\.title), ["A Wizard of Earthsea", "Dune"])
      let herbert = Book.all().joining(Book.author).filter(Author.Columns.name == "Frank Herbert")
      XCTAssertEqual(try database.read { try $0.fetchCount(herbert) }, 2)
      XCTAssertEqual(try database.read { try $0.exists(herbert) }, true)
      XCTAssertEqual(
        try database.read { try $0.fetchOne(herbert.order(Book.Columns.title.desc)) }?.title,
        "Dune Messiah")
      XCTAssertEqual(
        try database.read { try $0.fetchAll(herbert.limit(1, offset: 1).order(Author.Columns.name.asc)) }
          .count, 1)
      // Code that wants a plain query still gets one.
      let plain: Query<Book> = Book.all().joining(Book.author, where: Author.Columns.name == "Nobody")
      XCTAssertEqual(try database.read { try $0.fetchCount(plain) }, 0)
      // A second join only filters; the first one's columns still order.
      let classics = try database.read { db in
        try db.fetchAll(
          Book.all().joining(Book.author).joining(Book.tags, where: Tag.Columns.name == "classic")
            .order(Author.Columns.name.asc))
      }
      XCTAssertEqual(classics.map(\.title), ["Dune", "A Wizard of Earthsea"])
    }
  }

  func testIncludingTakesConditionsAndOrderingsOnTheIncludedTable() {
    forEachEngine { _ in
      log.removeAll()
      let byEditor: [(Book, Author?)] = try database.read { db in
        try db.fetchAll(
          Book.all().including(Book.editor).order(Author.Columns.name.asc)
            .thenOrder(Book.Columns.title.asc))
      }
      XCTAssertEqual(byEditor.map(\.0.title), ["Dune Messiah", "A Wizard of Earthsea", "Dune"])
      XCTAssertEqual(byEditor.map { $0.1?.name }, [nil, "Ursula K. Le Guin", "Ursula K. Le Guin"])
      XCTAssertEqual(log.selects, 2)
      log.removeAll()
      let franks: [(Book, Author)] = try database.read { db in
        try db.fetchAll(
          Book.all().including(Book.author).filter(Author.Columns.name == "Frank Herbert")
            .filter(Book.Columns.title != "Dune").order(Book.Columns.title.asc))
      }
      XCTAssertEqual(franks.map { "\($0.0.title) by \($0.1.name)" }, ["Dune Messiah by Frank Herbert"])
      XCTAssertEqual(log.selects, 2)
      let joinedThenIncluded = try database.read { db in
        try db.fetchAll(
          Book.all().joining(Book.author).order(Author.Columns.name.desc)
            .thenOrder(Book.Columns.title.desc).including(Book.editor))
      }
      XCTAssertEqual(
        joinedThenIncluded.map { "\($0.0.title): \($0.1?.name ?? "-")" },
        ["A Wizard of Earthsea: Ursula K. Le Guin", "Dune Messiah: -", "Dune: Ursula K. Le Guin"])
      let writers = try database.read { db in
        try db.fetchAll(
          Author.all().including(Author.books).filter(Author.Columns.name != "Nobody")
            .order(Author.Columns.name.desc).limit(1))
      }
      XCTAssertEqual(writers.map { $0.1.map(\.title) }, [["A Wizard of Earthsea"]])
    }
  }

  func testIncludingToManyChoosesAndSortsTheAssociatedRows() {
    forEachEngine { _ in
      log.removeAll()
      let shelves = try database.read { db in
        try db.fetchAll(
          Author.all().order(Author.Columns.name.asc).including(Author.books)
            .order(Book.Columns.title.desc))
      }
      XCTAssertEqual(
        shelves.map { "\($0.0.name): \($0.1.map(\.title))" },
        [
          #"Frank Herbert: ["Dune Messiah", "Dune"]"#, "Nobody: []",
          #"Ursula K. Le Guin: ["A Wizard of Earthsea"]"#,
        ])
      XCTAssertEqual(log.selects, 2)
      log.removeAll()
      let either = Book.Columns.title == "Dune" || Book.Columns.title == "A Wizard of Earthsea"
      let chosen = try database.read { db in
        try db.fetchAll(
          Author.all().filter(Author.Columns.name != "Nobody").including(Author.books)
            .filter(either).order(Author.Columns.name.desc))
      }
      XCTAssertEqual(
        chosen.map { "\($0.0.name): \($0.1.map(\.title))" },
        [#"Ursula K. Le Guin: ["A Wizard of Earthsea"]"#, #"Frank Herbert: ["Dune"]"#])
      XCTAssertEqual(
        log.statements.filter { $0.hasPrefix("SELECT") }.last,
        #"SELECT "books"."id", "books"."title", "books"."authorID", "books"."editorID", "#
          + #""books"."authorID" FROM "books" WHERE ("books"."title" = ? OR "books"."title" = ?) "#
          + #"AND "books"."authorID" IN (?, ?, ?, ?, ?, ?, ?, ?)"#)
      let tagged = try database.read { db in
        try db.fetchAll(
          Book.all().order(Book.Columns.title.asc).including(Book.tags)
            .filter(Tag.Columns.name != "desert").order(Tag.Columns.name.asc))
      }
      XCTAssertEqual(tagged.map { $0.1.map(\.name) }, [["classic"], ["classic"], []])
      let allTags = try database.read { db in
        try db.fetchAll(
          Book.all().filter(Book.Columns.title == "Dune").including(Book.tags)
            .order(Tag.Columns.name.desc))
      }
      XCTAssertEqual(allTags.map { $0.1.map(\.name) }, [["desert", "classic"]])
    }
  }

  func testIncludingLoadsAssociatedRowsWithOneMoreQuery() {
    forEachEngine { _ in
      log.removeAll()
      let withAuthor: [(Book, Author)] = try database.read { db in
        try db.fetchAll(Book.all().order(Book.Columns.title.asc).including(Book.author))
      }
      XCTAssertEqual(withAuthor.map(\.0.title), ["A Wizard of Earthsea", "Dune", "Dune Messiah"])
      XCTAssertEqual(withAuthor.map(\.1.name), ["Ursula K. Le Guin", "Frank Herbert", "Frank Herbert"])
      XCTAssertEqual(log.selects, 2)
      let withEditor: [(Book, Author?)] = try database.read { db in
        try db.fetchAll(Book.all().order(Book.Columns.title.asc).including(Book.editor))
      }
      XCTAssertEqual(withEditor.map { $0.1?.name }, ["Ursula K. Le Guin", "Ursula K. Le Guin", nil])
      log.removeAll()
      let withBooks: [(Author, [Book])] = try database.read { db in
        try db.fetchAll(Author.all().order(Author.Columns.name.asc).including(Author.books))
      }
      XCTAssertEqual(withBooks.map(\.0.name), ["Frank Herbert", "Nobody", "Ursula K. Le Guin"])
      XCTAssertEqual(
        withBooks.map { $0.1.map(\.title) }, [["Dune", "Dune Messiah"], [], ["A Wizard of Earthsea"]])
      XCTAssertEqual(log.selects, 2)
      let edited = try database.read { try $0.fetchAll(Author.all().including(Author.edited)) }
      XCTAssertEqual(
        edited.first { $0.0.id == ursula.id }?.1.map(\.title).sorted(),
        ["A Wizard of Earthsea", "Dune"])
      log.removeAll()
      let tagged = try database.read { db in
        try db.fetchAll(Book.all().order(Book.Columns.title.asc).including(Book.tags))
      }
      XCTAssertEqual(tagged.map { $0.1.map(\.name).sorted() }, [["classic"], ["classic", "desert"], []])
      XCTAssertEqual(log.selects, 2)
      let tagBooks = try database.read { try $0.fetchAll(Tag.all().including(Tag.books)) }
      XCTAssertEqual(tagBooks.map { $0.1.count }, [2, 1])
    }
  }

  func testIncludingRowsThatOwnChildrenLoadsTheChildrenOnceForTheWholeResult() {
    forEachEngine { _ in
      func id(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-0000-0003-%012d", number))!
      }
      let soup = Recipe(
        id: id(1), title: "Soup",
        steps: [
          Step(text: "boil", minutes: 10, tools: [Tool(name: "pot", tags: ["big"])]),
          Step(text: "serve", minutes: 1),
        ],
        nutrition: Nutrition(calories: 120, salt: 0.5), authorID: ursula.id)
      let bread = Recipe(
        id: id(2), title: "Bread", steps: [Step(text: "knead", minutes: 15)], nutrition: nil,
        authorID: ursula.id)
      let tea = Recipe(
        id: id(3), title: "Tea", steps: [Step(text: "steep", minutes: 3)],
        nutrition: Nutrition(calories: 0, salt: nil), authorID: frank.id)
      let water = Recipe(id: id(4), title: "Water", steps: [], nutrition: nil)
      try database.write { db in
        for recipe in [soup, bread, tea, water] { try db.insert(recipe) }
      }
      log.removeAll()
      let cooks = try database.read { db in
        try db.fetchAll(Author.all().order(Author.Columns.name.asc).including(Author.recipes))
      }
      XCTAssertEqual(cooks.map(\.0.name), ["Frank Herbert", "Nobody", "Ursula K. Le Guin"])
      XCTAssertEqual(cooks.map { $0.1.map(\.title) }, [["Tea"], [], ["Soup", "Bread"]])
      XCTAssertEqual(cooks[0].1, [tea])
      XCTAssertEqual(cooks[2].1, [soup, bread])
      // Authors, recipes, and one query for each child table: steps, their tools, nutrition.
      XCTAssertEqual(log.selects, 5)
      log.removeAll()
      let some = try database.read { db in
        try db.fetchAll(
          Author.all().filter(Author.Columns.name != "Frank Herbert").including(Author.recipes))
      }
      XCTAssertEqual(some.map(\.0.name).sorted(), ["Nobody", "Ursula K. Le Guin"])
      XCTAssertEqual(some.first { $0.0.id == ursula.id }?.1, [soup, bread])
      XCTAssertEqual(log.selects, 5)
      let byCook = try database.read { db in
        try db.fetchAll(Recipe.all().order(Recipe.Columns.title.asc).including(Recipe.author))
      }
      XCTAssertEqual(
        byCook.map { "\($0.0.title): \($0.1?.name ?? "-")" },
        ["Bread: Ursula K. Le Guin", "Soup: Ursula K. Le Guin", "Tea: Frank Herbert", "Water: -"])
      XCTAssertEqual(byCook[1].0, soup)
    }
  }

  func testFetchingThroughAnAssociationOfOneValue() {
    forEachEngine { _ in
      let hers: [Book] = try database.read { try $0.fetchAll(Author.books, of: self.ursula) }
      XCTAssertEqual(hers, [earthsea])
      let his: Author? = try database.read { try $0.fetchOne(Book.author, of: self.dune) }
      XCTAssertEqual(his, frank)
      let noEditor = try database.read { try $0.fetchOne(Book.editor, of: self.messiah) }
      XCTAssertNil(noEditor)
      let tags = try database.read { try $0.fetchAll(Book.tags, of: self.dune) }
      XCTAssertEqual(tags.map(\.name).sorted(), ["classic", "desert"])
      let classics = try database.read { db in
        try db.fetchAll(Tag.books, of: Tag(id: 1, name: "classic"))
      }
      XCTAssertEqual(Set(classics.map(\.title)), ["Dune", "A Wizard of Earthsea"])
    }
  }

  func testEagerLoadingOfManyParentsStaysOneQueryPerAssociation() {
    forEachEngine { _ in
      try database.write { db in
        for number in 0..<500 {
          let author = Author(id: UUID(uuidString: String(format: "00000000-0000-0000-0002-%012d", number))!, name: "A\(number)")
          try db.insert(author)
          try db.insert(self.book(1000 + number, "B\(number)", by: author))
        }
      }
      log.removeAll()
      let all = try database.read { db in
        try db.fetchAll(Author.all().filter(Author.Columns.name != "x").including(Author.books))
      }
      XCTAssertEqual(all.count, 503)
      XCTAssertEqual(all.map { $0.1.count }.reduce(0, +), 503)
      XCTAssertEqual(log.selects, 2)
      log.removeAll()
      let books = try database.read { try $0.fetchAll(Book.all().including(Book.author)) }
      XCTAssertEqual(books.count, 503)
      XCTAssertEqual(log.selects, 2)
    }
  }

  func testDeleteActions() {
    forEachEngine { _ in
      // restrict: a tag still linked cannot go.
      XCTAssertThrowsError(try database.write { _ = try $0.delete(Tag.self, id: 2) })
      XCTAssertEqual(try rawColumn(#"SELECT "name" FROM "tags" ORDER BY "id""#), ["classic", "desert"])
      // setNull: deleting the editor keeps her edited books, without editor.
      // cascade: deleting the author deletes her books, and their links.
      try database.write { _ = try $0.delete(self.ursula) }
      let left = try database.read { try $0.fetchAll(Book.all().order(Book.Columns.title.asc)) }
      XCTAssertEqual(left.map(\.title), ["Dune", "Dune Messiah"])
      XCTAssertEqual(left.map(\.editorID), [nil, nil])
      let links = try database.read { try $0.fetchAll(BookTag.self) }
      XCTAssertEqual(links.map(\.tagID).sorted(), [1, 2])
      // The engine itself kept exactly Frank's books, without editor, and Dune's two links.
      XCTAssertEqual(
        try rawColumn(
          #"SELECT "title" || ':' || coalesce(CAST("editorID" AS TEXT), '-') FROM "books" "#
            + #"ORDER BY "title""#),
        ["Dune:-", "Dune Messiah:-"])
      XCTAssertEqual(
        try rawColumn(#"SELECT CAST("tagID" AS TEXT) FROM "book_tags" ORDER BY "tagID""#),
        ["1", "2"])
    }
  }
}
