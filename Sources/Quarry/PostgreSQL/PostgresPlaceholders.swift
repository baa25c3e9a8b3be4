/// Turns the SQLite placeholders of the runtime's SQL (`?`, `?NNN`) into PostgreSQL's (`$1`,
/// `$NNN`), once per statement when it is prepared, so that every query builder and literal
/// SQL of the runtime serves both engines.
///
/// Question marks inside string literals (`'…'`, `E'…'`, dollar-quoted `$tag$…$tag$`), quoted
/// identifiers (`"…"`) and comments (`--…`, nested `/*…*/`) are left alone. A `?` takes the
/// number after the largest one used so far, as in SQLite, so `?2, ?, ?1` is `$2, $3, $1`.
/// `$n` already in the text is kept and counts towards the parameter count. SQLite's null-safe
/// comparisons with a parameter, `IS ?` and `IS NOT ?`, become `IS NOT DISTINCT FROM $n` and
/// `IS DISTINCT FROM $n`, which mean the same on PostgreSQL (where `IS $n` is a syntax error).
///
/// ```swift
/// let (sql, count) = PostgresPlaceholders.translate("SELECT * FROM t WHERE a = ? AND b = '?'")
/// // sql == "SELECT * FROM t WHERE a = $1 AND b = '?'", count == 1
/// ```
///
/// PostgreSQL's jsonb operators `?`, `?|` and `?&` cannot be written in SQL that goes through
/// Quarry: spell them `jsonb_exists`, `jsonb_exists_any` and `jsonb_exists_all`.
enum PostgresPlaceholders {
  /// `sql` with `$n` placeholders, and the number of parameters it takes.
  static func translate(_ sql: String) -> (sql: String, parameterCount: Int) {
    let bytes = Array(sql.utf8)
    guard bytes.contains(UInt8(ascii: "?")) || bytes.contains(UInt8(ascii: "$")) else {
      return (sql, 0)
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 16)
    var largest = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "'"):
        let escapes = index > 0 && isEscapeStringPrefix(bytes, before: index)
        let end = endOfQuoted(bytes, from: index, quote: byte, backslashEscapes: escapes)
        output += bytes[index..<end]
        index = end
      case UInt8(ascii: "\""):
        let end = endOfQuoted(bytes, from: index, quote: byte, backslashEscapes: false)
        output += bytes[index..<end]
        index = end
      case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == byte:
        var end = index
        while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
        output += bytes[index..<end]
        index = end
      case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
        let end = endOfBlockComment(bytes, from: index)
        output += bytes[index..<end]
        index = end
      case UInt8(ascii: "$"):
        if let (number, end) = number(in: bytes, after: index),
          index == 0 || !isIdentifierByte(bytes[index - 1])
        {
          largest = max(largest, number)
          output += bytes[index..<end]
          index = end
        } else if let end = endOfDollarQuoted(bytes, from: index) {
          output += bytes[index..<end]
          index = end
        } else {
          output.append(byte)
          index += 1
        }
      case UInt8(ascii: "?"):
        let parameter: Int
        if let (number, end) = number(in: bytes, after: index) {
          parameter = number
          index = end
        } else {
          parameter = largest + 1
          index += 1
        }
        largest = max(largest, parameter)
        spellNullSafeComparison(before: &output)
        output.append(UInt8(ascii: "$"))
        output += String(parameter).utf8
      default:
        output.append(byte)
        index += 1
      }
    }
    return (String(decoding: output, as: UTF8.self), largest)
  }

  /// Rewrites an `IS` or `IS NOT` that ends `output`, right before a placeholder: SQLite's
  /// null-safe comparisons `x IS ?` and `x IS NOT ?` are PostgreSQL's `x IS NOT DISTINCT FROM $1`
  /// and `x IS DISTINCT FROM $1`. PostgreSQL's own `IS` takes only keywords (`NULL`, `TRUE`,
  /// `DISTINCT FROM`…), never a parameter, so no text PostgreSQL accepts is changed.
  private static func spellNullSafeComparison(before output: inout [UInt8]) {
    guard let last = lastWord(in: output, endingAt: output.count) else { return }
    if isWord(output[last], "is") {
      output.replaceSubrange(last.lowerBound..., with: "IS NOT DISTINCT FROM ".utf8)
    } else if isWord(output[last], "not"),
      let previous = lastWord(in: output, endingAt: last.lowerBound),
      isWord(output[previous], "is")
    {
      output.replaceSubrange(previous.lowerBound..., with: "IS DISTINCT FROM ".utf8)
    }
  }

  /// The range of the word that ends at `end`, past any whitespace before `end`; nil when
  /// something other than a word comes first.
  private static func lastWord(in bytes: [UInt8], endingAt end: Int) -> Range<Int>? {
    var wordEnd = end
    while wordEnd > 0, [9, 10, 13, 32].contains(bytes[wordEnd - 1]) { wordEnd -= 1 }
    var start = wordEnd
    while start > 0, isIdentifierByte(bytes[start - 1]) { start -= 1 }
    return start < wordEnd ? start..<wordEnd : nil
  }

  /// Whether `bytes` spell the lowercase ASCII `word`, in any case.
  private static func isWord(_ bytes: ArraySlice<UInt8>, _ word: StaticString) -> Bool {
    word.withUTF8Buffer { word in
      bytes.count == word.count && zip(bytes, word).allSatisfy { $0 | 0x20 == $1 }
    }
  }

  /// The decimal number right after `index` and the index past it, or nil when no digit
  /// follows.
  private static func number(in bytes: [UInt8], after index: Int) -> (Int, Int)? {
    var end = index + 1
    var value = 0
    while end < bytes.count, let digit = digitValue(bytes[end]) {
      value = value &* 10 &+ digit
      end += 1
    }
    return end > index + 1 ? (value, end) : nil
  }

  private static func digitValue(_ byte: UInt8) -> Int? {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
  }

  /// Whether the quote at `index` opens an escape string `E'…'` (an `E` that is not the end
  /// of a longer word).
  private static func isEscapeStringPrefix(_ bytes: [UInt8], before index: Int) -> Bool {
    guard bytes[index - 1] | 0x20 == UInt8(ascii: "e") else { return false }
    return index < 2 || !isIdentifierByte(bytes[index - 2])
  }

  /// The index past the literal or identifier opened by `quote` at `start`; a doubled quote
  /// stands for itself. Unterminated, it runs to the end (the server reports the error).
  private static func endOfQuoted(
    _ bytes: [UInt8], from start: Int, quote: UInt8, backslashEscapes: Bool
  ) -> Int {
    var index = start + 1
    while index < bytes.count {
      let byte = bytes[index]
      if backslashEscapes && byte == UInt8(ascii: "\\") {
        index += 2
      } else if byte == quote {
        if index + 1 < bytes.count && bytes[index + 1] == quote {
          index += 2
        } else {
          return index + 1
        }
      } else {
        index += 1
      }
    }
    return bytes.count
  }

  /// The index past the block comment at `start`; PostgreSQL's block comments nest.
  private static func endOfBlockComment(_ bytes: [UInt8], from start: Int) -> Int {
    var depth = 0
    var index = start
    while index + 1 < bytes.count {
      if bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "*") {
        depth += 1
        index += 2
      } else if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
        depth -= 1
        index += 2
        if depth == 0 { return index }
      } else {
        index += 1
      }
    }
    return bytes.count
  }

  /// The index past the dollar-quoted string starting at `start` (`$$…$$`, `$tag$…$tag$`), or
  /// nil when the `$` does not open one.
  private static func endOfDollarQuoted(_ bytes: [UInt8], from start: Int) -> Int? {
    if start > 0 && isIdentifierByte(bytes[start - 1]) { return nil }
    var tagEnd = start + 1
    while tagEnd < bytes.count && bytes[tagEnd] != UInt8(ascii: "$") {
      let byte = bytes[tagEnd]
      let isStart = tagEnd == start + 1
      guard isIdentifierByte(byte), !(isStart && digitValue(byte) != nil) else { return nil }
      tagEnd += 1
    }
    guard tagEnd < bytes.count else { return nil }
    let tag = bytes[start...tagEnd]
    var index = tagEnd + 1
    while index + tag.count <= bytes.count {
      if bytes[index] == UInt8(ascii: "$") && bytes[index..<(index + tag.count)].elementsEqual(tag)
      {
        return index + tag.count
      }
      index += 1
    }
    return bytes.count
  }

  /// Letters, digits, `_`, `$` and any non-ASCII byte: what PostgreSQL identifiers hold.
  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
      || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
