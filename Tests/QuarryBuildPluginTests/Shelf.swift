import Foundation

/// A table that gained properties with Swift defaults after it had rows: the literals, the raw
/// values of enum cases and empty collections' JSON become the columns' SQL defaults, so
/// `migrate` can add them.
// quarry: table = "shelf_books"
struct ShelfBook: Sendable, Equatable {
  var id: Int
  var title: String
  var copies: Int = 1
  var shelf = "A1"
  var isLent = false
  var rating: Double = -0.5
  // quarry: default = 9
  var pages: Int = 1
  var genre: Genre = .scifi
  var mood: Genre = Genre.poetry
  var format: Format = .paperback
  var labels: [String] = []
  var counts: [String: Int] = [:]

  enum Genre: String, Sendable {
    case scifi
    case poetry = "verse"
  }

  enum Format: Int, Sendable {
    case hardback = 1, paperback, ebook
  }
}
