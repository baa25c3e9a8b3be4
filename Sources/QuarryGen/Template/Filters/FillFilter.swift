/// `fill:width` refills comma-separated lists: every line longer than `width` is broken after
/// its commas, as many items to a line as fit, continuation lines keeping the line's own
/// indentation. Commas inside brackets, parentheses, braces or quotes do not break.
///
/// ```text
/// {% filter fill:24 %}
///   a: one, b: two, c: three, d: four)
/// {% endfilter %}
/// ```
/// prints `  a: one, b: two,⏎  c: three, d: four)`. A single item longer than `width` stays
/// on a line of its own. When the last item fits only without its closing `)`, the `)` goes
/// on a line of its own, two columns left of the items (as `swift format` prints it).
extension Filter {
  static let fillFilter = Filter("fill", arguments: 1...1) { input, arguments in
    guard let string = input.stringValue else { return .failure(.unsupportedInput(input)) }
    guard case .number(let number) = arguments[0], number >= 1 else {
      return .failure(
        .invalidArgument(index: 0, expected: "a whole number", got: arguments[0]))
    }
    let width = Int(number)
    let lines = string.split(separator: "\n", omittingEmptySubsequences: false).map {
      fill(String($0), width: width)
    }
    return .success(.string(lines.joined(separator: "\n")))
  }

  private static func fill(_ line: String, width: Int) -> String {
    guard line.count > width else { return line }
    let indent = String(line.prefix { $0 == " " })
    let items = commaSeparatedItems(line.dropFirst(indent.count))
    var lines: [String] = []
    var current = ""
    for (position, item) in items.enumerated() {
      let isLast = position == items.count - 1
      let piece = isLast ? item : item + ","
      if current.isEmpty {
        current = piece
      } else if indent.count + current.count + 1 + piece.count <= width {
        current += " " + piece
      } else if isLast, piece.hasSuffix(")"), closesAnOuterParenthesis(piece),
        indent.count + current.count + piece.count <= width
      {
        // The last item fits without its closing parenthesis, which hangs on a line of its own.
        lines.append(indent + current + " " + piece.dropLast())
        return (lines + [String(indent.dropLast(2)) + ")"]).joined(separator: "\n")
      } else {
        lines.append(indent + current)
        current = piece
      }
    }
    lines.append(indent + current)
    return lines.joined(separator: "\n")
  }

  /// Whether `item` ends with a `)` it did not open (the list's own closing parenthesis).
  private static func closesAnOuterParenthesis(_ item: String) -> Bool {
    item.filter { $0 == ")" }.count > item.filter { $0 == "(" }.count
  }

  /// The items between top-level `, ` separators, commas dropped.
  private static func commaSeparatedItems(_ text: Substring) -> [String] {
    var items: [String] = []
    var current = ""
    var depth = 0
    var inString = false
    var previous: Character = " "
    for character in text {
      if inString {
        if character == "\"" && previous != "\\" { inString = false }
      } else {
        switch character {
        case "\"": inString = true
        case "(", "[", "{": depth += 1
        case ")", "]", "}": depth -= 1
        default: break
        }
      }
      if character == " " && previous == "," && depth <= 0 && !inString {
        current.removeLast()
        items.append(current)
        current = ""
      } else {
        current.append(character)
      }
      previous = character
    }
    items.append(current)
    return items
  }
}
