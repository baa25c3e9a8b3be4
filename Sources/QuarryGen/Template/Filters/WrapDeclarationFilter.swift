/// `wrapDeclaration:width` wraps each function signature and stored property declaration
/// longer than `width` columns as `swift format` prints it. A signature ending in `) {` puts
/// its `{` on a line of its own when the rest fits, else its parameters on a line of their
/// own two columns in and `) {` below; `var name: Type` puts the type on the next line, two
/// columns in. Other lines are left as they are, so a whole file can be filtered.
///
/// ```text
/// {% filter wrapDeclaration:100 %}
///   fileprivate init(quarryRecord record: {{ table.recordName }}) {
/// {% endfilter %}
/// ```
/// prints `  fileprivate init(⏎    quarryRecord record: <long name>Record⏎  ) {`.
extension Filter {
  static let wrapDeclarationFilter = Filter.eachLine("wrapDeclaration", wrapDeclaration(_:width:))

  private static let declarationKeywords: Set<Substring> = [
    "public", "package", "internal", "fileprivate", "private", "static", "mutating",
    "nonmutating", "override", "final", "func", "init", "var", "let", "private(set)",
  ]

  private static func wrapDeclaration(_ line: String, width: Int) -> String {
    guard line.count > width else { return line }
    let indent = String(line.prefix { $0 == " " })
    let text = line.dropFirst(indent.count)
    let words = text.split(separator: " ")
    // A parameter of a generic type too long for its line: `label name: Slice<⏎  Type⏎>,`.
    if let colon = text.range(of: ": "), text.hasSuffix(">,") || text.hasSuffix(">"),
      let open = text.firstIndex(of: "<"), open > colon.upperBound,
      !text[colon.upperBound...].contains(" "), text.filter({ $0 == "<" }).count == 1
    {
      let close = text.lastIndex(of: ">") ?? text.endIndex
      return indent + text[...open] + "\n" + indent + "  " + text[text.index(after: open)..<close]
        + "\n" + indent + text[close...]
    }
    // A parameter `label: Type,` too long for its line: the type goes below, two columns in.
    if let colon = text.range(of: ": "), !text[colon.upperBound...].contains(": "),
      !text.contains("."), !text.contains("("), !text.contains(" = "),
      text[..<colon.lowerBound].split(separator: " ").count <= 2,
      text[..<colon.lowerBound].allSatisfy({ isIdentifier($0) || $0 == " " }),
      !declarationKeywords.contains(words[0])
    {
      return indent + text[..<colon.lowerBound] + ":\n" + indent + "  " + text[colon.upperBound...]
    }
    guard let first = words.first?.split(separator: "(").first,
      declarationKeywords.contains(first)
    else { return line }
    let head = text.firstIndex(of: "(").map { text[..<$0].split(separator: " ") } ?? []
    // A signature whose `-> Type {` is on the next line: its parameters go on their own.
    if text.hasSuffix(")"), let open = text.firstIndex(of: "("), text.last == ")",
      head.dropLast().allSatisfy(declarationKeywords.contains),
      head.dropLast().contains("func") || head.last == "init"
    {
      let parameters = text[text.index(after: open)..<text.index(before: text.endIndex)]
      return indent + text[...open] + "\n"
        + parameterLines(parameters, indent: indent, width: width) + "\n" + indent + ")"
    }
    if text.hasSuffix(") {"), let open = text.firstIndex(of: "("),
      head.dropLast().allSatisfy(declarationKeywords.contains),
      head.dropLast().contains("func") || head.last == "init"
    {
      let signature = text.dropLast(2)
      if indent.count + signature.count <= width {
        return indent + signature + "\n" + indent + "{"
      }
      let parameters = text[text.index(after: open)..<text.index(text.endIndex, offsetBy: -3)]
      return indent + text[...open] + "\n"
        + parameterLines(parameters, indent: indent, width: width) + "\n" + indent + ") {"
    }
    // `var name: Type` without a value, accessors or a body.
    guard words.contains("var") || words.contains("let"),
      !text.contains(" = "), !text.hasSuffix("{"), !text.hasSuffix("}"),
      let colon = text.range(of: ": ")
    else { return line }
    return indent + text[..<colon.lowerBound] + ":\n" + indent + "  " + text[colon.upperBound...]
  }

  private static func isIdentifier(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  /// The parameters on a line two columns in; one parameter too long for it puts its type
  /// below it, four columns in.
  private static func parameterLines(_ parameters: Substring, indent: String, width: Int)
    -> String
  {
    let list = indent + "  " + parameters
    guard list.count > width, !parameters.contains(", "), let colon = parameters.range(of: ": ")
    else { return list }
    return indent + "  " + parameters[..<colon.lowerBound] + ":\n" + indent + "    "
      + parameters[colon.upperBound...]
  }
}
