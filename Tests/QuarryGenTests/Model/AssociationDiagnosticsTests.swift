import QuarryGen
import QuarryTestSupport
import XCTest

/// The diagnostics of references and associations: one source, the full rendered text.
final class AssociationDiagnosticsTests: XCTestCase {
  /// A static member is a member too: `static let author` beside the generated `Book.author`
  /// was an "invalid redeclaration" inside the generated file.
  func testClashesWithStaticMembersAreDiagnosed() {
    let source = """
      // quarry: persist
      struct Author {
        var id: Int
        static func books() -> Int { 0 }
      }
      // quarry: persist
      struct Book {
        var id: Int
        // quarry: references = Author
        var authorID: Int
        static let author = 1
        static var `default`: Book { Book(id: 0, authorID: 0) }
      }
      """
    let scanned = SourceScanner().scan(SourceFile(path: "Models/M.swift", text: source))
    XCTAssertEqual(scanned.structs.map(\.staticMemberNames), [["books"], ["author", "default"]])
    let result = ModelBuilder().build([scanned])
    let rendered = DiagnosticRenderer(files: [scanned.file]).render(result.diagnostics)
    let expected = """
      Models/M.swift:9:14: error: association 'author' clashes with a member of 'Book'; rename \
      that member
        // quarry: references = Author
                   ^
      Models/M.swift:9:14: error: association 'books' clashes with a member of 'Author'; name it \
      with inverse = "…" on 'Book.authorID'
        // quarry: references = Author
                   ^

      """
    XCTAssertEqual(rendered, expected, lineDiff(expected: expected, actual: rendered))
  }

  func testSetNullOnANonOptionalInverseClashesAndMisplacedKeys() {
    let source = """
      // quarry: persist
      struct Author {
        var id: Int
        var books: [String] = []
      }

      // quarry: persist
      struct Book {
        var id: Int
        // quarry: references = Author, onDelete = setNull
        var authorID: Int
        // quarry: references = Author, inverse = "written"
        var coauthorID: Int?
        // quarry: onUpdate = cascade, inverse = "x"
        var pages: Int
        // quarry: references = Author, onDelete = explode
        var editorID: Int?
      }
      """
    let scanned = SourceScanner().scan(SourceFile(path: "Models/M.swift", text: source))
    let result = ModelBuilder().build([scanned])
    let rendered = DiagnosticRenderer(files: [scanned.file]).render(result.diagnostics)
    let expected = """
      Models/M.swift:10:14: error: association 'books' clashes with a member of 'Author'; name it \
      with inverse = "…" on 'Book.authorID'
        // quarry: references = Author, onDelete = setNull
                   ^
      Models/M.swift:10:35: error: 'onDelete = setNull' needs an optional column, but 'authorID' \
      is 'Int'; declare it as 'Int?' or choose another action
        // quarry: references = Author, onDelete = setNull
                                        ^
      Models/M.swift:14:14: error: 'onUpdate' applies only with 'references = …' on the same \
      property
        // quarry: onUpdate = cascade, inverse = "x"
                   ^
      Models/M.swift:14:34: error: 'inverse' applies only with 'references = …' on the same \
      property
        // quarry: onUpdate = cascade, inverse = "x"
                                       ^
      Models/M.swift:16:14: error: association 'books' clashes with a member of 'Author'; name it \
      with inverse = "…" on 'Book.editorID'
        // quarry: references = Author, onDelete = explode
                   ^
      Models/M.swift:16:35: error: annotation key 'onDelete' expects one of cascade, setNull, \
      restrict, noAction
        // quarry: references = Author, onDelete = explode
                                        ^

      """
    XCTAssertEqual(rendered, expected, lineDiff(expected: expected, actual: rendered))
  }

