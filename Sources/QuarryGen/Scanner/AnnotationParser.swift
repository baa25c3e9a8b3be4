/// Parses the text after `// quarry:` into annotations.
///
/// Grammar: `entry (',' entry)*`, where an entry is `key` or `key = value` and a value is a
/// string (`"birds"`, with `\"`, `\\`, `\n`, `\r`, `\t` and `\u{…}` escapes; `\0` and unknown
/// escapes are errors), a number (`42`, `-1.5`), `true`, `false`, an identifier or dotted path
/// (`Nest`, `.songbird`, `A.B`) or a list `[a, b]`, possibly nested. Lists nest through an explicit stack, not recursion. On a mistake the
/// parser reports it and drops the rest of that line.
///
/// ```swift
/// // quarry: table = "birds", index = [kind, name], persist
/// ```
struct AnnotationParser {
  static let maximumListNesting = 32
  private var cursor: ByteCursor
  private var end: Int
  private let path: String
  private(set) var annotations: [Annotation] = []
  private(set) var diagnostics: [Diagnostic] = []

  init(bytes: [UInt8], path: String) {
    cursor = ByteCursor(bytes: bytes)
    end = 0
    self.path = path
  }

  /// Parses each range (the text after `quarry:` on one comment line), accumulating.
  static func parse(bytes: [UInt8], ranges: [Range<Int>], path: String)
    -> (annotations: [Annotation], diagnostics: [Diagnostic])
  {
    var parser = AnnotationParser(bytes: bytes, path: path)
    for range in ranges { parser.parseLine(range) }
    return (parser.annotations, parser.diagnostics)
  }

  mutating func parseLine(_ range: Range<Int>) {
    cursor.offset = range.lowerBound
    end = range.upperBound
    skipSpaces()
    if isAtEnd { return diagnose(.missingAnnotation) }
    while true {
      skipSpaces()
      let keyStart = cursor.offset
      guard let key = scanName() else {
        return diagnose(.missingAnnotationKey)
      }
      skipSpaces()
      var value = AnnotationValue.bool(true)
      if !isAtEnd && cursor.peek() == ASCII.equals {
        cursor.advance()
        skipSpaces()
        guard let parsed = scanValue() else { return }
        value = parsed
        skipSpaces()
      }
      annotations.append(
        Annotation(key: key, value: value, location: SourceLocation(path: path, offset: keyStart)))
      if isAtEnd { return }
      guard cursor.advance(if: ASCII.comma) else {
        return diagnose(.missingAnnotationSeparator)
      }
    }
  }

  // MARK: - Values

  /// A value; lists are built with an explicit stack of open lists.
  private mutating func scanValue() -> AnnotationValue? {
    var openLists: [(start: Int, items: [AnnotationValue])] = []
    while true {
      skipSpaces()
      var item: AnnotationValue
      if !isAtEnd && cursor.peek() == ASCII.openBracket {
        guard openLists.count < Self.maximumListNesting else {
          diagnose(.annotationListTooDeep(limit: Self.maximumListNesting))
          return nil
        }
        openLists.append((cursor.offset, []))
        cursor.advance()
        skipSpaces()
        guard !isAtEnd && cursor.peek() == ASCII.closeBracket else { continue }
        cursor.advance()
        openLists.removeLast()
        item = .list([])
      } else {
        guard let scalar = scanScalar() else { return nil }
        item = scalar
      }
      // Close every list this item ends, then decide whether another item follows.
      while true {
        guard !openLists.isEmpty else { return item }
        openLists[openLists.count - 1].items.append(item)
        skipSpaces()
        if cursor.offset < end && cursor.advance(if: ASCII.comma) {
          skipSpaces()
          if cursor.offset < end && cursor.peek() == ASCII.closeBracket {
            // A trailing comma before `]`.
          } else {
            break
          }
        }
        guard cursor.offset < end && cursor.advance(if: ASCII.closeBracket) else {
          diagnose(.unclosedAnnotationList, at: openLists[openLists.count - 1].start)
          return nil
        }
        item = .list(openLists.removeLast().items)
      }
    }
  }

