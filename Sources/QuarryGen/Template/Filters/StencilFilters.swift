/// Stencil 0.15's built-in filters that have no Quarry counterpart in the other files:
///
/// ```text
/// {{ "a, b"|split:", " }}          →  ["a", "b"]   (default separator: one space)
/// {{ name|filter:"uppercase" }}    →  BIRD         (the filter named by the argument)
/// {{ names|uppercase|join:"," }}   →  ID,NAME      (`uppercase`, `lowercase`, `capitalize` map arrays)
/// ```
extension Filter {
  static let stencilFilters: [Filter] = [
    Filter("split", arguments: 0...1) { input, arguments in
      guard let string = input.stringValue else { return .failure(.unsupportedInput(input)) }
      var separator = " "
      if !arguments.isEmpty {
        switch stringArgument(arguments, 0) {
        case .success(let value): separator = value
        case .failure(let failure): return .failure(failure)
        }
      }
      guard !separator.isEmpty else { return .success(.array([input])) }
      return .success(.array(string.components(separatedBy: separator).map { .string($0) }))
    },
    Filter("filter", arguments: 1...1) { input, arguments in
      guard let name = arguments[0].stringValue, let filter = Filter.named(name),
        filter.argumentCount.contains(0), name != "filter"
      else {
        return .failure(
          .invalidArgument(
            index: 0, expected: "the name of a filter without arguments", got: arguments[0]))
      }
      return filter.apply(input, [])
    },
  ]

  /// A string filter that, given an array, applies itself to each element (Stencil's
  /// `uppercase`, `lowercase` and `capitalize`).
  static func stringOrEach(_ name: String, _ transform: @escaping @Sendable (String) -> String)
    -> Filter
  {
    Filter(name) { input, _ in
      if case .array(let elements) = input {
        var results: [TemplateValue] = []
        for element in elements {
          guard let string = element.stringValue else {
            return .failure(.unsupportedInput(element))
          }
          results.append(.string(transform(string)))
        }
        return .success(.array(results))
      }
      guard let string = input.stringValue else { return .failure(.unsupportedInput(input)) }
      return .success(.string(transform(string)))
    }
  }
}
