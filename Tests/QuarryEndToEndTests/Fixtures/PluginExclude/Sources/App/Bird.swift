import Foundation

// quarry: persist
struct Bird: Sendable {
  var id: UUID
  var name: String
}
