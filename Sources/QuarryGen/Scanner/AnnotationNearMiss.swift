/// A comment that looks like a `// quarry:` annotation but is not one, found so that it is
/// reported (with the line to write instead) rather than silently ignored.
///
/// Annotations are line comments whose text starts with `quarry:`, with or without spaces
/// after the slashes (`// quarry: persist`, `//quarry:persist`). Near misses:
///
/// | written | why it is not an annotation |
/// | --- | --- |
/// | `// Quarry: persist` | annotations are lowercase |
/// | `// quarry persist`, `// quarry : persist` | `quarry` must be followed directly by `:` |
/// | `/// quarry: persist` | a doc comment belongs to the documentation |
/// | `/* quarry: persist */` | annotations are line comments |
/// | `// quary: persist`, `// qaurry: index` | the word is one letter away from `quarry` |
///
/// Prose that merely starts with the word (`// Quarry stores this in…`, `/* Quarry: see the
/// README */`) is not a near miss: an annotation key (a known one, or any name followed by
/// `=`) must come right after `quarry` or its colon.
struct AnnotationNearMiss: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    case wrongCase, missingColon, docComment, blockComment
    /// The word before `:` is one edit (a letter added, dropped, changed or two swapped) away
    /// from `quarry`.
    case misspelled(String)
  }

  var kind: Kind
  /// Where the comment starts (its first `/`).
  var offset: Int
  /// The whole comment as written: `// Quarry: persist`.
  var written: String
  /// The annotation to write instead: `// quarry: persist`.
  var fix: String

  /// Every key an annotation may start with, for the missing-colon case.
  static let keys: Set<String> = Set(
    AnnotationKeyCheck.structKeys + AnnotationKeyCheck.propertyKeys)

  /// Looks at the comment from `start` to `commentEnd` whose text runs from `textStart` to
  /// `end` (after `//`, `///` or `/*`, before a line break or `*/`); `form` is `.docComment`
  /// or `.blockComment` for those, nil for a `//` comment.
  static func find(
    in bytes: [UInt8], commentStart start: Int, commentEnd: Int, textStart: Int, end: Int,
    kind form: Kind?
  ) -> AnnotationNearMiss? {
    var cursor = ByteCursor(bytes: bytes, offset: textStart)
    cursor.advance(while: { $0.isHorizontalSpace })
    let wordStart = cursor.offset
    cursor.advance(while: { $0.isIdentifierByte })
    let length = cursor.offset - wordStart
    // Only words of 5 to 7 letters starting with `q` can be `quarry` or one edit from it.
    guard cursor.offset <= end, length >= 5, length <= 7,
      bytes[wordStart] | 0x20 == UInt8(ascii: "q")
    else { return nil }
    let word = String(decoding: bytes[wordStart..<cursor.offset], as: UTF8.self)
    func trimmed(_ range: Range<Int>) -> String {
      guard range.lowerBound < range.upperBound else { return "" }
      let text = String(decoding: bytes[range], as: UTF8.self)
      let isSpace = { (character: Character) in character == " " || character == "\t" }
      return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
    let written = trimmed(start..<commentEnd)
    func rest(from offset: Int) -> String { trimmed(offset..<end) }
    func fix(_ text: String) -> String { text.isEmpty ? "// quarry:" : "// quarry: " + text }
    var isColonNext = cursor.offset < end && cursor.peek() == UInt8(ascii: ":")
    if word.lowercased() != "quarry" {
      // `quary: persist`: a misspelling counts only directly before `:` and a key.
      guard isColonNext, isOneEditFromQuarry(Array(word.lowercased().utf8)) else { return nil }
      cursor.advance()
      cursor.advance(while: { $0.isHorizontalSpace })
      let afterColon = cursor.offset
      guard startsWithKey(bytes, at: afterColon, end: end) else { return nil }
      return AnnotationNearMiss(
        kind: .misspelled(word), offset: start, written: written, fix: fix(rest(from: afterColon)))
    }
    let isLowercaseLine = form == nil && word == "quarry"
    if !isColonNext {
      // `quarry : persist` or `quarry persist`.
      cursor.advance(while: { $0.isHorizontalSpace })
      guard cursor.offset < end else { return nil }
    } else if isLowercaseLine {
      return nil  // `// quarry:` itself: an annotation, read elsewhere.
    }
    if cursor.peek() == UInt8(ascii: ":") {
      cursor.advance()
      isColonNext = true
      cursor.advance(while: { $0.isHorizontalSpace })
    }
    let afterWord = cursor.offset
    guard startsWithKey(bytes, at: afterWord, end: end) else { return nil }
    let kind: Kind = form ?? (isColonNext && !isLowercaseLine ? .wrongCase : .missingColon)
    return AnnotationNearMiss(
      kind: kind, offset: start, written: written, fix: fix(rest(from: afterWord)))
  }

  /// Whether `word` (lowercased) is one edit from `quarry` but not `quarry` itself.
  private static func isOneEditFromQuarry(_ word: [UInt8]) -> Bool {
    let target = Array("quarry".utf8)
    if word == target { return false }
    if word.count == target.count {
      let differences = word.indices.filter { word[$0] != target[$0] }
      if differences.count == 1 { return true }
      // Two neighbours swapped: `qaurry`.
      return differences.count == 2 && differences[1] == differences[0] + 1
        && word[differences[0]] == target[differences[1]]
        && word[differences[1]] == target[differences[0]]
    }
    let (longer, shorter) = word.count > target.count ? (word, target) : (target, word)
    guard longer.count == shorter.count + 1 else { return false }
    // Dropping one letter of the longer gives the shorter.
    let prefix = zip(longer, shorter).prefix { $0 == $1 }.count
    return Array(longer[(prefix + 1)...]) == Array(shorter[prefix...])
  }

  /// Whether an annotation key starts at `offset`: a known key, or any name followed by `=`,
  /// then the end, `=` or `,` (so prose after `Quarry:` is not taken for an annotation).
  private static func startsWithKey(_ bytes: [UInt8], at offset: Int, end: Int) -> Bool {
    var cursor = ByteCursor(bytes: bytes, offset: offset)
    cursor.advance(while: { $0.isIdentifierByte })
    guard cursor.offset > offset, cursor.offset <= end else { return false }
    let isKnown = keys.contains(String(decoding: bytes[offset..<cursor.offset], as: UTF8.self))
    cursor.advance(while: { $0.isHorizontalSpace })
    if cursor.offset >= end { return isKnown }
    if cursor.peek() == UInt8(ascii: "=") { return true }
    return isKnown && cursor.peek() == UInt8(ascii: ",")
  }
}
