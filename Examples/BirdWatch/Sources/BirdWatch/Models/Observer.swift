import Foundation

/// A birdwatcher: SQLite assigns the autoincrement key on insert.
// quarry: table = "observers"
struct Observer: Sendable, Equatable {
  // quarry: autoincrement
  var id: Int64?
  // quarry: unique
  var name: String
  var email: String?
  var joinedAt: Date
}
