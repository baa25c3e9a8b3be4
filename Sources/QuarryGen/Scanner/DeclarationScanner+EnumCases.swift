/// Enum cases and their details: `case a, b(label: Int, String = "x"), c = "x"`.
///
/// The details (raw value text, associated values) are read for every case of every enum, so
/// they are cut from the source bytes with integer offsets; a `String` is made only for each
/// text kept. A range holding a non-ASCII byte (rare) takes the general path, which reads
/// `Character`s, because only there do Unicode's grapheme and whitespace rules decide.
extension DeclarationScanner {
  /// `case a, b(Int), c = "x"`; the token is `case`.
  mutating func scanEnumCases(enumIndex: Int) {
    advance()
    while token.kind == .identifier {
      let caseName = name(of: token)
      let caseLocation = location(token.start)
      // Read before the value: the token that ends it may be an `#if` that opens a condition.
      let caseConditions = conditions
      enums[enumIndex].cases.append(caseName)
      advance()
      // Read associated values and a raw value up to `,` or the end of the declaration.
      var depth = 0
      var valuesStart: Int?
      var valuesEnd: Int?
      var rawStart: Int?
      var rawEnd: Int?
      while token.kind != .endOfFile {
        if depth == 0 {
          if token.is(ASCII.comma) { break }
          if token.is(ASCII.semicolon) || token.is(ASCII.closeBrace) { break }
          if token.hasLeadingNewline && endsExpressionAtLineStart() { break }
          if rawStart == nil && token.is(ASCII.equals) {
            rawStart = token.end
          } else if valuesStart == nil && rawStart == nil && token.is(ASCII.openParen) {
            valuesStart = token.end
          }
        }
        if token.is(ASCII.openParen) || token.is(ASCII.openBracket) || token.is(ASCII.openBrace) {
          depth += 1
        } else if token.is(ASCII.closeParen) || token.is(ASCII.closeBracket)
          || token.is(ASCII.closeBrace)
        {
          depth -= 1
          if depth == 0 && valuesStart != nil && valuesEnd == nil && rawStart == nil {
            valuesEnd = token.start
          }
        }
        if rawStart != nil { rawEnd = token.end }
        advance()
      }
      var detail = EnumCaseDeclaration(name: caseName, location: caseLocation)
      detail.conditions = caseConditions
      if let rawStart, let rawEnd, rawEnd > rawStart {
        detail.rawValue = CaseText.normalized(bytes, rawStart..<rawEnd)
      }
      if let valuesStart, let valuesEnd, valuesEnd >= valuesStart {
        detail.associatedValues = CaseText.associatedValues(bytes, valuesStart..<valuesEnd)
      }
      enums[enumIndex].caseDetails.append(detail)
      guard token.is(ASCII.comma) else { return }
      advance()
    }
  }
}

/// The texts of an enum case's details: whitespace collapsed, associated values split.
enum CaseText {
  /// The source text of `range` with runs of whitespace (comments aside) collapsed to one
  /// space and none at either end.
  static func normalized(_ bytes: [UInt8], _ range: Range<Int>) -> String {
    guard isASCII(bytes, range) else {
      return unicodeNormalized(String(decoding: bytes[range], as: UTF8.self))
    }
    // Most texts (`"x"`, `42`) need no change: one slice, made into a string once.
    var needsChange = false
    var previousIsSpace = true
    for index in range {
      let byte = bytes[index]
      if isSeparator(byte) {
        if byte != ASCII.space || previousIsSpace {
          needsChange = true
          break
        }
        previousIsSpace = true
      } else {
        previousIsSpace = false
      }
    }
    if !needsChange && !previousIsSpace {
      return String(decoding: bytes[range], as: UTF8.self)
    }
    return String(decoding: collapsed(bytes, range), as: UTF8.self)
  }

  /// `label: Int, String = "x"` (the source between the case's parentheses) → the associated
  /// values, split at top-level commas.
  static func associatedValues(_ bytes: [UInt8], _ range: Range<Int>)
    -> [EnumCaseDeclaration.AssociatedValue]
  {
    guard isASCII(bytes, range) else {
      return unicodeAssociatedValues(
        unicodeNormalized(String(decoding: bytes[range], as: UTF8.self)))
    }
    let text = collapsed(bytes, range)
    // Parts split at commas outside quotes and brackets; a blank last part is dropped.
    var parts: [Range<Int>] = []
    var depth = 0
    var inQuote = false
    var partStart = 0
    for index in text.indices {
      let byte = text[index]
      if byte == ASCII.quote { inQuote.toggle() }
      if inQuote { continue }
      if opensBracket(byte) { depth += 1 }
      if closesBracket(byte) { depth -= 1 }
      if byte == ASCII.comma && depth == 0 {
        parts.append(partStart..<index)
        partStart = index + 1
      }
    }
    if !trimmed(text, partStart..<text.count).isEmpty { parts.append(partStart..<text.count) }
    return parts.map { part in
      var body = trimmed(text, part)
      var defaultValue: String?
      if let equals = topLevelIndex(of: ASCII.equals, in: text, body) {
        defaultValue = string(text, trimmed(text, (equals + 1)..<body.upperBound))
        body = trimmed(text, body.lowerBound..<equals)
      }
      guard let colon = topLevelIndex(of: ASCII.colon, in: text, body) else {
        return .init(
          localName: nil, externalName: nil, typeName: string(text, body),
          defaultValue: defaultValue)
      }
      // The labels before the colon, split at spaces: `ext label`, `label`, `_`.
      let labels = text[body.lowerBound..<colon].split(separator: ASCII.space)
      let typeName = string(text, trimmed(text, (colon + 1)..<body.upperBound))
      let local = labels.last.map { String(decoding: $0, as: UTF8.self) }
      let external = labels.first.map { String(decoding: $0, as: UTF8.self) }
      return .init(
        localName: local == "_" ? nil : local,
        externalName: external == "_" ? nil : (external ?? local),
        typeName: typeName, defaultValue: defaultValue)
    }
  }

