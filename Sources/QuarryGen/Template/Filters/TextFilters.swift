/// Filters that search, replace and indent text.
///
/// ```text
/// {{ "a-b"|replace:"-","_" }}           →  a_b
/// {{ "[String]"|hasPrefix:"[" }}        →  true
/// {{ "String?"|hasSuffix:"?" }}         →  true
/// {{ "Bird"|contains:"ir" }}            →  true     (arrays: element; dictionaries: key)
/// {{ "a\nb"|indent:2 }}                 →  a⏎  b    (width, character, indent first line)
/// ```
extension Filter {
  static let textFilters: [Filter] = [
    Filter("replace", arguments: 2...2) { input, arguments in
      guard let string = input.stringValue else { return .failure(.unsupportedInput(input)) }
      let target: String
      let replacement: String
      switch (stringArgument(arguments, 0), stringArgument(arguments, 1)) {
      case (.success(let lhs), .success(let rhs)): (target, replacement) = (lhs, rhs)
      case (.failure(let failure), _), (_, .failure(let failure)): return .failure(failure)
      }
      guard !target.isEmpty else { return .success(.string(string)) }
      return .success(.string(string.replacing(target, with: replacement)))
    },
    Filter("contains", arguments: 1...1) { input, arguments in
      let needle = arguments[0]
      switch input {
      case .array(let elements): return .success(.bool(elements.contains(needle)))
      case .dictionary(let dictionary) where input.objectText == nil:
        guard let key = needle.stringValue else {
          return .failure(.invalidArgument(index: 0, expected: "a string", got: needle))
        }
        return .success(.bool(dictionary[key] != nil))
      default:
        guard let string = input.stringValue else { return .failure(.unsupportedInput(input)) }
        switch stringArgument(arguments, 0) {
        case .success(let substring):
          return .success(.bool(substring.isEmpty || string.contains(substring)))
        case .failure(let failure): return .failure(failure)
        }
      }
    },
    Filter("hasPrefix", arguments: 1...1) { input, arguments in
      guard let string = input.stringValue else { return .failure(.unsupportedInput(input)) }
      return stringArgument(arguments, 0).map { .bool(string.hasPrefix($0)) }
    },
    Filter("hasSuffix", arguments: 1...1) { input, arguments in
      guard let string = input.stringValue else { return .failure(.unsupportedInput(input)) }
      return stringArgument(arguments, 0).map { .bool(string.hasSuffix($0)) }
    },
    Filter("indent", arguments: 0...3, apply: indent),
  ]

  /// Stencil's `indent:width,character,indentFirstLine`: indents every non-empty line but the
  /// first (unless asked), so a multi-line value can be dropped into an indented template.
  private static func indent(_ input: TemplateValue, _ arguments: [TemplateValue]) -> Result<
    TemplateValue, Failure
  > {
    guard let string = input.stringValue else { return .failure(.unsupportedInput(input)) }
    var width = 4
    var character = " "
    var indentsFirstLine = false
    if arguments.count > 0 {
      guard case .number(let number) = arguments[0], number >= 0, number.rounded() == number
      else {
        return .failure(
          .invalidArgument(index: 0, expected: "a whole number", got: arguments[0]))
      }
      width = Int(number)
    }
    if arguments.count > 1 {
      switch stringArgument(arguments, 1) {
      case .success(let string): character = string
      case .failure(let failure): return .failure(failure)
      }
    }
    if arguments.count > 2 {
      guard case .bool(let bool) = arguments[2] else {
        return .failure(.invalidArgument(index: 2, expected: "a boolean", got: arguments[2]))
      }
      indentsFirstLine = bool
    }
    let indentation = String(repeating: character, count: width)
    var result = ""
    for (index, line) in string.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      if index > 0 { result += "\n" }
      if !line.isEmpty && (index > 0 || indentsFirstLine) { result += indentation }
      result += line
    }
    return .success(.string(result))
  }
}
