import Foundation

/// A book whose `isbn` property was renamed `code` after databases had rows: the hand-written
/// rename recipe (RenameRecipeTests) must bring old databases along and leave new ones alone.
// quarry: table = "books"
struct Book: Sendable, Equatable {
  var id: Int
  var title: String
  // quarry: index
  var code: String
}
