import Foundation

/// The seed-002 graph: a persisted struct owning an array, an optional and nested children.
// quarry: persist
struct Recipe: Equatable, Sendable {
  var id: UUID
  var title: String
  // quarry: owned
  var steps: [Step]
  // quarry: owned
  var nutrition: Nutrition?
  // quarry: references = Author, onDelete = setNull, inverse = "recipes"
  var authorID: UUID? = nil
}

struct Step: Equatable {
  var text: String
  var minutes: Int
  // quarry: owned
  var tools: [Tool] = []
}

// quarry: table = "step_tools"
struct Tool: Equatable, Sendable {
  var name: String
  var tags: [String]
}

struct Nutrition: Equatable, Sendable {
  var calories: Int
  var salt: Double?
}
