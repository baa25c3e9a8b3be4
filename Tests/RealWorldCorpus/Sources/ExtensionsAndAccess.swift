// Members of extensions and nested types take Swift's default access.
public struct Recipe: Sendable {
  public var name: String
}

public extension Recipe {
  struct Step: Sendable {
    var text: String
    private var secret: Int = 0
  }

  enum Difficulty: String, Sendable { case easy, hard }
}

private extension Recipe {
  struct Draft { var text: String }
}

fileprivate struct Scratch {
  struct Note { var body: String }
}

extension Recipe {
  struct Ingredient: Hashable {
    public var name: String
    var grams: Double
  }
}

extension Recipe.Ingredient {
  struct Substitute { var name: String }
}

internal struct Kitchen {
  public struct Shelf { public var label: String }
  private struct Drawer { var items: [String] }
}

extension Optional where Wrapped == Recipe {
  struct Missing { var reason: String }
}
