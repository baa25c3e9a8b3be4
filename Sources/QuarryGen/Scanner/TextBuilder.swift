/// Builds the normalised text of a run of tokens: a type, a default value, attribute arguments.
///
/// Normalising keeps what the author wrote but makes spacing predictable: any whitespace,
/// newline or comment between two tokens becomes one space; there is no space just inside
/// `(` `[` and `)` `]` or before `,`; there is always one after `,`. Literals are kept byte
/// for byte. So `( Int,String )` reads `(Int, String)` and `[String:\n  Int]` reads
/// `[String: Int]`, while `[String:Int]` stays as written (a selector like `@objc(a:b:)` must).
struct TextBuilder {
  private(set) var bytes: [UInt8] = []
  private var previous: Token?

  var isEmpty: Bool { bytes.isEmpty }

  mutating func append(_ token: Token, from source: [UInt8]) {
    if let previous, needsSpace(between: previous, and: token) {
      bytes.append(ASCII.space)
    }
    bytes.append(contentsOf: source[token.start..<token.end])
    previous = token
  }

  private func needsSpace(between previous: Token, and token: Token) -> Bool {
    if previous.kind == .punctuation {
      switch previous.byte {
      case ASCII.openParen, ASCII.openBracket: return false
      default: break
      }
    }
    if token.kind == .punctuation {
      switch token.byte {
      case ASCII.closeParen, ASCII.closeBracket, ASCII.comma: return false
      default: break
      }
    }
    if previous.is(ASCII.comma) { return true }
    return token.hasLeadingSpace
  }

  var text: String { String(decoding: bytes, as: UTF8.self) }
}
