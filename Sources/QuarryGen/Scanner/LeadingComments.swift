/// The comments directly above a declaration: its doc comment and its `// quarry:` lines.
///
/// Read from the declaration's leading trivia (the bytes between the previous token and the
/// declaration's first attribute, modifier or keyword), minus what is still on the previous
/// token's line: `var a: Int // note` keeps its comment to itself, as in SwiftSyntax.
struct LeadingComments {
  /// `///` lines (prefix and one space removed) or the inside of a `/** */` block.
  var docComment: String?
  /// The byte ranges following `quarry:` in each annotation comment, in order.
  var annotationRanges: [Range<Int>] = []
  /// Comments that look like annotations but are not (`// Quarry:`, `/// quarry:`…).
  var nearMisses: [AnnotationNearMiss] = []

  /// Reads `trivia`; with `isAtFileStart` false, what precedes its first newline is skipped.
  init(bytes: [UInt8], trivia: Range<Int>, isAtFileStart: Bool) {
    var cursor = ByteCursor(bytes: bytes, offset: trivia.lowerBound)
    let end = trivia.upperBound
    // Doc lines go straight into one string: most declarations have none or one.
    var doc: String?
    var isOnPreviousTokenLine = !isAtFileStart
    while cursor.offset < end {
      let byte = cursor.peek()
      if byte == ASCII.slash && cursor.peek(1) == ASCII.slash {
        let start = cursor.offset
        cursor.advance(while: { !$0.isNewline })
        let lineEnd = min(cursor.offset, end)
        if isOnPreviousTokenLine { continue }
        if cursor.bytes.count > start + 2 && cursor.bytes[start + 2] == ASCII.slash
          && !(lineEnd > start + 3 && cursor.bytes[start + 3] == ASCII.slash)
        {
          var textStart = start + 3
          if textStart < lineEnd && cursor.bytes[textStart] == ASCII.space { textStart += 1 }
          if let miss = AnnotationNearMiss.find(
            in: cursor.bytes, commentStart: start, commentEnd: lineEnd, textStart: start + 3,
            end: lineEnd, kind: .docComment)
          {
            nearMisses.append(miss)
          }
          let line = String(decoding: cursor.bytes[textStart..<lineEnd], as: UTF8.self)
          if doc == nil {
            doc = line
          } else {
            doc? += "\n" + line
          }
        } else if let range = Self.annotationRange(in: cursor.bytes, from: start + 2, to: lineEnd) {
          annotationRanges.append(range)
        } else if let miss = AnnotationNearMiss.find(
          in: cursor.bytes, commentStart: start, commentEnd: lineEnd, textStart: start + 2,
          end: lineEnd, kind: nil)
        {
          nearMisses.append(miss)
        }
      } else if byte == ASCII.slash && cursor.peek(1) == ASCII.star {
        let start = cursor.offset
        Self.skipBlockComment(&cursor, end: end)
        if !isOnPreviousTokenLine, let miss = Self.blockNearMiss(cursor.bytes, start, cursor.offset)
        {
          nearMisses.append(miss)
        }
        if !isOnPreviousTokenLine && start + 2 < end && cursor.bytes[start + 2] == ASCII.star
          && cursor.offset - start >= 5
        {
          let inner = cursor.bytes[(start + 3)..<(cursor.offset - 2)]
          doc = Self.blockDocText(inner)
        }
      } else {
        if byte.isNewline { isOnPreviousTokenLine = false }
        cursor.advance()
      }
    }
    docComment = doc
  }

  /// Where `// quarry:` comments sit on the previous token's line in `trivia`: they annotate
  /// nothing. Reads only up to the first line break (block comments skipped whole, as `init`
  /// does), so it builds no doc text for the comments below.
  static func trailingAnnotationOffsets(bytes: [UInt8], trivia: Range<Int>) -> [Int] {
    var offsets: [Int] = []
    var cursor = ByteCursor(bytes: bytes, offset: trivia.lowerBound)
    let end = trivia.upperBound
    while cursor.offset < end {
      let byte = cursor.peek()
      if byte == ASCII.slash && cursor.peek(1) == ASCII.slash {
        let start = cursor.offset
        cursor.advance(while: { !$0.isNewline })
        if annotationRange(in: bytes, from: start + 2, to: min(cursor.offset, end)) != nil {
          offsets.append(start)
        }
      } else if byte == ASCII.slash && cursor.peek(1) == ASCII.star {
        skipBlockComment(&cursor, end: end)
      } else if byte.isNewline {
        break
      } else {
        cursor.advance()
      }
    }
    return offsets
  }

  /// The range after `quarry:` when the comment text (after `//`) starts with it.
  private static func annotationRange(in bytes: [UInt8], from start: Int, to end: Int)
    -> Range<Int>?
  {
    var cursor = ByteCursor(bytes: bytes, offset: start)
    cursor.advance(while: \.isHorizontalSpace)
    guard cursor.is(at: "quarry:"), cursor.offset + 7 <= end else { return nil }
    return (cursor.offset + 7)..<end
  }

  /// A near miss in the block comment `start..<end`, read up to its first line break.
  private static func blockNearMiss(_ bytes: [UInt8], _ start: Int, _ end: Int)
    -> AnnotationNearMiss?
  {
    guard end - start >= 4, bytes[end - 2] == ASCII.star, bytes[end - 1] == ASCII.slash else {
      return nil
    }
    let textStart = bytes[start + 2] == ASCII.star ? start + 3 : start + 2
    var textEnd = textStart
    while textEnd < end - 2 && !bytes[textEnd].isNewline { textEnd += 1 }
    return AnnotationNearMiss.find(
      in: bytes, commentStart: start, commentEnd: textEnd == end - 2 ? end : textEnd,
      textStart: textStart, end: textEnd, kind: .blockComment)
  }

  private static func skipBlockComment(_ cursor: inout ByteCursor, end: Int) {
    cursor.advance(by: 2)
    var depth = 1
    while cursor.offset < end {
      if cursor.peek() == ASCII.star && cursor.peek(1) == ASCII.slash {
        cursor.advance(by: 2)
        depth -= 1
        if depth == 0 { return }
      } else if cursor.peek() == ASCII.slash && cursor.peek(1) == ASCII.star {
        cursor.advance(by: 2)
        depth += 1
      } else {
        cursor.advance()
      }
    }
  }

  /// The text of a `/** … */` comment with each line's leading ` * ` removed.
  private static func blockDocText(_ inner: ArraySlice<UInt8>) -> String {
    let text = String(decoding: inner, as: UTF8.self)
    var lines: [Substring] = []
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      var trimmed = line.drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" })
      if trimmed.hasPrefix("*") {
        trimmed = trimmed.dropFirst()
        if trimmed.hasPrefix(" ") { trimmed = trimmed.dropFirst() }
      }
      lines.append(trimmed)
    }
    let isBlank = { (line: Substring) in line.allSatisfy({ $0 == " " || $0 == "\r" }) }
    let first = lines.firstIndex(where: { !isBlank($0) }) ?? lines.count
    let last = lines.lastIndex(where: { !isBlank($0) }) ?? -1
    guard first <= last else { return "" }
    lines = Array(lines[first...last])
    return lines.map { line in
      var trimmed = line
      while let last = trimmed.last, last == " " || last == "\t" || last == "\r" {
        trimmed = trimmed.dropLast()
      }
      return String(trimmed)
    }.joined(separator: "\n")
  }
}
