/// A token inside a tag: a name or dotted path, a literal, or an operator.
struct ExpressionToken: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    /// An identifier or dotted path: `type.name`, `forloop.first`, `and`, `in`; or a negated
    /// filter name, `!optional`.
    case name
    /// A quoted string; `text` holds the unescaped contents.
    case string
    case number
    /// `|` `:` `,` `=` `==` `!=` `<` `<=` `>` `>=` `(` `)` `[` `]` `...`.
    case symbol
  }

  var kind: Kind
  var text: String
  /// Byte offset in the template file, for diagnostics.
  var offset: Int
}

/// Splits the contents of one tag into `ExpressionToken`s.
///
/// Tags are short, so each becomes a small array the parser walks with an index; this runs
/// once per tag at parse time, never while rendering.
struct ExpressionLexer {
  let file: SourceFile

  /// The diagnostic for the first bad character of a tag.
  struct Failure: Error {
    var diagnostic: Diagnostic
  }

  /// The tokens of `file.bytes[range]`, or the diagnostic for the first bad character.
  func tokenize(_ range: Range<Int>) -> Result<[ExpressionToken], Failure> {
    let bytes = file.bytes
    var tokens: [ExpressionToken] = []
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = bytes[index]
      let start = index
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
        || byte == UInt8(ascii: "\r")
      {
        index += 1
      } else if Self.isNameStart(byte)
        || (byte == UInt8(ascii: "!") && index + 1 < range.upperBound
          && Self.isNameStart(bytes[index + 1]))
      {
        // `!name` is a negated filter (Sourcery's `|!optional`, `|!annotated:"skip"`).
        index += 1
        // A dot continues a path unless it starts `...` (`1...types.count`).
        while index < range.upperBound
          && (Self.isNameContinuation(bytes[index])
            || (bytes[index] == UInt8(ascii: ".")
              && !Self.startsEllipsis(bytes, at: index, end: range.upperBound)))
        {
          index += 1
        }
        tokens.append(token(.name, start..<index))
      } else if Self.isDigit(byte)
        || (byte == UInt8(ascii: "-") && index + 1 < range.upperBound
          && Self.isDigit(bytes[index + 1]) && Self.expectsOperand(after: tokens.last))
      {
        index += 1
        while index < range.upperBound
          && (Self.isDigit(bytes[index])
            || (bytes[index] == UInt8(ascii: ".")
              && !Self.startsEllipsis(bytes, at: index, end: range.upperBound)))
        {
          index += 1
        }
        tokens.append(token(.number, start..<index))
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        var text: [UInt8] = []
        index += 1
        var closed = false
        while index < range.upperBound {
          let current = bytes[index]
          if current == byte {
            closed = true
            index += 1
            break
          }
          if current == UInt8(ascii: "\\") && index + 1 < range.upperBound {
            text.append(Self.unescape(bytes[index + 1]))
            index += 2
            continue
          }
          text.append(current)
          index += 1
        }
        guard closed else {
          return .failure(
            Failure(
              diagnostic: .error(
                TemplateMessage.unterminatedString.text,
                at: SourceLocation(path: file.path, offset: start))))
        }
        tokens.append(
          ExpressionToken(
            kind: .string, text: String(decoding: text, as: UTF8.self), offset: start))
      } else if let length = Self.symbolLength(bytes, at: index, end: range.upperBound) {
        index += length
        tokens.append(token(.symbol, start..<index))
      } else {
        let character = String(decoding: bytes[start..<start + 1], as: UTF8.self)
        return .failure(
          Failure(
            diagnostic: .error(
              TemplateMessage.unexpectedCharacter(character).text,
              at: SourceLocation(path: file.path, offset: start))))
      }
    }
    return .success(tokens)
  }

  private func token(_ kind: ExpressionToken.Kind, _ range: Range<Int>) -> ExpressionToken {
    ExpressionToken(
      kind: kind, text: String(decoding: file.bytes[range], as: UTF8.self),
      offset: range.lowerBound)
  }

  /// A `-` starts a negative number only where an operand is expected (`x|f:-1`, `a == -1`).
  private static func expectsOperand(after token: ExpressionToken?) -> Bool {
    guard let token else { return true }
    return token.kind == .symbol && token.text != ")"
  }

  private static func startsEllipsis(_ bytes: [UInt8], at index: Int, end: Int) -> Bool {
    index + 2 < end && bytes[index + 1] == UInt8(ascii: ".")
      && bytes[index + 2] == UInt8(ascii: ".")
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func isNameStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
      || byte >= 0x80
  }

  private static func isNameContinuation(_ byte: UInt8) -> Bool {
    isNameStart(byte) || isDigit(byte)
  }

  private static func unescape(_ byte: UInt8) -> UInt8 {
    switch byte {
    case UInt8(ascii: "n"): UInt8(ascii: "\n")
    case UInt8(ascii: "t"): UInt8(ascii: "\t")
    case UInt8(ascii: "r"): UInt8(ascii: "\r")
    case UInt8(ascii: "0"): 0
    default: byte
    }
  }

  private static func symbolLength(_ bytes: [UInt8], at index: Int, end: Int) -> Int? {
    let byte = bytes[index]
    let next: UInt8? = index + 1 < end ? bytes[index + 1] : nil
    switch byte {
    case UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"):
      return next == UInt8(ascii: "=") ? 2 : 1
    case UInt8(ascii: "!"):
      return next == UInt8(ascii: "=") ? 2 : nil
    case UInt8(ascii: "|"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "("),
      UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"):
      return 1
    case UInt8(ascii: "."):
      return startsEllipsis(bytes, at: index, end: end) ? 3 : nil
    default:
      return nil
    }
  }
}
