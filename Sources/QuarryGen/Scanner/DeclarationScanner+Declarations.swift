/// Declarations at file scope and in type bodies: attributes, modifiers, type headers, enum
/// cases. Stored properties are in `DeclarationScanner+Properties.swift`.
extension DeclarationScanner {
  /// Modifiers seen before a declaration keyword.
  struct Modifiers {
    var access: AccessLevel?
    var setterAccess: AccessLevel?
    var isStatic = false
    var isLazy = false
  }

  /// The attributes and modifiers before a declaration keyword, and where they began.
  struct Prefix {
    var firstToken: Token
    var attributes: [AttributeDeclaration] = []
    var modifiers = Modifiers()
    /// Trivia holding comments between the attributes and modifiers (`@Wrapper` then
    /// `// quarry: unique` then `var x`), read as leading comments too.
    var innerTrivia: [Range<Int>] = []
  }

  mutating func scanDeclaration() {
    var prefix = Prefix(firstToken: token)
    if token.hasLeadingNewline, let top = scopes.last, case .structBody = top.kind {
      warnAboutTrailingAnnotations(before: token)
    }
    while true {
      if token.start != prefix.firstToken.start && hasComment(in: token.triviaStart..<token.start) {
        prefix.innerTrivia.append(token.triviaStart..<token.start)
      }
      if token.is(ASCII.at) {
        if let attribute = scanAttribute() { prefix.attributes.append(attribute) }
      } else if token.keyword.isModifier
        || (token.is(.class) && peek().keyword.startsDeclaration)
      {
        scanModifier(&prefix.modifiers)
      } else {
        break
      }
    }
    switch token.keyword {
    case .struct, .enum, .class, .actor, .protocol, .extension:
      // A type keyword starts a declaration only when a name follows (`protocol P: class`,
      // `func f(class: Int)` use the word otherwise).
      let next = peek()
      let isName =
        next.kind == .identifier && (next.keyword == .none || bytes[next.start] == ASCII.backtick)
      if isName {
        scanTypeDeclaration(prefix)
      } else {
        advance()
      }
    case .var, .let:
      if let top = scopes.last, case .structBody(let index) = top.kind,
        !prefix.modifiers.isStatic
      {
        scanStoredProperties(prefix, structIndex: index)
      } else {
        advance()
      }
    case .case:
      if let top = scopes.last, case .enumBody(let index) = top.kind {
        scanEnumCases(enumIndex: index)
      } else {
        advance()
      }
    case .func, .`init`, .deinit, .subscript:
      let keyword = token.keyword
      advance()
      switch keyword {
      case .func: pendingBlockLabel = .function(token.start..<token.end)
      case .`init`: pendingBlockLabel = .initializer
      case .deinit: pendingBlockLabel = .deinitializer
      default: pendingBlockLabel = .subscript
      }
    default:
      scanOtherToken()
    }
  }

  /// Anything that is not a declaration we read: skipped, keeping braces and brackets paired.
  mutating func scanOtherToken() {
    if token.is(ASCII.openBrace) {
      pushScope(.code, label: pendingBlockLabel ?? .block)
      pendingBlockLabel = nil
      advance()
    } else if token.is(ASCII.closeBrace) {
      if scopes.isEmpty {
        diagnose(.extraneousCloseBrace, at: token.start)
      } else {
        popScope()
      }
      pendingBlockLabel = nil
      advance()
    } else if token.is(ASCII.openParen) || token.is(ASCII.openBracket) {
      skipBracketed()
    } else {
      advance()
    }
  }

  /// Skips from `(` or `[` to the matching close. Braces inside (closures) are counted too.
  /// Stops early, leaving the rest to the caller, at a `}` that closes an enclosing block or
  /// at a type declaration keyword starting a line.
  mutating func skipBracketed() {
    var depth = 0
    repeat {
      if token.is(ASCII.openParen) || token.is(ASCII.openBracket) || token.is(ASCII.openBrace) {
        depth += 1
      } else if token.is(ASCII.closeParen) || token.is(ASCII.closeBracket)
        || token.is(ASCII.closeBrace)
      {
        depth -= 1
      } else if token.hasLeadingNewline && token.keyword.isTypeIntroducer {
        return
      }
      if depth < 0 { return }
      advance()
    } while depth > 0 && token.kind != .endOfFile
  }

  // MARK: - Attributes and modifiers

