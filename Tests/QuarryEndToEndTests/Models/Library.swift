import Foundation

/// Associations: references with each delete action, an inverse name, many-to-many.
// quarry: table = "authors"
struct Author: Equatable, Sendable {
  var id: UUID
  var name: String
}

// quarry: table = "books"
struct Book: Equatable, Sendable {
  var id: UUID
  var title: String
  // quarry: references = Author, onDelete = cascade, index
  var authorID: UUID
  // quarry: references = Author, onDelete = setNull, inverse = "edited"
  var editorID: UUID?
}

// quarry: table = "tags"
struct Tag: Equatable, Sendable {
  var id: Int64
  var name: String
}

// quarry: table = "book_tags", primaryKey = [bookID, tagID]
struct BookTag: Equatable, Sendable {
  // quarry: references = Book, onDelete = cascade
  var bookID: UUID
  // quarry: references = Tag, onDelete = restrict, onUpdate = cascade
  var tagID: Int64
}