  func testAssociationNamesAndTheirInverses() {
    let source = """
      // quarry: persist
      struct Category {
        var id: Int
      }

      // quarry: persist
      struct Box {
        var id: Int
        // quarry: references = Category
        var categoryId: Int
        // quarry: references = Category, inverse = "spares"
        var spareCategoryID: Int?
      }
      """
    let scanned = SourceScanner().scan(SourceFile(path: "Models/M.swift", text: source))
    let result = ModelBuilder().build([scanned])
    XCTAssertEqual(result.diagnostics, [])
    let names = result.model.tables.map { table in
      "\(table.typeName): "
        + table.associations.map { "\($0.name) \($0.kind.rawValue)" }
        .joined(separator: ", ")
    }
    XCTAssertEqual(
      names,
      [
        "Box: category belongsTo, spareCategory optionalBelongsTo",
        "Category: boxes hasMany, spares hasMany",
      ])
  }

  /// A reference whose Swift type is not the key's, but stored alike, keeps its foreign key and
  /// gets no association: that was silent, it is a warning naming the type to declare.
  func testAReferenceOfAnotherTypeThanTheKeyIsAWarning() {
    let source = """
      import Foundation

      // quarry: persist
      struct Author {
        var id: Int64
      }

      // quarry: persist
      struct Shelf {
        var id: UUID
      }

      struct Code: DatabaseValueConvertible {}

      // quarry: persist
      struct Book {
        var id: Int
        // quarry: references = Author
        var authorID: Int
        // quarry: references = Author
        var editorID: Swift.Int64?
        // quarry: references = Shelf, inverse = "stored"
        var shelfID: Code
        // quarry: references = Shelf, inverse = "kept"
        var otherShelfID: Foundation.UUID?
      }
      """
    let scanned = SourceScanner().scan(SourceFile(path: "Models/M.swift", text: source))
    let result = ModelBuilder().build([scanned])
    let rendered = DiagnosticRenderer(files: [scanned.file]).render(result.diagnostics)
    let expected = """
      Models/M.swift:18:14: warning: 'authorID' of type 'Int' references 'Author', whose key is \
      'Int64': the foreign key is made, but no association is generated; declare it as 'Int64' \
      to get one
        // quarry: references = Author
                   ^
      Models/M.swift:22:14: warning: 'shelfID' of type 'Code' references 'Shelf', whose key is \
      'UUID': the foreign key is made, but no association is generated; declare it as 'UUID' to \
      get one
        // quarry: references = Shelf, inverse = "stored"
                   ^

      """
    XCTAssertEqual(rendered, expected, lineDiff(expected: expected, actual: rendered))
    let names = result.model.tables.map { table in
      "\(table.typeName): "
        + table.associations.map { "\($0.name) \($0.kind.rawValue)" }
        .joined(separator: ", ")
    }
    XCTAssertEqual(
      names,
      [
        "Author: books hasMany", "Book: editor optionalBelongsTo, otherShelf optionalBelongsTo",
        "Shelf: kept hasMany",
      ])
  }

  /// Two references to one struct, without `ID` suffixes: both were valid before associations.
  func testReferencesWithoutSuffixOrWithTheSameInverseStillGenerate() {
    let source = """
      // quarry: persist
      struct Author {
        var id: Int
      }

      // quarry: persist
      struct Book {
        var id: Int
        // quarry: references = Author
        var writer: Int
        // quarry: references = Author
        var editor: Int?
      }
      """
    let scanned = SourceScanner().scan(SourceFile(path: "Models/M.swift", text: source))
    let result = ModelBuilder().build([scanned])
    let rendered = DiagnosticRenderer(files: [scanned.file]).render(result.diagnostics)
    let expected = """
      Models/M.swift:11:14: warning: 'Author.books' already follows an earlier reference to \
      'Author', so this reference gets no inverse association; name it with inverse = "…" on \
      'Book.editor'
        // quarry: references = Author
                   ^

      """
    XCTAssertEqual(rendered, expected, lineDiff(expected: expected, actual: rendered))
    let names = result.model.tables.map { table in
      "\(table.typeName): "
        + table.associations.map { "\($0.name) \($0.property)" }
        .joined(separator: ", ")
    }
    XCTAssertEqual(names, ["Author: books id", "Book: "])
  }
}
