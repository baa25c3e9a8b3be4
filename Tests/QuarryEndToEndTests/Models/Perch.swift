/// A public struct with internal members: a reserved word and a generated method's parameter
/// name (`index`) as property names, and an internal nested enum, so generated members must be
/// no wider than the properties they mirror.
// quarry: persist
public struct Perch: Sendable, Equatable {
  public var id: Int
  var `default`: Bool
  var height: Height
  var index: Int

  enum Height: Int, Sendable {
    case low, high
  }
}
