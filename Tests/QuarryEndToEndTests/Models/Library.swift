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

/// Timestamps, an assigned key written back and a unique column besides the key (issue 21).
// quarry: table = "publishers"
struct Publisher: Equatable, Sendable {
  // quarry: autoincrement
  var id: Int64?
  // quarry: unique
  var name: String
  var city: String?
  // quarry: createdAt
  var createdAt: Date
  // quarry: updatedAt
  var updatedAt: Date?
}

/// A to-many association two levels down: `Author.books.including(Book.reviews)` (issue 21).
// quarry: table = "reviews"
struct Review: Equatable, Sendable {
  var id: Int64
  // quarry: references = Book, onDelete = cascade, index
  var bookID: UUID
  var stars: Int
  var text: String?
}

/// A unique reference: its inverse is the to-one `Book.cover` (issue 21).
// quarry: table = "covers"
struct Cover: Equatable, Sendable {
  var id: Int64
  // quarry: references = Book, unique
  var bookID: UUID
  var caption: String
}

/// Owned children on a struct with a unique column besides its autoincrement key: an upsert
/// that meets the unique column updates that row, and the children go with it (issue 21).
// quarry: table = "shelves"
struct Shelf: Equatable, Sendable {
  // quarry: autoincrement
  var id: Int64?
  // quarry: unique
  var label: String
  // quarry: owned
  var slots: [Slot]
}

struct Slot: Equatable, Sendable {
  var title: String
  var width: Int?
}
