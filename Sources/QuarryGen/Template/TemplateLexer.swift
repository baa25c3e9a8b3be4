/// Splits a template file into text and tags, then applies the whitespace rules.
///
/// Whitespace rules, applied here once so rendering only appends text:
/// - A line holding only block tags (`{% … %}`) and comments, plus spaces or tabs, emits
///   nothing but, when the output does not already end a line there, its line ending: a
///   `.lineBreak` token after the line's last tag. So `){% endfor %}` followed by a loop whose
///   `{% for %}` line was dropped still ends `)`'s line, as in Stencil.
/// - `{%-`/`{{-`/`{#-` drop all whitespace (newlines included) before the tag; `-%}`/`-}}`/`-#}`
///   drop all whitespace after it. Stencil's `{%+`/`+%}` keep the tag's line as written.
///
/// The lexer walks the file's bytes with an integer offset and never builds substrings.
struct TemplateLexer {
  let file: SourceFile
  let whitespace: TemplateWhitespace
  private(set) var diagnostics: [Diagnostic] = []

  init(file: SourceFile, whitespace: TemplateWhitespace = .quarry) {
    self.file = file
    self.whitespace = whitespace
  }

  /// The tokens of the file; text tokens that the whitespace rules emptied are left out.
  mutating func tokenize() -> [TemplateToken] {
    var tokens = scanTokens()
    if whitespace == .quarry { applyStandaloneLineRule(&tokens) }
    applyTrimMarkers(&tokens)
    return tokens.filter { ($0.kind != .text && $0.kind != .lineBreak) || $0.start < $0.end }
  }

  // MARK: Scanning

  private mutating func scanTokens() -> [TemplateToken] {
    let bytes = file.bytes
    var tokens: [TemplateToken] = []
    var textStart = 0
    var index = 0
    while index + 1 < bytes.count {
      guard bytes[index] == UInt8(ascii: "{"), let kind = Self.tagKind(opening: bytes[index + 1])
      else {
        index += 1
        continue
      }
      if textStart < index {
        tokens.append(
          TemplateToken(
            kind: .text, start: textStart, end: index, tagStart: textStart, tagEnd: index))
      }
      let token: TemplateToken
      switch scanTag(kind: kind, at: index) {
      case .tag(let tag):
        token = tag
      case .unclosed:
        let opening = String(decoding: bytes[index..<index + 2], as: UTF8.self)
        diagnostics.append(
          .error(
            TemplateMessage.unclosedTag(opening: opening, closing: Self.closing(kind)).text,
            at: SourceLocation(path: file.path, offset: index)))
        return tokens
      case .unterminatedString(let offset):
        diagnostics.append(
          .error(
            TemplateMessage.unterminatedString.text,
            at: SourceLocation(path: file.path, offset: offset)))
        return tokens
      }
      tokens.append(token)
      index = token.tagEnd
      textStart = index
    }
    if textStart < bytes.count {
      tokens.append(
        TemplateToken(
          kind: .text, start: textStart, end: bytes.count, tagStart: textStart,
          tagEnd: bytes.count))
    }
    return tokens
  }

  private static func tagKind(opening byte: UInt8) -> TemplateToken.Kind? {
    switch byte {
    case UInt8(ascii: "{"): .variable
    case UInt8(ascii: "%"): .block
    case UInt8(ascii: "#"): .comment
    default: nil
    }
  }

  static func closing(_ kind: TemplateToken.Kind) -> String {
    switch kind {
    case .variable: "}}"
    case .block: "%}"
    case .comment, .text, .lineBreak: "#}"
    }
  }

  private enum TagScan {
    case tag(TemplateToken)
    case unclosed
    /// The file ended inside a quoted string that starts at this offset.
    case unterminatedString(Int)
  }