  /// `@name`, `@Module.name`, `@name(arguments)`; the token is `@`.
  mutating func scanAttribute() -> AttributeDeclaration? {
    advance()
    guard token.kind == .identifier, !token.hasLeadingSpace else { return nil }
    var name = text(of: token)
    advance()
    while token.is(ASCII.dot) && !token.hasLeadingSpace && peek().kind == .identifier {
      advance()
      name += "." + text(of: token)
      advance()
    }
    guard token.is(ASCII.openParen) && !token.hasLeadingSpace else {
      return AttributeDeclaration(name: name)
    }
    return AttributeDeclaration(name: name, arguments: scanParenthesizedText())
  }

  /// The normalised text between `(` at the current token and its matching `)`.
  mutating func scanParenthesizedText() -> String {
    var builder = TextBuilder()
    var depth = 1
    advance()
    while token.kind != .endOfFile {
      if token.is(ASCII.openParen) || token.is(ASCII.openBracket) || token.is(ASCII.openBrace) {
        depth += 1
      } else if token.is(ASCII.closeParen) || token.is(ASCII.closeBracket)
        || token.is(ASCII.closeBrace)
      {
        depth -= 1
        if depth == 0 {
          advance()
          break
        }
      }
      builder.append(token, from: bytes)
      advance()
    }
    return builder.text(from: bytes)
  }

  mutating func scanModifier(_ modifiers: inout Modifiers) {
    let keyword = token.keyword
    advance()
    if token.is(ASCII.openParen) && !token.hasLeadingSpace {
      // `private(set)`, `nonisolated(unsafe)`, `unowned(safe)`.
      advance()
      let isSetter = token.is(.set)
      while token.kind != .endOfFile && !token.is(ASCII.closeParen) && !token.hasLeadingNewline {
        advance()
      }
      if token.is(ASCII.closeParen) { advance() }
      if isSetter, let level = keyword.accessLevel {
        modifiers.setterAccess = level
        return
      }
    }
    switch keyword {
    case .static, .class: modifiers.isStatic = true
    case .lazy: modifiers.isLazy = true
    default: if let level = keyword.accessLevel { modifiers.access = level }
    }
  }

  // MARK: - Types

  /// `struct Name<Generics>: Inherited where … {`; the token is the keyword.
  mutating func scanTypeDeclaration(_ prefix: Prefix) {
    let keyword = token.keyword
    let kindName = text(of: token)
    advance()
    let nameToken = token
    var localName = name(of: token)
    advance()
    if keyword == .extension {
      // `extension A.B`, `extension Array<Int>`.
      while token.is(ASCII.dot) && peek().kind == .identifier {
        advance()
        localName += "." + name(of: token)
        advance()
      }
    }
    var generics: String?
    if token.is(ASCII.lessThan) && (!token.hasLeadingSpace || keyword != .extension) {
      generics = scanAngleBracketText()
    }
    var inherited: [String] = []
    if token.is(ASCII.colon) {
      advance()
      inherited = scanInheritanceList()
    }
    var whereClause: String?
    if token.is(.where) {
      var builder = TextBuilder()
      advance()
      while token.kind != .endOfFile && !token.is(ASCII.openBrace) && !token.is(ASCII.closeBrace)
        && !(token.hasLeadingNewline && token.keyword.startsDeclaration)
      {
        builder.append(token, from: bytes)
        advance()
      }
      whereClause = builder.text(from: bytes)
    }
    guard token.is(ASCII.openBrace) else {
      diagnose(.missingOpenBrace(kind: kindName, name: localName), at: token.start)
      return
    }
    let enclosing = enclosingTypeName
    let qualified =
      enclosing.isEmpty || keyword == .extension
      ? localName : enclosing + "." + localName
    let label = BlockLabel.type(keyword)
    if typeDepth >= Self.maximumTypeNesting {
      if !didReportTypeNesting {
        didReportTypeNesting = true
        diagnose(.nestingTooDeep(limit: Self.maximumTypeNesting), at: nameToken.start)
      }
      pushScope(.code, name: qualified, label: label)
      advance()
      return
    }
    let comments = leadingComments(before: prefix)
    let access = prefix.modifiers.access ?? .internal
    switch keyword {
    case .struct:
      structs.append(
        StructDeclaration(
          name: qualified, localName: localName, access: access, genericParameters: generics,
          inheritedTypes: inherited, attributes: prefix.attributes,
          docComment: comments.docComment, annotations: comments.annotations, properties: [],
          location: location(nameToken.start), conditions: conditions))
      structs[structs.count - 1].genericWhereClause = whereClause
      pushScope(.structBody(structs.count - 1), name: qualified, label: label)
    case .enum:
      enums.append(
        EnumDeclaration(
          name: qualified, localName: localName, access: access,
          rawType: inherited.first.flatMap(Self.rawValueType), inheritedTypes: inherited,
          attributes: prefix.attributes, docComment: comments.docComment,
          annotations: comments.annotations, cases: [], location: location(nameToken.start),
          conditions: conditions))
      pushScope(.enumBody(enums.count - 1), name: qualified, label: label)
    default:
      pushScope(.typeBody, name: qualified, label: label)
    }
    advance()
  }

