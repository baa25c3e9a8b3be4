/// String and regex literals: consumed whole, interpolations and nesting included.
extension SwiftScanner {
  /// One string literal being read: its delimiter, and whether the cursor is inside one of its
  /// `\(…)` interpolations (and how many parentheses deep).
  private struct StringFrame {
    var start: Int
    var pounds: Int
    var isMultiline: Bool
    var parenthesisDepth = 0
  }

  /// Reads `#*"…"#*` or `#*"""…"""#*` at the cursor, nested literals in interpolations
  /// included. An unterminated single-line literal ends at the end of its line; an
  /// unterminated multi-line one at the end of the file.
  mutating func scanStringLiteral() {
    let literalStart = cursor.offset
    var current = openString()
    // Enclosing literals of the current one; empty (and unallocated) for most literals.
    var enclosing: [StringFrame] = []
    while true {
      if cursor.isAtEnd {
        diagnose(
          current.isMultiline ? .unterminatedMultilineString : .unterminatedString,
          at: enclosing.first?.start ?? current.start)
        return
      }
      let byte = cursor.peek()
      if current.parenthesisDepth == 0 {
        // Inside the text of the literal.
        switch byte {
        case ASCII.backslash:
          cursor.advance()
          let pounds = cursor.count(of: ASCII.pound)
          guard pounds == current.pounds else { continue }
          cursor.advance(by: pounds)
          if cursor.advance(if: ASCII.openParen) {
            current.parenthesisDepth = 1
          } else if !cursor.peek().isNewline {
            cursor.advance()
          }
        case ASCII.quote:
          if closesString(current) {
            cursor.advance(by: (current.isMultiline ? 3 : 1) + current.pounds)
            guard let outer = enclosing.popLast() else { return }
            current = outer
          } else {
            cursor.advance()
          }
        case ASCII.newline, ASCII.carriageReturn:
          if current.isMultiline {
            cursor.advance()
          } else {
            diagnose(.unterminatedString, at: enclosing.first?.start ?? literalStart)
            return
          }
        default:
          cursor.advance()
        }
      } else {
        // Inside `\( … )`: code, where parentheses, comments and nested literals matter.
        switch byte {
        case ASCII.openParen:
          current.parenthesisDepth += 1
          cursor.advance()
        case ASCII.closeParen:
          current.parenthesisDepth -= 1
          cursor.advance()
        case ASCII.quote:
          enclosing.append(current)
          current = openString()
        case ASCII.pound where cursor.peek(cursor.count(of: ASCII.pound)) == ASCII.quote:
          enclosing.append(current)
          current = openString()
        case ASCII.slash where cursor.peek(1) == ASCII.slash:
          cursor.advance(while: { !$0.isNewline })
        case ASCII.slash where cursor.peek(1) == ASCII.star:
          _ = skipNestedComment()
        case ASCII.newline, ASCII.carriageReturn:
          // As in Swift's lexer, the literal owning the interpolation decides: a single-line
          // one cannot go on past the end of the line.
          if !current.isMultiline {
            diagnose(.unterminatedString, at: enclosing.first?.start ?? literalStart)
            return
          }
          cursor.advance()
        default:
          cursor.advance()
        }
      }
    }
  }

  /// Reads the opening delimiter at the cursor.
  private mutating func openString() -> StringFrame {
    let start = cursor.offset
    let pounds = cursor.count(of: ASCII.pound)
    cursor.advance(by: pounds)
    let isMultiline = cursor.is(at: "\"\"\"")
    cursor.advance(by: isMultiline ? 3 : 1)
    return StringFrame(start: start, pounds: pounds, isMultiline: isMultiline)
  }

  /// Whether the `"` at the cursor closes `frame`.
  private func closesString(_ frame: StringFrame) -> Bool {
    let quotes = frame.isMultiline ? 3 : 1
    for index in 0..<quotes where cursor.peek(index) != ASCII.quote { return false }
    return cursor.count(of: ASCII.pound, from: quotes) >= frame.pounds
  }

  /// Skips a nested block comment inside an interpolation (unterminated: to the end).
  private mutating func skipNestedComment() -> Bool {
    cursor.advance(by: 2)
    var depth = 1
    while !cursor.isAtEnd {
      if cursor.peek() == ASCII.star && cursor.peek(1) == ASCII.slash {
        cursor.advance(by: 2)
        depth -= 1
        if depth == 0 { return true }
      } else if cursor.peek() == ASCII.slash && cursor.peek(1) == ASCII.star {
        cursor.advance(by: 2)
        depth += 1
      } else {
        cursor.advance()
      }
    }
    return false
  }

  // MARK: - Regex literals

  /// Reads `/…/` at the cursor when it is a regex literal: it must neither start nor end with a
  /// space and must close on the same line (escapes and `[…]` classes respected). Leaves the cursor alone
  /// and returns false otherwise, so the `/` is an operator.
  mutating func scanBareRegexLiteral() -> Bool {
    var probe = cursor
    probe.advance()
    let first = probe.peek()
    if first.isHorizontalSpace || first.isNewline || probe.isAtEnd { return false }
    var classDepth = 0
    while !probe.isAtEnd {
      let byte = probe.peek()
      switch byte {
      case ASCII.backslash:
        probe.advance()
        if probe.peek().isNewline { return false }
        probe.advance()
      case ASCII.openBracket:
        classDepth += 1
        probe.advance()
      case ASCII.closeBracket:
        classDepth = max(0, classDepth - 1)
        probe.advance()
      case ASCII.slash where classDepth == 0:
        // SE-0354: a bare regex literal neither starts nor ends with a space, so
        // `func /(a: A, b: A) -> A { a / b }` is an operator, not a regex.
        if probe.peek(-1).isHorizontalSpace { return false }
        probe.advance()
        cursor = probe
        return true
      case ASCII.newline, ASCII.carriageReturn:
        return false
      default:
        probe.advance()
      }
    }
    return false
  }

  /// Reads `#/…/#` (any number of `#`), which may span lines.
  mutating func scanPoundRegexLiteral(pounds: Int) {
    let start = cursor.offset
    cursor.advance(by: pounds + 1)
    while !cursor.isAtEnd {
      let byte = cursor.peek()
      if byte == ASCII.backslash {
        cursor.advance(by: 2)
      } else if byte == ASCII.slash && cursor.count(of: ASCII.pound, from: 1) >= pounds {
        cursor.advance(by: 1 + pounds)
        return
      } else {
        cursor.advance()
      }
    }
    diagnose(.unterminatedRegex, at: start)
  }
}
