/// A public struct with internal members: a reserved word as a property name and an internal
/// nested enum, so generated members must be no wider than the properties they mirror.
// quarry: persist
public struct Perch: Sendable, Equatable {
  public var id: Int
  var `default`: Bool
  var height: Height

  enum Height: Int, Sendable {
    case low, high
  }
}
