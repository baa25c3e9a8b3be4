// Deep nesting through structs, enums, classes and actors; Codable with CodingKeys.
import Foundation

final class Library {
  struct Shelf: Codable {
    var label: String
    var books: [Book]

    struct Book: Codable, Identifiable {
      let id: UUID
      var title: String
      var published: Date?
      var authors: [Author] = []

      enum CodingKeys: String, CodingKey {
        case id
        case title = "book_title"
        case published, authors
      }

      struct Author: Codable, Hashable {
        var name: String
        var born: Int?
      }
    }
  }

  enum Section {
    struct Header { var title: String; var level: Int = 1 }
    case header(Header)
  }

  actor Index {
    struct Entry { var key: String; var shelf: Shelf.Book.ID }
    var entries: [Entry] = []
  }
}

struct Outer { struct Middle { struct Inner { struct Innermost { var depth = 4 } } } }
