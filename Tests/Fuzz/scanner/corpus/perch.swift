/// A public struct with internal members: a reserved word and a generated method's parameter
/// name (`index`) as property names, and an internal nested enum, so generated members must be
/// no wider than the properties they mirror. Also embedded in `Nest` as JSON: a persisted
/// struct stored whole inside another row.
// quarry: persist
public struct Perch: Sendable, Equatable, Codable {
  public var id: Int
  var `default`: Bool
  var height: Height
  var index: Int

  enum Height: Int, Sendable, Codable {
    case low, high
  }
}
