/// `hangParenthesis:width` moves the closing `)` of each line longer than `width` columns to a
/// line of its own, two columns left of the line, when the line closes a parenthesis an
/// earlier line opened and fits without it, or is one string literal: `swift format`'s layout
/// for a last argument that fits only without the `)`. Other lines are left as they are.
///
/// ```text
/// {% filter hangParenthesis:100 %}
///     preconditionFailure(
///       "{{ table.recordName }} has no column \(column)")
/// {% endfilter %}
/// ```
/// prints the message, then `    )` alone, when the message line passes 100 columns.
extension Filter {
  static let hangParenthesisFilter = Filter.eachLine("hangParenthesis", hangParenthesis(_:width:))

  private static func hangParenthesis(_ line: String, width: Int) -> String {
    guard line.count > width, line.hasSuffix(")") else { return line }
    let indent = line.prefix { $0 == " " }
    // A string literal cannot break: its `)` hangs even when the literal alone is too long.
    let argument = line.dropFirst(indent.count).dropLast()
    let isLiteral = argument.hasPrefix("\"") && argument.hasSuffix("\"") && argument.count > 1
    guard line.count - 1 <= width || isLiteral else { return line }
    guard indent.count >= 2, opensFewerThanItCloses(line) else { return line }
    return line.dropLast() + "\n" + indent.dropLast(2) + ")"
  }

  /// Whether `line` has more `)` than `(` outside string literals.
  private static func opensFewerThanItCloses(_ line: String) -> Bool {
    var depth = 0
    var inString = false
    var previous: Character = " "
    for character in line {
      if inString {
        if character == "\"" && previous != "\\" { inString = false }
      } else if character == "\"" {
        inString = true
      } else if character == "(" {
        depth += 1
      } else if character == ")" {
        depth -= 1
      }
      previous = character
    }
    return depth < 0
  }
}
