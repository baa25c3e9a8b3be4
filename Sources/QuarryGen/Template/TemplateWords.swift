/// The words written inside a template's tags (`{{ }}` and `{% %}`, string literals included),
/// as the template lexer splits them: a context key none of them names is never read.
///
/// Deliberately coarse, so it can only err towards "read": any run of ASCII letters, digits and
/// underscores counts, comments and literal text do not.
///
/// ```swift
/// let words = TemplateWords.words(in: SourceFile(path: "T.stencil", text: "{{ types.all }} type"))
/// // ["types", "all"]
/// ```
enum TemplateWords {
  static func words(in file: SourceFile) -> Set<String> {
    var lexer = TemplateLexer(file: file)
    var words: Set<String> = []
    let bytes = file.bytes
    for token in lexer.tokenize() where token.kind == .variable || token.kind == .block {
      var wordStart: Int?
      for index in token.start...token.end {
        if index < token.end && isWordByte(bytes[index]) {
          if wordStart == nil { wordStart = index }
        } else if let start = wordStart {
          words.insert(String(decoding: bytes[start..<index], as: UTF8.self))
          wordStart = nil
        }
      }
    }
    return words
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
      true
    default: false
    }
  }
}
