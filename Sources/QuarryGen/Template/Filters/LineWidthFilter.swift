extension Filter {
  /// A filter `name:width` that rewrites each line of its input on its own with
  /// `transform(line, width)`: the shape shared by the filters that give a line past `width`
  /// columns `swift format`'s layout (`wrapHeader`, `wrapMember`, `wrapDeclaration`,
  /// `hangParenthesis`), so each states only its own rule.
  ///
  /// ```swift
  /// static let wrapMemberFilter = Filter.eachLine("wrapMember", wrapMember(_:width:))
  /// ```
  static func eachLine(
    _ name: String, _ transform: @escaping @Sendable (String, Int) -> String
  ) -> Filter {
    Filter(name, arguments: 1...1) { input, arguments in
      guard let string = input.stringValue else { return .failure(.unsupportedInput(input)) }
      guard case .number(let number) = arguments[0], number >= 1 else {
        return .failure(
          .invalidArgument(index: 0, expected: "a whole number", got: arguments[0]))
      }
      let lines = string.split(separator: "\n", omittingEmptySubsequences: false).map {
        transform(String($0), Int(number))
      }
      return .success(.string(lines.joined(separator: "\n")))
    }
  }
}
