/// Which tables a PostgreSQL statement may read, from its text: the names an observation's
/// region records on PostgreSQL, where no authorizer reports what a statement reads.
///
/// Every identifier in the SQL is a candidate: quoted ones as written (`"bench_entities"`),
/// unquoted ones folded to lower case as PostgreSQL folds them; string literals (also `E'…'`
/// and dollar-quoted bodies), comments and parameters are skipped. Column names and keywords
/// land in the set too. That only ever adds names: a notification for a table named like one
/// of them causes a fetch whose equal result is dropped, while a table the statement does read
/// is never missed. (Reads through a view record the view's name, not its tables: observe the
/// tables, or give the view's tables to the read.)
///
/// ```swift
/// PostgresReadTables.tables(in: #"SELECT "id" FROM "Birds" b WHERE b.kind = 'Robin'"#)
/// // ["select", "id", "from", "Birds", "b", "where", "kind"]
/// ```
enum PostgresReadTables {
  static func tables(in sql: String) -> Set<String> {
    var names: Set<String> = []
    let bytes = Array(sql.utf8)
    var index = 0
    func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
    while index < bytes.count {
      let current = bytes[index]
      switch current {
      case UInt8(ascii: "'"):
        // A backslash escapes only in E'…' strings; '' doubles a quote in both.
        let isEscaped = index > 0 && (bytes[index - 1] | 0x20) == UInt8(ascii: "e")
        index = endOfQuoted(bytes, from: index + 1, quote: current, backslashEscapes: isEscaped)
      case UInt8(ascii: "\""):
        let start = index + 1
        var name: [UInt8] = []
        var position = start
        while position < bytes.count {
          if bytes[position] == current {
            if byte(at: position + 1) == current {
              name.append(current)
              position += 2
              continue
            }
            break
          }
          name.append(bytes[position])
          position += 1
        }
        names.insert(String(decoding: name, as: UTF8.self))
        index = position + 1
      case UInt8(ascii: "-") where byte(at: index + 1) == UInt8(ascii: "-"):
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
      case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "*"):
        index = endOfBlockComment(bytes, from: index + 2)
      case UInt8(ascii: "$"):
        index = endOfDollar(bytes, from: index)
      default:
        if isIdentifierStart(current) {
          let start = index
          while index < bytes.count, isIdentifierPart(bytes[index]) { index += 1 }
          // E'…': the prefix is not a name.
          if index - start == 1, (current | 0x20) == UInt8(ascii: "e"),
            byte(at: index) == UInt8(ascii: "'")
          {
            continue
          }
          // PostgreSQL folds only ASCII letters of unquoted names (in UTF-8 databases).
          let folded = bytes[start..<index].map { $0 >= 0x41 && $0 <= 0x5a ? $0 | 0x20 : $0 }
          names.insert(String(decoding: folded, as: UTF8.self))
        } else if isDigit(current) {
          // A number, possibly followed by letters (1e5): not a name.
          while index < bytes.count, isIdentifierPart(bytes[index]) { index += 1 }
        } else {
          index += 1
        }
      }
    }
    return names
  }

  private static func endOfQuoted(
    _ bytes: [UInt8], from start: Int, quote: UInt8, backslashEscapes: Bool
  ) -> Int {
    var index = start
    while index < bytes.count {
      let current = bytes[index]
      if backslashEscapes, current == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if current == quote {
        if index + 1 < bytes.count, bytes[index + 1] == quote {
          index += 2
          continue
        }
        return index + 1
      }
      index += 1
    }
    return index
  }

  /// Block comments nest in PostgreSQL.
  private static func endOfBlockComment(_ bytes: [UInt8], from start: Int) -> Int {
    var depth = 1
    var index = start
    while index < bytes.count, depth > 0 {
      if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: "*")
      {
        depth += 1
        index += 2
      } else if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: "/")
      {
        depth -= 1
        index += 2
      } else {
        index += 1
      }
    }
    return index
  }

  /// `$1` (a parameter) or `$tag$…$tag$` (a dollar-quoted string), starting at the `$`.
  private static func endOfDollar(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start + 1
    if index < bytes.count, isDigit(bytes[index]) {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      return index
    }
    while index < bytes.count, bytes[index] != UInt8(ascii: "$") {
      guard isIdentifierPart(bytes[index]) else { return start + 1 }
      index += 1
    }
    guard index < bytes.count else { return start + 1 }
    let tag = bytes[start...index]
    var position = index + 1
    while position + tag.count <= bytes.count {
      if bytes[position] == UInt8(ascii: "$"), bytes[position..<(position + tag.count)] == tag {
        return position + tag.count
      }
      position += 1
    }
    return bytes.count
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// Letters, `_`, and any byte of a multi-byte UTF-8 character (PostgreSQL allows those).
  private static func isIdentifierStart(_ byte: UInt8) -> Bool {
    let lower = byte | 0x20
    return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
      || byte >= 0x80
  }

  private static func isIdentifierPart(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || isDigit(byte) || byte == UInt8(ascii: "$")
  }
}
