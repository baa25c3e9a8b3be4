/// `wrapCallee:width` rewraps a call whose first line (`try Owner.member(` or
/// `let name = Owner.member(`) is longer than `width` columns, as `swift format` prints it: an
/// assignment breaks after its `=`, anything else before the last `.member`; either way the
/// call's later lines move two columns right. A block whose first line fits is left as it is.
///
/// ```text
/// {% filter wrapCallee:100 %}
///     try {{ t }}.insertSteps(
///       steps[...], key: key, in: db)
/// {% endfilter %}
/// ```
/// prints `    try <long name>⏎      .insertSteps(⏎        steps[...], key: key, in: db)`.
extension Filter {
  static let wrapCalleeFilter = Filter("wrapCallee", arguments: 1...1) { input, arguments in
    guard let string = input.stringValue else { return .failure(.unsupportedInput(input)) }
    guard case .number(let number) = arguments[0], number >= 1 else {
      return .failure(
        .invalidArgument(index: 0, expected: "a whole number", got: arguments[0]))
    }
    var lines = string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let first = lines.first, first.count > Int(number), first.hasSuffix("(") else {
      return .success(input)
    }
    let indent = String(first.prefix { $0 == " " })
    var head: [String]
    if let equals = first.range(of: " = ") {
      head = [
        String(first[..<equals.lowerBound]) + " =", indent + "  " + first[equals.upperBound...],
      ]
    } else if let dot = first.dropLast().lastIndex(of: "."), dot > first.startIndex,
      first[first.index(before: dot)] != " "
    {
      head = [String(first[..<dot]), indent + "  " + first[dot...]]
    } else {
      return .success(input)
    }
    lines.removeFirst()
    // The call's own lines move right; a trailing empty line (the block's last newline) stays.
    let body = lines.map { $0.isEmpty ? $0 : "  " + $0 }
    return .success(.string((head + body).joined(separator: "\n")))
  }
}
