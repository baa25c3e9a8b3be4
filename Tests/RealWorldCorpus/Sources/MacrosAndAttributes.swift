// Macros, attributes with arguments that hold braces and keywords, availability.
import Observation

@freestanding(expression)
public macro stringify<T>(_ value: T) -> (T, String) = #externalMacro(module: "Macros", type: "StringifyMacro")

@attached(member, names: named(init), named(CodingKeys), arbitrary)
@attached(extension, conformances: Codable)
public macro Model(schema: String = "{default}") = #externalMacro(module: "Macros", type: "ModelMacro")

@Observable
final class Library {
  var books: [Book] = []
  @ObservationIgnored var cache = NSCache<NSString, Book>()
}

@available(iOS 17.0, macOS 14.0, *)
@Model(schema: "struct { class }")
struct Book: Identifiable, Hashable {
  @Attribute(.unique) var id: UUID
  var title: String
  @Relationship(deleteRule: .cascade, inverse: \Chapter.book) var chapters: [Chapter] = []
  @available(*, unavailable) var removed: Int { fatalError() }
  #warning("check the title length")
  let (width, height) = (10, 20)
  let stringified = #stringify(1 + 2)
  nonisolated(unsafe) var shared: Int = 0
  @usableFromInline internal var inlinable: [Int] = [1, 2, 3]
}

@dynamicMemberLookup
struct Wrapper<Base> {
  var base: Base
  subscript<T>(dynamicMember keyPath: KeyPath<Base, T>) -> T { base[keyPath: keyPath] }
}

@frozen public struct Point: Equatable {
  public var x: Double
  public var y: Double
  @inlinable public static func + (lhs: Point, rhs: Point) -> Point {
    Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
  }
}

@_spi(Internal) public struct Hidden {
  @_spi(Internal) public var token: String
}
