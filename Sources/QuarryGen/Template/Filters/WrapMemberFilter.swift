/// `wrapMember:width` wraps each argument line of the form `label: Type.member` (a trailing
/// `,` allowed) that is longer than `width` columns as `swift format` prints it: `.member`
/// on the next line two columns in, and when `label: Type` does not fit either, `Type` on a
/// line of its own as well. Other lines are left as they are, so a whole partial can be
/// filtered.
///
/// ```text
/// {% filter wrapMember:100 %}
///       of: {{ table.ownedTablesName }}.{{ owned.constant }},
/// {% endfilter %}
/// ```
/// prints `      of: RecipeOwnedTables⏎        .steps,` when the line passes 100 columns.
extension Filter {
  static let wrapMemberFilter = Filter.eachLine("wrapMember", wrapMember(_:width:))

  private static func wrapMember(_ line: String, width: Int) -> String {
    guard line.count > width else { return line }
    let indent = String(line.prefix { $0 == " " })
    let text = line.dropFirst(indent.count)
    guard let colon = text.range(of: ": ") else { return line }
    let label = text[..<colon.lowerBound]
    let path = text[colon.upperBound...]
    // `bindKey: Owner.bind(primaryKey:to:at:)`: the argument names of the reference break.
    if path.hasSuffix(":)") || path.hasSuffix(":),"), let open = path.firstIndex(of: "("),
      label.allSatisfy(isIdentifierCharacter),
      indent.count + label.count + 2
        + path.distance(from: path.startIndex, to: open) + 1 <= width
    {
      return indent + label + ": " + path[...open] + "\n" + indent + "  "
        + path[path.index(after: open)...]
    }
    guard !label.isEmpty, label.allSatisfy(isIdentifierCharacter),
      path.allSatisfy({ isIdentifierCharacter($0) || $0 == "." || $0 == "," }),
      !path.dropLast().contains(","), let dot = path.lastIndex(of: "."), dot != path.startIndex
    else { return line }
    let base = path[..<dot]
    let member = indent + "  " + path[dot...]
    if indent.count + label.count + 2 + base.count <= width {
      return indent + label + ": " + base + "\n" + member
    }
    return indent + label + ":\n" + indent + "  " + base + "\n" + member
  }

  private static func isIdentifierCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }
}
