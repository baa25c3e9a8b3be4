import Foundation

// A warning does not stop generation: the run writes its files and exits 0.
// quarry: persist
public struct Owl {
  public var id: UUID
  public var name: String
}
