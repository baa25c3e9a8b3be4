/// Filters over arrays (and strings and dictionaries where it makes sense).
///
/// ```text
/// {{ names|join:", " }}  →  id, name        (no argument joins with nothing)
/// {{ names|count }}      →  2               (also characters of a string, keys of a dictionary)
/// {{ names|first }}      →  id              (null for an empty array)
/// {{ names|last }}       →  name
/// ```
extension Filter {
  static let collectionFilters: [Filter] = [
    Filter("join", arguments: 0...1) { input, arguments in
      guard case .array(let elements) = input else { return .failure(.unsupportedInput(input)) }
      var separator = ""
      if !arguments.isEmpty {
        switch stringArgument(arguments, 0) {
        case .success(let string): separator = string
        case .failure(let failure): return .failure(failure)
        }
      }
      return .success(.string(elements.map(\.renderedText).joined(separator: separator)))
    },
    Filter("count") { input, _ in
      switch input {
      case .array(let elements): .success(.number(Double(elements.count)))
      case .dictionary(let dictionary): .success(.number(Double(dictionary.count)))
      case .string(let string): .success(.number(Double(string.count)))
      default: .failure(.unsupportedInput(input))
      }
    },
    Filter("first") { input, _ in
      switch input {
      case .array(let elements): .success(elements.first ?? .null)
      case .string(let string): .success(string.first.map { .string(String($0)) } ?? .null)
      default: .failure(.unsupportedInput(input))
      }
    },
    Filter("last") { input, _ in
      switch input {
      case .array(let elements): .success(elements.last ?? .null)
      case .string(let string): .success(string.last.map { .string(String($0)) } ?? .null)
      default: .failure(.unsupportedInput(input))
      }
    },
  ]

  /// `{{ value|default:"x" }}`: the argument when the value is undefined or null.
  ///
  /// The renderer gives `default` its special power: the expression it filters may name an
  /// undefined variable without an error.
  ///
  /// ```text
  /// {{ argument.prefix|default:"Q" }}  →  Q
  /// ```
  static let defaultFilter = Filter("default", arguments: 1...1) { input, arguments in
    if case .null = input { return .success(arguments[0]) }
    return .success(input)
  }
}
