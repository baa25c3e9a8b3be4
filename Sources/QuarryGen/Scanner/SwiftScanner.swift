/// Splits Swift source bytes into tokens, one `next()` at a time.
///
/// Modelled on SwiftSyntax's lexer but much smaller: it knows only what the declaration
/// scanner needs. Strings (with interpolations, raw delimiters and multi-line bodies), regex
/// literals and comments are consumed whole so that `{`, `}`, `//` or `struct` inside them are
/// never seen as code. Nothing recurses: nested comments keep a depth counter and nested string
/// interpolations an explicit stack, so 10,000 levels cost memory, not stack.
///
/// ```swift
/// var scanner = SwiftScanner(bytes: Array("let x = \"}\"".utf8), path: "a.swift")
/// while scanner.next().kind != .endOfFile {}
/// ```
struct SwiftScanner {
  var cursor: ByteCursor
  let path: String
  /// Unterminated comments and literals, in the order found.
  var diagnostics: [Diagnostic] = []
  /// Diagnostics beyond `DeclarationScanner.maximumDiagnostics`, only counted.
  var suppressedDiagnostics = 0
  /// Whether the previous token can end an operand, which makes a following `/` a division
  /// rather than the start of a regex literal.
  private var previousEndsOperand = false
  private var previousIsDot = false
  /// Where the source starts: after a byte-order mark, if any.
  private let sourceStart: Int

  init(bytes: [UInt8], path: String) {
    cursor = ByteCursor(bytes: bytes)
    self.path = path
    // A UTF-8 byte-order mark is not part of the source.
    if cursor.is(at: "\u{FEFF}") { cursor.advance(by: 3) }
    sourceStart = cursor.offset
  }

  var bytes: [UInt8] { cursor.bytes }

  mutating func next() -> Token {
    let triviaStart = cursor.offset
    var hasLeadingNewline = triviaStart == sourceStart
    skipTrivia(&hasLeadingNewline)
    let start = cursor.offset
    var token = Token(
      kind: .endOfFile, keyword: .none, byte: cursor.peek(),
      hasLeadingSpace: start > triviaStart || hasLeadingNewline,
      hasLeadingNewline: hasLeadingNewline, start: start, end: start, triviaStart: triviaStart)
    guard !cursor.isAtEnd else { return token }
    let byte = token.byte
    var endsOperand = true
    switch byte {
    case _ where byte.isIdentifierStart:
      cursor.advance(while: \.isIdentifierByte)
      token.kind = .identifier
      if !previousIsDot {
        token.keyword = Keyword.classify(cursor.bytes, start, cursor.offset)
        switch token.keyword {
        // After `func`, `operator` and the like, `/` names an operator: never a regex.
        case .none, .self, .Self, .super, .true, .false, .nil, .func, .operator, .prefix,
          .postfix, .infix:
          break
        default: endsOperand = false
        }
      }
    case ASCII.backtick:
      cursor.advance()
      cursor.advance(while: { $0 != ASCII.backtick && !$0.isNewline })
      _ = cursor.advance(if: ASCII.backtick)
      token.kind = .identifier
    case _ where byte.isDigit:
      scanNumber()
      token.kind = .number
    case ASCII.quote:
      scanStringLiteral()
      token.kind = .string
    case ASCII.pound:
      let pounds = cursor.count(of: ASCII.pound)
      let after = cursor.peek(pounds)
      if after == ASCII.quote {
        scanStringLiteral()
        token.kind = .string
      } else if after == ASCII.slash {
        scanPoundRegexLiteral(pounds: pounds)
        token.kind = .regex
      } else if pounds == 1 && after.isIdentifierStart {
        cursor.advance()
        cursor.advance(while: \.isIdentifierByte)
        token.kind = .pound
        endsOperand = false
      } else {
        cursor.advance()
        token.kind = .punctuation
        endsOperand = false
      }
    case ASCII.slash where !previousEndsOperand && scanBareRegexLiteral():
      token.kind = .regex
    case ASCII.minus where cursor.peek(1) == ASCII.greaterThan:
      cursor.advance(by: 2)
      token.kind = .arrow
      endsOperand = false
    default:
      cursor.advance()
      token.kind = .punctuation
      switch byte {
      case ASCII.closeParen, ASCII.closeBracket, ASCII.closeBrace: break
      // A postfix `?` or `!` (attached to what precedes it) still ends an operand.
      case ASCII.question, ASCII.exclamation: endsOperand = !token.hasLeadingSpace
      default: endsOperand = false
      }
    }
    previousIsDot = token.kind == .punctuation && byte == ASCII.dot
    previousEndsOperand = endsOperand
    token.end = cursor.offset
    return token
  }

  // MARK: - Trivia

  /// Skips whitespace and comments, noting whether a newline was among them.
  private mutating func skipTrivia(_ hasLeadingNewline: inout Bool) {
    let count = cursor.bytes.count
    var index = cursor.offset
    while index < count {
      let byte = cursor.bytes[index]
      if byte == ASCII.space || byte == ASCII.tab {
        index += 1
      } else if byte == ASCII.newline || byte == ASCII.carriageReturn {
        hasLeadingNewline = true
        index += 1
      } else if byte == ASCII.slash && index + 1 < count && cursor.bytes[index + 1] == ASCII.slash {
        index += 2
        while index < count && !cursor.bytes[index].isNewline { index += 1 }
      } else if byte == ASCII.slash && index + 1 < count && cursor.bytes[index + 1] == ASCII.star {
        cursor.offset = index
        if skipBlockComment() { hasLeadingNewline = true }
        index = cursor.offset
      } else if byte == 0x0B || byte == 0x0C {
        index += 1
      } else {
        break
      }
    }
    cursor.offset = index
  }

  /// Skips a possibly nested `/* … */` comment; returns whether it spans a newline.
  private mutating func skipBlockComment() -> Bool {
    let start = cursor.offset
    cursor.advance(by: 2)
    var depth = 1
    var sawNewline = false
    while !cursor.isAtEnd {
      let byte = cursor.peek()
      if byte == ASCII.star && cursor.peek(1) == ASCII.slash {
        cursor.advance(by: 2)
        depth -= 1
        if depth == 0 { return sawNewline }
      } else if byte == ASCII.slash && cursor.peek(1) == ASCII.star {
        cursor.advance(by: 2)
        depth += 1
      } else {
        if byte.isNewline { sawNewline = true }
        cursor.advance()
      }
    }
    diagnose(.unterminatedBlockComment, at: start)
    return sawNewline
  }

  // MARK: - Numbers

  private mutating func scanNumber() {
    let isHex = cursor.peek() == UInt8(ascii: "0") && (cursor.peek(1) | 0x20) == UInt8(ascii: "x")
    while !cursor.isAtEnd {
      let byte = cursor.peek()
      if byte.isIdentifierByte && byte < 0x80 {
        cursor.advance()
        let lower = byte | 0x20
        let isExponent = isHex ? lower == UInt8(ascii: "p") : lower == UInt8(ascii: "e")
        if isExponent && (cursor.peek() == ASCII.plus || cursor.peek() == ASCII.minus)
          && cursor.peek(1).isDigit
        {
          cursor.advance()
        }
      } else if byte == ASCII.dot && cursor.peek(1).isDigit {
        cursor.advance()
      } else {
        return
      }
    }
  }

  mutating func diagnose(_ message: ScannerMessage, at offset: Int) {
    guard diagnostics.count < DeclarationScanner.maximumDiagnostics else {
      suppressedDiagnostics += 1
      return
    }
    diagnostics.append(.error(message.text, at: SourceLocation(path: path, offset: offset)))
  }
}