  private mutating func scanScalar() -> AnnotationValue? {
    guard !isAtEnd else {
      diagnose(.missingAnnotationValue)
      return nil
    }
    let byte = cursor.peek()
    if byte == ASCII.quote { return scanString() }
    if byte.isDigit || ((byte == ASCII.minus || byte == ASCII.plus) && cursor.peek(1).isDigit) {
      let start = cursor.offset
      cursor.advance()
      while cursor.offset < end
        && (cursor.peek().isIdentifierByte || cursor.peek() == ASCII.dot
          || ((cursor.peek() == ASCII.minus || cursor.peek() == ASCII.plus)
            && (cursor.peek(-1) | 0x20) == UInt8(ascii: "e")))
      {
        cursor.advance()
      }
      return .number(String(decoding: cursor.bytes[start..<cursor.offset], as: UTF8.self))
    }
    if byte == ASCII.dot || byte.isIdentifierStart || byte == ASCII.backtick {
      let start = cursor.offset
      while cursor.offset < end
        && (cursor.peek().isIdentifierByte || cursor.peek() == ASCII.dot
          || cursor.peek() == ASCII.backtick)
      {
        cursor.advance()
      }
      let text = String(decoding: cursor.bytes[start..<cursor.offset], as: UTF8.self)
      switch text {
      case "true": return .bool(true)
      case "false": return .bool(false)
      default: return .identifier(text)
      }
    }
    diagnose(.missingAnnotationValue)
    return nil
  }

  private mutating func scanString() -> AnnotationValue? {
    let start = cursor.offset
    cursor.advance()
    var bytes: [UInt8] = []
    while cursor.offset < end {
      let byte = cursor.peek()
      cursor.advance()
      if byte == ASCII.quote { return .string(String(decoding: bytes, as: UTF8.self)) }
      if byte == ASCII.backslash && cursor.offset < end {
        guard scanEscape(into: &bytes, backslashAt: cursor.offset - 1) else { return nil }
      } else {
        bytes.append(byte)
      }
    }
    diagnose(.unterminatedAnnotationString, at: start)
    return nil
  }

  /// One escape after a `\` in a string: `\"`, `\\`, `\n`, `\r`, `\t` or `\u{…}` (1 to 8
  /// hex digits). `\0`, `\u{0}` and unknown escapes are errors: SQLite names and values
  /// cannot hold a NUL, and reading `\0` as the digit `0` would silently change a name.
  private mutating func scanEscape(into bytes: inout [UInt8], backslashAt start: Int) -> Bool {
    let escaped = cursor.peek()
    cursor.advance()
    switch escaped {
    case UInt8(ascii: "n"): bytes.append(ASCII.newline)
    case UInt8(ascii: "t"): bytes.append(ASCII.tab)
    case UInt8(ascii: "r"): bytes.append(ASCII.carriageReturn)
    case ASCII.quote, ASCII.backslash: bytes.append(escaped)
    case UInt8(ascii: "0"):
      diagnose(.nulInAnnotationString, at: start)
      return false
    case UInt8(ascii: "u"):
      var digits = 0
      var value: UInt32 = 0
      guard cursor.offset < end, cursor.advance(if: ASCII.openBrace) else {
        diagnose(.invalidUnicodeEscape, at: start)
        return false
      }
      while cursor.offset < end, digits < 8, let digit = Self.hexValue(cursor.peek()) {
        value = value << 4 | digit
        digits += 1
        cursor.advance()
      }
      guard digits > 0, cursor.offset < end, cursor.advance(if: ASCII.closeBrace),
        let scalar = Unicode.Scalar(value)
      else {
        diagnose(.invalidUnicodeEscape, at: start)
        return false
      }
      guard value != 0 else {
        diagnose(.nulInAnnotationString, at: start)
        return false
      }
      bytes.append(contentsOf: String(Character(scalar)).utf8)
    default:
      let shown = String(decoding: cursor.bytes[start..<cursor.offset], as: UTF8.self)
      diagnose(.unknownAnnotationEscape(shown), at: start)
      return false
    }
    return true
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  // MARK: - Helpers

  private var isAtEnd: Bool { cursor.offset >= end }

  private mutating func skipSpaces() {
    while cursor.offset < end
      && (cursor.peek().isHorizontalSpace || cursor.peek() == ASCII.carriageReturn)
    {
      cursor.advance()
    }
  }

  private mutating func scanName() -> String? {
    let start = cursor.offset
    while cursor.offset < end && cursor.peek().isIdentifierByte { cursor.advance() }
    guard cursor.offset > start, !cursor.bytes[start].isDigit else { return nil }
    return String(decoding: cursor.bytes[start..<cursor.offset], as: UTF8.self)
  }

  private mutating func diagnose(_ message: ScannerMessage, at offset: Int? = nil) {
    diagnostics.append(
      .error(message.text, at: SourceLocation(path: path, offset: offset ?? cursor.offset)))
  }
}
