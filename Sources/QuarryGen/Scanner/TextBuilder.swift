/// Builds the normalised text of a run of tokens: a type, a default value, attribute arguments.
///
/// Normalising keeps what the author wrote but makes spacing predictable: any whitespace,
/// newline or comment between two tokens becomes one space; there is no space just inside
/// `(` `[` and `)` `]` or before `,`; there is always one after `,`. Literals are kept byte
/// for byte; a member access continued on the next line joins up. So `( Int,String )` reads
/// `(Int, String)`, `[String:\n  Int]` reads `[String: Int]` and `Builder()\n  .build()` reads
/// `Builder().build()`, while `[String:Int]` stays as written (`@objc(a:b:)` must).
///
/// Most runs are already normalised; then the text is one slice of the source, made into a
/// `String` once, and no byte buffer is built.
struct TextBuilder {
  private var buffer: [UInt8] = []
  /// The source range covered so far while it needs no change (`buffer` unused).
  private var sliceStart = 0
  private var sliceEnd = 0
  private var isSlice = true
  private var previous: Token?

  var isEmpty: Bool { previous == nil }

  /// Appends `token`; with `isJoined`, without a space before it whatever the source has
  /// (inside generic arguments, `Store<⏎  A⏎>` reads `Store<A>`).
  mutating func append(_ token: Token, from source: [UInt8], isJoined: Bool = false) {
    guard let previous else {
      sliceStart = token.start
      sliceEnd = token.end
      previous = token
      return
    }
    let space =
      !isJoined && needsSpace(between: previous, and: token)
      && !(isPostfixMark(token) && Self.isLeftBound(token.start, in: source))
    if isSlice {
      let gap = token.start - previous.end
      if (space && gap == 1 && source[previous.end] == ASCII.space) || (!space && gap == 0) {
        sliceEnd = token.end
        self.previous = token
        return
      }
      isSlice = false
      buffer.reserveCapacity(sliceEnd - sliceStart + 16)
      buffer.append(contentsOf: source[sliceStart..<sliceEnd])
    }
    if space { buffer.append(ASCII.space) }
    buffer.append(contentsOf: source[token.start..<token.end])
    self.previous = token
  }

  private func needsSpace(between previous: Token, and token: Token) -> Bool {
    if previous.kind == .punctuation {
      switch previous.byte {
      case ASCII.openParen, ASCII.openBracket: return false
      case ASCII.comma: return true
      default: break
      }
    }
    if token.kind == .punctuation {
      switch token.byte {
      case ASCII.closeParen, ASCII.closeBracket, ASCII.comma: return false
      // A member access continued on the next line (`Builder()⏎  .build()`) joins up.
      case ASCII.dot where token.hasLeadingNewline && endsOperand(previous): return false
      default: break
      }
    }
    return token.hasLeadingSpace
  }

  private func isPostfixMark(_ token: Token) -> Bool {
    token.kind == .punctuation && (token.byte == ASCII.question || token.byte == ASCII.exclamation)
  }

  /// Whether the byte before `start` binds an operator to its left, by the compiler's rule:
  /// only a space, tab, line break, NUL, an opening bracket, `,` `;` `:`, the end of a `/* */`
  /// comment or U+00A0 separate it. A vertical tab or form feed does not, so
  /// `String\u{B}?` is `String?` to the compiler, and must be written back as `String?`, never
  /// as `String ?`, which does not parse inside `Column<…>`.
  static func isLeftBound(_ start: Int, in source: [UInt8]) -> Bool {
    guard start > 0 else { return false }
    switch source[start - 1] {
    case ASCII.space, ASCII.carriageReturn, ASCII.newline, ASCII.tab, 0, ASCII.openParen,
      ASCII.openBracket, ASCII.openBrace, ASCII.comma, ASCII.semicolon, ASCII.colon:
      return false
    case ASCII.slash: return !(start > 1 && source[start - 2] == ASCII.star)
    case 0xA0: return !(start > 1 && source[start - 2] == 0xC2)
    default: return true
    }
  }

  private func endsOperand(_ token: Token) -> Bool {
    switch token.kind {
    case .identifier, .number, .string, .regex: return true
    case .punctuation:
      switch token.byte {
      case ASCII.closeParen, ASCII.closeBracket, ASCII.closeBrace, ASCII.greaterThan: return true
      case ASCII.question, ASCII.exclamation: return !token.hasLeadingSpace
      default: return false
      }
    default: return false
    }
  }

  func text(from source: [UInt8]) -> String {
    if isSlice { return String(decoding: source[sliceStart..<sliceEnd], as: UTF8.self) }
    return String(decoding: buffer, as: UTF8.self)
  }
}