  // MARK: - Bytes

  private static func isASCII(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    var bits: UInt8 = 0
    for index in range { bits |= bytes[index] }
    return bits < 0x80
  }

  /// Space, tab and the ASCII line breaks (`\n`, vertical tab, form feed, `\r`), which are
  /// what `Character.isNewline` and the tab/space test find in ASCII text.
  private static func isSeparator(_ byte: UInt8) -> Bool {
    byte == ASCII.space || (byte >= 0x09 && byte <= 0x0D)
  }

  private static func opensBracket(_ byte: UInt8) -> Bool {
    byte == ASCII.openParen || byte == ASCII.openBracket || byte == ASCII.lessThan
      || byte == ASCII.openBrace
  }

  private static func closesBracket(_ byte: UInt8) -> Bool {
    byte == ASCII.closeParen || byte == ASCII.closeBracket || byte == ASCII.greaterThan
      || byte == ASCII.closeBrace
  }

  /// The bytes of `range` with every run of separators made one space, none at either end.
  private static func collapsed(_ bytes: [UInt8], _ range: Range<Int>) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(range.count)
    var pendingSpace = false
    for index in range {
      let byte = bytes[index]
      if isSeparator(byte) {
        pendingSpace = !result.isEmpty
        continue
      }
      if pendingSpace {
        result.append(ASCII.space)
        pendingSpace = false
      }
      result.append(byte)
    }
    return result
  }

  /// `range` without spaces at either end (collapsed text holds no other separator).
  private static func trimmed(_ text: [UInt8], _ range: Range<Int>) -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper && text[lower] == ASCII.space { lower += 1 }
    while upper > lower && text[upper - 1] == ASCII.space { upper -= 1 }
    return lower..<upper
  }

  /// The first `target` in `range` outside brackets (quotes are not looked at).
  private static func topLevelIndex(of target: UInt8, in text: [UInt8], _ range: Range<Int>)
    -> Int?
  {
    var depth = 0
    for index in range {
      let byte = text[index]
      if opensBracket(byte) { depth += 1 }
      if closesBracket(byte) { depth -= 1 }
      if byte == target && depth == 0 { return index }
    }
    return nil
  }

  private static func string(_ text: [UInt8], _ range: Range<Int>) -> String {
    String(decoding: text[range], as: UTF8.self)
  }

  // MARK: - Unicode text

  /// `normalized` by `Character`s, for text holding a non-ASCII byte.
  static func unicodeNormalized(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0.isNewline })
      .joined(separator: " ")
  }

  /// `associatedValues` by `Character`s, on the normalised text of a non-ASCII range.
  static func unicodeAssociatedValues(_ text: String) -> [EnumCaseDeclaration.AssociatedValue] {
    var parts: [String] = []
    var depth = 0
    var current = ""
    var quote = false
    for character in text {
      if character == "\"" { quote.toggle() }
      if !quote {
        if "([<{".contains(character) { depth += 1 }
        if ")]>}".contains(character) { depth -= 1 }
        if character == "," && depth == 0 {
          parts.append(current)
          current = ""
          continue
        }
      }
      current.append(character)
    }
    if !current.trimmingCharacters(in: .whitespaces).isEmpty { parts.append(current) }
    return parts.map { part in
      var text = part.trimmingCharacters(in: .whitespaces)
      var defaultValue: String?
      if let equals = topLevelIndex(of: "=", in: text) {
        defaultValue = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        text = text[..<equals].trimmingCharacters(in: .whitespaces)
      }
      if let colon = topLevelIndex(of: ":", in: text) {
        let labels = text[..<colon].split(separator: " ").map(String.init)
        let typeName = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        let label = labels.last.map { $0 == "_" ? nil : $0 } ?? nil
        return .init(
          localName: label, externalName: labels.first == "_" ? nil : (labels.first ?? label),
          typeName: typeName, defaultValue: defaultValue)
      }
      return .init(localName: nil, externalName: nil, typeName: text, defaultValue: defaultValue)
    }
  }

  private static func topLevelIndex(of target: Character, in text: String) -> String.Index? {
    var depth = 0
    for index in text.indices {
      let character = text[index]
      if "([<{".contains(character) { depth += 1 }
      if ")]>}".contains(character) { depth -= 1 }
      if character == target && depth == 0 { return index }
    }
    return nil
  }
}
