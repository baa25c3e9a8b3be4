/// Doc comments and `// quarry:` annotations of declarations, and the warning about
/// annotations left in trailing comments.
extension DeclarationScanner {
  /// The doc comment and annotations of the declaration that `prefix` starts.
  mutating func leadingComments(before prefix: Prefix) -> (
    docComment: String?, annotations: [Annotation]
  ) {
    let first = prefix.firstToken
    // Most declarations have no comment at all: skip building a reader for them.
    if prefix.innerTrivia.isEmpty && !hasComment(in: first.triviaStart..<first.start) {
      return (nil, [])
    }
    var comments = LeadingComments(
      bytes: bytes, trivia: first.triviaStart..<first.start,
      isAtFileStart: first.triviaStart == 0 || lexerSourceStart == first.triviaStart)
    for trivia in prefix.innerTrivia {
      let inner = LeadingComments(bytes: bytes, trivia: trivia, isAtFileStart: true)
      comments.annotationRanges += inner.annotationRanges
      comments.nearMisses += inner.nearMisses
      if let doc = inner.docComment {
        comments.docComment = comments.docComment.map { $0 + "\n" + doc } ?? doc
      }
    }
    for miss in comments.nearMisses {
      report(.warning(ScannerMessage.annotationNearMiss(miss).text, at: location(miss.offset)))
    }
    guard !comments.annotationRanges.isEmpty else { return (comments.docComment, []) }
    let parsed = AnnotationParser.parse(
      bytes: bytes, ranges: comments.annotationRanges, path: path)
    for diagnostic in parsed.diagnostics { report(diagnostic) }
    return (comments.docComment, parsed.annotations)
  }

  /// Warns about `// quarry:` comments at the end of the line before `token`, which users
  /// may expect to annotate the declaration on that line.
  mutating func warnAboutTrailingAnnotations(before token: Token) {
    // Only a comment starting on the previous token's line can be trailing; most lines have none.
    guard hasCommentBeforeLineBreak(in: token.triviaStart..<token.start) else { return }
    let offsets = LeadingComments.trailingAnnotationOffsets(
      bytes: bytes, trivia: token.triviaStart..<token.start)
    for offset in offsets {
      report(.warning(ScannerMessage.trailingAnnotation.text, at: location(offset)))
    }
  }

  /// Whether a `/` comes before the first line break of the trivia.
  @inline(__always)
  func hasCommentBeforeLineBreak(in trivia: Range<Int>) -> Bool {
    for index in trivia {
      let byte = bytes[index]
      if byte == ASCII.slash { return true }
      if byte.isNewline { return false }
    }
    return false
  }

  /// Whether the trivia holds a `/` at all, the cheap test before looking for comments.
  @inline(__always)
  func hasComment(in trivia: Range<Int>) -> Bool {
    for index in trivia where bytes[index] == ASCII.slash { return true }
    return false
  }

  var lexerSourceStart: Int {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
  }
}
