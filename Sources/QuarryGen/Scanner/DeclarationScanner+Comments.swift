/// Doc comments and `// quarry:` annotations of declarations, and the warning about
/// annotations left in trailing comments.
extension DeclarationScanner {
  /// The doc comment and annotations of the declaration that `prefix` starts.
  mutating func leadingComments(before prefix: Prefix) -> (
    docComment: String?, annotations: [Annotation]
  ) {
    let first = prefix.firstToken
    var comments = LeadingComments(
      bytes: bytes, trivia: first.triviaStart..<first.start,
      isAtFileStart: first.triviaStart == 0 || lexerSourceStart == first.triviaStart)
    for trivia in prefix.innerTrivia {
      let inner = LeadingComments(bytes: bytes, trivia: trivia, isAtFileStart: true)
      comments.annotationRanges += inner.annotationRanges
      if let doc = inner.docComment {
        comments.docComment = comments.docComment.map { $0 + "\n" + doc } ?? doc
      }
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
    guard hasComment(in: token.triviaStart..<token.start) else { return }
    let comments = LeadingComments(
      bytes: bytes, trivia: token.triviaStart..<token.start, isAtFileStart: false)
    for offset in comments.trailingAnnotationOffsets {
      report(.warning(ScannerMessage.trailingAnnotation.text, at: location(offset)))
    }
  }

  /// Whether the trivia holds a `/` at all, the cheap test before looking for comments.
  func hasComment(in trivia: Range<Int>) -> Bool {
    for index in trivia where bytes[index] == ASCII.slash { return true }
    return false
  }

  var lexerSourceStart: Int {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
  }
}
