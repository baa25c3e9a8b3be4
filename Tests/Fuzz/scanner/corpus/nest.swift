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
  /// Clamped by a property wrapper; generated code assigns it last, so its column comes last.
  @Clamped var rating: Int = 0
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

/// Keeps a rating within 0...5.
@propertyWrapper
struct Clamped: Sendable, Equatable {
  private var value: Int

  init(wrappedValue: Int) {
    value = min(max(wrappedValue, 0), 5)
  }

  var wrappedValue: Int {
    get { value }
    set { value = min(max(newValue, 0), 5) }
  }
}
