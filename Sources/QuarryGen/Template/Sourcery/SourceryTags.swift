/// Sourcery's own tags, beside Stencil's and StencilSwiftKit's:
///
/// - `{% newline %}` prints a line break, for templates that trim everything else:
///   `a{% newline %}b` prints `a⏎b`.
/// - `{% typed name as Type %}` (any number of `name as Type` triples) prints nothing: it only
///   tells Sourcery's editor the type of a variable.
extension TemplateParser {
  static let sourceryTagNames = ["newline", "typed"]

  /// `typed`'s words as name tokens, for types the expression lexer cannot read (`Int?`).
  func sourceryTypedTag(_ token: TemplateToken) -> BlockTag {
    var words: [ExpressionToken] = []
    var wordStart: Int?
    let bytes = file.bytes
    for index in token.start...token.end {
      let isSpace =
        index == token.end || bytes[index] == UInt8(ascii: " ")
        || bytes[index] == UInt8(ascii: "\t")
        || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r")
      if !isSpace {
        if wordStart == nil { wordStart = index }
      } else if let start = wordStart {
        words.append(
          ExpressionToken(
            kind: .name, text: String(decoding: bytes[start..<index], as: UTF8.self), offset: start)
        )
        wordStart = nil
      }
    }
    return BlockTag(
      name: "typed", tokens: Array(words.dropFirst()), location: location(token.tagStart),
      endOffset: token.end)
  }

  mutating func parseSourceryTag(_ tag: BlockTag) -> Node? {
    switch tag.name {
    case "newline":
      expectNoArguments(tag)
      return .text("\n")
    default:
      // Words split at spaces, as Sourcery splits them, so `[String: Int]?` is one type.
      let tokens = tag.tokens
      let isTriples =
        !tokens.isEmpty && tokens.count % 3 == 0
        && stride(from: 0, to: tokens.count, by: 3).allSatisfy { tokens[$0 + 1].text == "as" }
      if !isTriples {
        report(
          .malformedTag("typed", syntax: "typed name as Type"),
          at: tokens.first?.offset ?? tag.endOffset)
      }
      return nil
    }
  }
}
