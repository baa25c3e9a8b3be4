/// One token of SQL DDL, with where it lies in the text (UTF-8 offsets), for
/// `SchemaSQLParser`.
///
/// ```swift
/// SQLToken.tokens(in: #"CREATE TABLE "a""b" (x)"#).map(\.text)
/// // ["CREATE", "TABLE", "\"a\"\"b\"", "(", "x", ")"]
/// ```
struct SQLToken: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    case word, quoted, string, number, punctuation
  }

  var kind: Kind
  /// The token as written.
  var text: String
  var start: Int
  var end: Int

  var isWord: Bool { kind == .word }

  /// The upper-cased text of a bare word, else empty: keywords compare against it.
  var word: String { kind == .word ? text.uppercased() : "" }

  /// The identifier a bare word or a double-quoted name stands for (`""` undoubled).
  var name: String? {
    switch kind {
    case .word: return text
    case .quoted:
      var name = ""
      var previousWasQuote = false
      for character in text.dropFirst().dropLast() {
        // `""` inside stands for one `"`.
        if character == "\"" && previousWasQuote {
          previousWasQuote = false
          continue
        }
        previousWasQuote = character == "\""
        name.append(character)
      }
      return name
    default: return nil
    }
  }

  static func tokens(in text: String) -> [SQLToken] {
    let bytes = Array(text.utf8)
    var tokens: [SQLToken] = []
    var position = 0
    func isWordByte(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || byte >= 0x80
        || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
    }
    while position < bytes.count {
      let byte = bytes[position]
      let start = position
      let kind: Kind
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
        || byte == UInt8(ascii: "\r")
      {
        position += 1
        continue
      } else if byte == UInt8(ascii: "-"), position + 1 < bytes.count,
        bytes[position + 1] == UInt8(ascii: "-")
      {
        while position < bytes.count && bytes[position] != UInt8(ascii: "\n") { position += 1 }
        continue
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        // A quote inside is doubled: `'it''s'`, `"a""b"`.
        position += 1
        while position < bytes.count {
          if bytes[position] == byte {
            if position + 1 < bytes.count && bytes[position + 1] == byte {
              position += 2
              continue
            }
            position += 1
            break
          }
          position += 1
        }
        kind = byte == UInt8(ascii: "\"") ? .quoted : .string
      } else if byte >= 0x30 && byte <= 0x39 {
        while position < bytes.count
          && (isWordByte(bytes[position]) || bytes[position] == UInt8(ascii: "."))
        {
          position += 1
        }
        kind = .number
      } else if isWordByte(byte) {
        while position < bytes.count && isWordByte(bytes[position]) { position += 1 }
        // `X'00FF'` is one blob literal.
        if position - start == 1, (byte | 0x20) == UInt8(ascii: "x"), position < bytes.count,
          bytes[position] == UInt8(ascii: "'")
        {
          position += 1
          while position < bytes.count && bytes[position] != UInt8(ascii: "'") { position += 1 }
          position = min(position + 1, bytes.count)
          kind = .string
        } else {
          kind = .word
        }
      } else {
        position += 1
        kind = .punctuation
      }
      tokens.append(
        SQLToken(
          kind: kind, text: String(decoding: bytes[start..<position], as: UTF8.self),
          start: start, end: position))
    }
    return tokens
  }
}
