/// One lexical token: a kind and a byte range, never a copied string.
///
/// Whitespace and comments are trivia: a token remembers where its leading trivia began
/// (`triviaStart`) so the declaration scanner can read doc comments and annotations from the
/// bytes `triviaStart..<start` only for the declarations it keeps.
struct Token {
  enum Kind: UInt8 {
    /// A name or keyword; `keyword` tells which keyword, if any. Backticked names included.
    case identifier
    case number
    /// A whole string literal, interpolations and nested literals included.
    case string
    case regex
    /// One punctuation or operator byte (`{`, `:`, `?`, `<`…); see `byte`.
    case punctuation
    /// `->`.
    case arrow
    /// `#` directly followed by a name: `#if`, `#endif`, `#warning`, `#Preview`…
    case pound
    case endOfFile
  }

  var kind: Kind
  var keyword: Keyword
  /// The first byte of the token, which is all a punctuation token needs.
  var byte: UInt8
  /// Whitespace, a newline or a comment comes before the token.
  var hasLeadingSpace: Bool
  /// A newline (possibly inside a block comment) comes before the token, or it starts the file.
  var hasLeadingNewline: Bool
  var start: Int
  var end: Int
  var triviaStart: Int

  @inline(__always)
  func `is`(_ punctuation: UInt8) -> Bool {
    kind == .punctuation && byte == punctuation
  }

  @inline(__always)
  func `is`(_ keyword: Keyword) -> Bool {
    self.keyword == keyword
  }

  var isIdentifier: Bool { kind == .identifier }
}

/// Bytes used by the declaration scanner, named for readability.
enum ASCII {
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")
  static let openParen = UInt8(ascii: "(")
  static let closeParen = UInt8(ascii: ")")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let lessThan = UInt8(ascii: "<")
  static let greaterThan = UInt8(ascii: ">")
  static let comma = UInt8(ascii: ",")
  static let colon = UInt8(ascii: ":")
  static let semicolon = UInt8(ascii: ";")
  static let equals = UInt8(ascii: "=")
  static let at = UInt8(ascii: "@")
  static let dot = UInt8(ascii: ".")
  static let backtick = UInt8(ascii: "`")
  static let ampersand = UInt8(ascii: "&")
  static let question = UInt8(ascii: "?")
  static let exclamation = UInt8(ascii: "!")
  static let minus = UInt8(ascii: "-")
  static let plus = UInt8(ascii: "+")
  static let quote = UInt8(ascii: "\"")
  static let pound = UInt8(ascii: "#")
  static let slash = UInt8(ascii: "/")
  static let star = UInt8(ascii: "*")
  static let backslash = UInt8(ascii: "\\")
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let tab = UInt8(ascii: "\t")
}
