/// `wrapHeader:width` wraps each type or extension header longer than `width` columns
/// (`extension Name: A, B {`, `final class Name: A {`, `enum Name {`) as `swift format` prints
/// it: the conformances on a line of their own two columns in, then `{` alone; when the
/// keywords, name and `:` do not fit either, the name goes on a line of its own too, and the
/// conformances four columns in. Other lines, and headers that fit, are left as they are.
///
/// ```text
/// {% filter wrapHeader:100 %}
/// extension {{ table.typeName }}: TableRecord {
/// {% endfilter %}
/// ```
/// prints `extension <long name>:⏎  TableRecord⏎{` for a name of 86 characters.
extension Filter {
  static let wrapHeaderFilter = Filter.eachLine("wrapHeader", wrapHeader(_:width:))

  private static let modifiers: Set<Substring> = [
    "public", "package", "internal", "fileprivate", "private", "final", "open",
  ]

  private static func wrapHeader(_ line: String, width: Int) -> String {
    guard line.count > width, line.hasSuffix(" {") else { return line }
    let indent = String(line.prefix { $0 == " " })
    let header = line.dropFirst(indent.count).dropLast(2)
    let words = header.split(separator: " ")
    guard let kind = words.firstIndex(where: { !modifiers.contains($0) }),
      ["extension", "struct", "enum", "class", "actor", "protocol"].contains(words[kind])
    else { return line }
    // Type names hold no ": " (generic arguments aside, which headers here do not have).
    let colon = header.range(of: ": ")
    let head = colon.map { header[..<$0.lowerBound] + ":" } ?? String(header)
    let conformances = colon.map { "\n" + indent + "  " + header[$0.upperBound...] } ?? ""
    if indent.count + head.count <= width {
      return indent + head + conformances + "\n" + indent + "{"
    }
    // `final class` and the other keywords stay together; the name moves under them.
    guard let space = head.lastIndex(of: " ") else { return line }
    let keywords = head[..<space]
    let name = head[head.index(after: space)...]
    return indent + keywords + "\n" + indent + "  " + name
      + conformances.replacingOccurrences(of: "\n" + indent + "  ", with: "\n" + indent + "    ")
      + "\n" + indent + "{"
  }
}
