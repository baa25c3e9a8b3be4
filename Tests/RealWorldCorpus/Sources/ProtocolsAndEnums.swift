// Protocols with associated types, enums with associated values and raw values, indirect enums.
protocol Repository<Entity>: AnyObject {
  associatedtype Entity: Identifiable where Entity.ID: Hashable
  associatedtype Failure: Error = Never
  var count: Int { get }
  func fetch(_ id: Entity.ID) async throws(Failure) -> Entity?
}

protocol Describable {
  var summary: String { get }
  static var kind: String { get }
}

extension Describable {
  var summary: String { "\(Self.kind)" }
}

enum Payload: Sendable {
  case text(String)
  case image(data: [UInt8], width: Int = 0, height: Int = 0)
  case pair(key: String, value: (Int, Int))
  case none
}

indirect enum Expression {
  case number(Double)
  case add(Expression, Expression)
  case call(name: String, arguments: [Expression] = [])
}

enum Status: String, Codable, CaseIterable {
  case idle = "idle", loading
  case failed = "fail{ed}"
}

enum Priority: Int { case low = 1, medium, high = 10 }

struct Message: Describable {
  static var kind: String { "message" }
  var payload: Payload
  var status: Status = .idle
  var priority = Priority.low
  var expression: Expression = .number(1)
  var handler: (any Repository)?
}

enum Namespace {
  static let version = 2
  struct Config { var flags: Set<String> = ["a", "b"] }
}
