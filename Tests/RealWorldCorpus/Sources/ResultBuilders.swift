// A result builder and a DSL built on it, in the shape of swift-html and RegexBuilder.
@resultBuilder
public enum NodeBuilder {
  public static func buildBlock(_ components: [Node]...) -> [Node] { components.flatMap { $0 } }
  public static func buildExpression(_ node: Node) -> [Node] { [node] }
  public static func buildOptional(_ nodes: [Node]?) -> [Node] { nodes ?? [] }
  public static func buildEither(first nodes: [Node]) -> [Node] { nodes }
  public static func buildEither(second nodes: [Node]) -> [Node] { nodes }
  public static func buildArray(_ groups: [[Node]]) -> [Node] { groups.flatMap { $0 } }
}

public struct Node: Sendable {
  public var name: String
  public var attributes: [String: String] = [:]
  public var children: [Node] = []
  var isVoid = false

  public init(_ name: String, @NodeBuilder children: () -> [Node] = { [] }) {
    self.name = name
    self.children = children()
  }
}

public struct Page {
  let title: String
  @NodeBuilder var body: [Node] {
    Node("head") { Node("title") }
    if title.isEmpty {
      Node("p")
    } else {
      for word in title.split(separator: " ") { Node(String(word)) }
    }
  }
  var footer: [Node] = [Node("footer")]
}

struct Layout {
  var sections: [Section]
  struct Section {
    var heading: String?
    @NodeBuilder let content: () -> [Node]
  }
}