  /// `<…>` at the current token, without the brackets; `->` inside does not close it.
  mutating func scanAngleBracketText() -> String {
    var builder = TextBuilder()
    var depth = 1
    advance()
    while token.kind != .endOfFile {
      if token.is(ASCII.lessThan) {
        depth += 1
      } else if token.is(ASCII.greaterThan) {
        depth -= 1
        if depth == 0 {
          advance()
          break
        }
      } else if token.is(ASCII.openBrace) || token.is(ASCII.closeBrace) {
        break
      }
      builder.append(token, from: bytes)
      advance()
    }
    return builder.text(from: bytes)
  }

  /// `A, B<C>, D & E` up to `{` or `where`.
  mutating func scanInheritanceList() -> [String] {
    var items: [String] = []
    var builder = TextBuilder()
    var depth = 0
    while token.kind != .endOfFile {
      if depth == 0
        && (token.is(ASCII.openBrace) || token.is(ASCII.closeBrace) || token.is(.where)
          || (token.hasLeadingNewline && token.keyword.startsDeclaration))
      {
        break
      }
      if token.is(ASCII.lessThan) || token.is(ASCII.openParen) || token.is(ASCII.openBracket) {
        depth += 1
      } else if token.is(ASCII.greaterThan) || token.is(ASCII.closeParen)
        || token.is(ASCII.closeBracket)
      {
        depth = max(0, depth - 1)
      }
      if depth == 0 && token.is(ASCII.comma) {
        if !builder.isEmpty { items.append(builder.text(from: bytes)) }
        builder = TextBuilder()
      } else {
        builder.append(token, from: bytes)
      }
      advance()
    }
    if !builder.isEmpty { items.append(builder.text(from: bytes)) }
    return items
  }

  static func rawValueType(_ type: String) -> String? {
    let bare = type.hasPrefix("Swift.") ? String(type.dropFirst(6)) : type
    switch bare {
    case "String", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8",
      "UInt16", "UInt32", "UInt64", "Double", "Float", "Float16", "Float80", "CGFloat",
      "Decimal":
      return type
    default:
      return nil
    }
  }

  // MARK: - Enum cases

  /// `case a, b(Int), c = "x"`; the token is `case`.
  mutating func scanEnumCases(enumIndex: Int) {
    advance()
    while token.kind == .identifier {
      enums[enumIndex].cases.append(name(of: token))
      advance()
      // Skip associated values and a raw value up to `,` or the end of the declaration.
      var depth = 0
      while token.kind != .endOfFile {
        if depth == 0 {
          if token.is(ASCII.comma) { break }
          if token.is(ASCII.semicolon) || token.is(ASCII.closeBrace) { return }
          if token.hasLeadingNewline && endsExpressionAtLineStart() { return }
        }
        if token.is(ASCII.openParen) || token.is(ASCII.openBracket) || token.is(ASCII.openBrace) {
          depth += 1
        } else if token.is(ASCII.closeParen) || token.is(ASCII.closeBracket)
          || token.is(ASCII.closeBrace)
        {
          depth -= 1
        }
        advance()
      }
      guard token.is(ASCII.comma) else { return }
      advance()
    }
  }

  // MARK: - Comments

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
    diagnostics += parsed.diagnostics
    return (comments.docComment, parsed.annotations)
  }

  /// Warns about `// quarry:` comments at the end of the line before `token`, which users
  /// may expect to annotate the declaration on that line.
  mutating func warnAboutTrailingAnnotations(before token: Token) {
    guard hasComment(in: token.triviaStart..<token.start) else { return }
    let comments = LeadingComments(
      bytes: bytes, trivia: token.triviaStart..<token.start, isAtFileStart: false)
    for offset in comments.trailingAnnotationOffsets {
      diagnostics.append(
        .warning(ScannerMessage.trailingAnnotation.text, at: location(offset)))
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
