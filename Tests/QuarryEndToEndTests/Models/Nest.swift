import Foundation

/// A nest: an autoincrement key, an indexed column, a default, a Date and a Codable value
/// stored as JSON, a persisted struct (`Perch`) embedded as JSON and an enum with `Character`
/// raw values.
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
  // quarry: json
  var perch: Perch? = nil
  /// Stored as one-character text: `Character` has no SQLite form of its own.
  var side: Side = .north
}

enum Side: Character, Sendable {
  case north = "N", south = "S"
}

struct Location: Codable, Sendable, Equatable {
  var latitude: Double
  var longitude: Double
}
