import Foundation

// A warning does not stop generation: the run writes its files and exits 0.
// quarry: persist
public struct Owl: Sendable {
  public var id: UUID
  // Quarry: index
  public var name: String
}