  /// Finds the end of the tag opened at `start`, skipping quoted strings so `"}}"` in a filter
  /// argument does not close the tag.
  private func scanTag(kind: TemplateToken.Kind, at start: Int) -> TagScan {
    let bytes = file.bytes
    let closingByte: UInt8 =
      switch kind {
      case .variable: UInt8(ascii: "}")
      case .block: UInt8(ascii: "%")
      case .comment, .text, .lineBreak: UInt8(ascii: "#")
      }
    var index = start + 2
    var quote: UInt8?
    var quoteStart = start
    while index + 1 < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        if byte == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        if byte == open { quote = nil }
        // Strings in tags never span lines; stopping here keeps one stray quote from
        // swallowing the rest of the file into a tag.
        if byte == UInt8(ascii: "\n") { return .unterminatedString(quoteStart) }
      } else if kind != .comment && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) {
        quote = byte
        quoteStart = index
      } else if byte == closingByte && bytes[index + 1] == UInt8(ascii: "}") {
        var token = TemplateToken(
          kind: kind, start: start + 2, end: index, tagStart: start, tagEnd: index + 2)
        if token.start < token.end && bytes[token.start] == UInt8(ascii: "-") {
          token.trimsBefore = true
          token.start += 1
        }
        if token.start < token.end && bytes[token.end - 1] == UInt8(ascii: "-") {
          token.trimsAfter = true
          token.end -= 1
        }
        if token.start < token.end && bytes[token.start] == UInt8(ascii: "+") {
          token.keepsWhitespace = true
          token.start += 1
        }
        if token.start < token.end && bytes[token.end - 1] == UInt8(ascii: "+") {
          token.keepsWhitespace = true
          token.end -= 1
        }
        return .tag(token)
      }
      index += 1
    }
    return quote == nil ? .unclosed : .unterminatedString(quoteStart)
  }

  // MARK: Whitespace rules

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    isBlank(byte) || byte == UInt8(ascii: "\n")
  }

  /// Drops the indentation and line ending of every line holding only block tags and comments,
  /// leaving a `.lineBreak` token after the line's last tag unless that tag trims after itself.
  private func applyStandaloneLineRule(_ tokens: inout [TemplateToken]) {
    let bytes = file.bytes
    var removals: [Range<Int>] = []
    // (index of the token the line break goes before, the line ending's range).
    var lineBreaks: [(index: Int, range: Range<Int>)] = []
    var index = 0
    while index < tokens.count {
      let kind = tokens[index].kind
      guard kind == .block || kind == .comment, !tokens[index].keepsWhitespace,
        let lineStart = standaloneLineStart(before: index, in: tokens),
        let lineEnd = standaloneLineEnd(after: index, in: tokens)
      else {
        index += 1
        continue
      }
      removals.append(lineStart..<lineEnd)
      // Every tag up to the end of that line shares the same removal.
      while index < tokens.count && tokens[index].tagStart < lineEnd { index += 1 }
      var lastTag = index - 1
      while lastTag > 0 && tokens[lastTag].kind == .text { lastTag -= 1 }
      if lineEnd > 0 && bytes[lineEnd - 1] == UInt8(ascii: "\n") && !tokens[lastTag].trimsAfter {
        var breakStart = lineEnd - 1
        if breakStart > 0 && bytes[breakStart - 1] == UInt8(ascii: "\r") { breakStart -= 1 }
        lineBreaks.append((lastTag + 1, breakStart..<lineEnd))
      }
    }
    guard !removals.isEmpty else { return }
    defer {
      for lineBreak in lineBreaks.reversed() {
        let range = lineBreak.range
        tokens.insert(
          TemplateToken(
            kind: .lineBreak, start: range.lowerBound, end: range.upperBound,
            tagStart: range.lowerBound, tagEnd: range.upperBound),
          at: lineBreak.index)
      }
    }
    for tokenIndex in tokens.indices where tokens[tokenIndex].kind == .text {
      for removal in removals {
        var token = tokens[tokenIndex]
        guard removal.lowerBound < token.end && removal.upperBound > token.start else { continue }
        if removal.lowerBound <= token.start {
          token.start = min(max(token.start, removal.upperBound), token.end)
        } else {
          token.end = max(min(token.end, removal.lowerBound), token.start)
        }
        tokens[tokenIndex] = token
      }
    }
  }

  /// Where the line of tag `index` starts if only blanks and block tags precede it on that line.
  private func standaloneLineStart(before index: Int, in tokens: [TemplateToken]) -> Int? {
    let bytes = file.bytes
    var cursor = index - 1
    while cursor >= 0 {
      let token = tokens[cursor]
      switch token.kind {
      case .variable: return nil
      case .block, .comment: if token.keepsWhitespace { return nil }
      case .text, .lineBreak:
        var offset = token.end - 1
        while offset >= token.start {
          if bytes[offset] == UInt8(ascii: "\n") { return offset + 1 }
          if !Self.isBlank(bytes[offset]) { return nil }
          offset -= 1
        }
      }
      cursor -= 1
    }
    return 0
  }

  /// Where the line of tag `index` ends (after its newline) if only blanks and block tags
  /// follow it on that line.
  private func standaloneLineEnd(after index: Int, in tokens: [TemplateToken]) -> Int? {
    let bytes = file.bytes
    var cursor = index + 1
    while cursor < tokens.count {
      let token = tokens[cursor]
      switch token.kind {
      case .variable: return nil
      case .block, .comment: if token.keepsWhitespace { return nil }
      case .text, .lineBreak:
        var offset = token.start
        while offset < token.end {
          if bytes[offset] == UInt8(ascii: "\n") { return offset + 1 }
          if !Self.isBlank(bytes[offset]) { return nil }
          offset += 1
        }
      }
      cursor += 1
    }
    return bytes.count
  }

  /// Applies `{%-` and `-%}` (and their `{{`/`{#` forms) to the neighbouring text.
  private func applyTrimMarkers(_ tokens: inout [TemplateToken]) {
    let bytes = file.bytes
    for index in tokens.indices where tokens[index].kind != .text {
      if tokens[index].trimsBefore && index > 0 && tokens[index - 1].kind == .lineBreak {
        tokens[index - 1].end = tokens[index - 1].start
      }
      if tokens[index].trimsBefore && index > 0 && tokens[index - 1].kind == .text {
        var text = tokens[index - 1]
        while text.end > text.start && Self.isWhitespace(bytes[text.end - 1]) { text.end -= 1 }
        tokens[index - 1] = text
      }
      if tokens[index].trimsAfter && index + 1 < tokens.count && tokens[index + 1].kind == .text {
        var text = tokens[index + 1]
        while text.start < text.end && Self.isWhitespace(bytes[text.start]) { text.start += 1 }
        tokens[index + 1] = text
      }
    }
  }
}
