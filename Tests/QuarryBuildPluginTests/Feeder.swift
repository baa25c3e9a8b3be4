import Foundation

/// A bird feeder; its persistence code exists only in the build tool plugin's output.
// quarry: table = "feeders"
struct Feeder: Sendable, Equatable {
  // quarry: autoincrement
  var id: Int64?
  // quarry: unique
  var name: String
  var seeds: [String]
  var refilledAt: Date?
  var level: Level

  enum Level: String, Sendable {
    case empty, low, full
  }
}
