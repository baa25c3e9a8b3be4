import Foundation

/// A nest: an autoincrement key, an indexed column, a default, a Date and a Codable value
/// stored as JSON.
// quarry: table = "nests"
struct Nest: Sendable, Equatable {
  // quarry: autoincrement
  var id: Int64?
  // quarry: index
  var tree: String
  var builtAt: Date
  var location: Location?
  // quarry: default = 0
  var eggs: Int
}

struct Location: Codable, Sendable, Equatable {
  var latitude: Double
  var longitude: Double
}
