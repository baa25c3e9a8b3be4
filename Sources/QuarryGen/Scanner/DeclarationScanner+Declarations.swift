/// Declarations at file scope and in type bodies: the dispatch on the declaration keyword,
/// attributes and modifiers, and skipping what is not read. Type headers and enum cases are in
/// `+Types`, stored properties in `+Properties`, comments and annotations in `+Comments`.
extension DeclarationScanner {
  /// Modifiers seen before a declaration keyword.
  struct Modifiers {
    var access: AccessLevel?
    var setterAccess: AccessLevel?
    var isStatic = false
    var isLazy = false
    /// `class func`, `class var`: a type member subclasses can override.
    var isClassKeyword = false
    /// Every modifier keyword seen, one bit per `Keyword` raw value: no allocation for the
    /// many declarations whose modifiers are never asked for by name.
    var keywords: UInt64 = 0

    /// The modifier keywords in source-independent order (`public`, `static`, `final`…).
    var names: [String] {
      guard keywords != 0 else { return [] }
      var names: [String] = []
      for raw in 0..<64 where keywords & (1 << UInt64(raw)) != 0 {
        if let keyword = Keyword(rawValue: UInt8(raw)) { names.append("\(keyword)") }
      }
      return names
    }
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
    if token.hasLeadingNewline, let top = scopes.last, case .structBody = top.kind {
      warnAboutTrailingAnnotations(before: token)
    }
    // Most tokens here (names, punctuation) start nothing we read: no prefix to build.
    if token.keyword == .none && !token.is(ASCII.at) {
      scanOtherToken()
      return
    }
    var prefix = Prefix(firstToken: token)
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
      if let top = scopes.last, case .structBody(let index) = top.kind, !prefix.modifiers.isStatic {
        scanStoredProperties(prefix, owner: .structure(index))
      } else if let owner = memberOwner {
        if case .structure(let index) = owner, peek().kind == .identifier {
          structs[index].staticMemberNames.append(name(of: peek()))
        }
        scanStoredProperties(prefix, owner: owner)
      } else {
        advance()
      }
    case .case:
      if let top = scopes.last, case .enumBody(let index) = top.kind {
        scanEnumCases(enumIndex: index)
      } else {
        advance()
      }
    case .import:
      // `import struct Foundation.URL`: the kind names what is imported, it declares nothing.
      advance()
      while token.kind != .endOfFile && !token.hasLeadingNewline && !token.is(ASCII.semicolon) {
        advance()
      }
    case .func, .`init`, .deinit, .subscript:
      let keyword = token.keyword
      if let owner = memberOwner {
        if keyword == .func, prefix.modifiers.isStatic, case .structure(let index) = owner,
          peek().kind == .identifier
        {
          structs[index].staticMemberNames.append(name(of: peek()))
        }
        if keyword == .subscript {
          scanSubscript(prefix, owner: owner)
        } else {
          scanFunction(prefix, owner: owner)
        }
        return
      }
      advance()
      switch keyword {
      case .func: pendingBlockLabel = .function(token.start..<token.end)
      case .`init`: pendingBlockLabel = .initializer
      case .deinit: pendingBlockLabel = .deinitializer
      default: pendingBlockLabel = .subscript
      }
    case .associatedtype:
      if let owner = memberOwner {
        scanAssociatedType(owner: owner)
      } else {
        advance()
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
  /// Stops early, leaving the rest to the caller, at a `}` that closes an enclosing block or,
  /// outside any closure (a type declared in a closure is code), at a type declaration keyword
  /// starting a line.
  mutating func skipBracketed() {
    var depth = 0
    var braces = 0
    repeat {
      if token.is(ASCII.openParen) || token.is(ASCII.openBracket) || token.is(ASCII.openBrace) {
        depth += 1
        if token.is(ASCII.openBrace) { braces += 1 }
      } else if token.is(ASCII.closeParen) || token.is(ASCII.closeBracket)
        || token.is(ASCII.closeBrace)
      {
        depth -= 1
        if token.is(ASCII.closeBrace) { braces -= 1 }
      } else if braces <= 0 && token.hasLeadingNewline && token.keyword.isTypeIntroducer {
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
    if keyword.rawValue < 64 { modifiers.keywords |= 1 << UInt64(keyword.rawValue) }
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
    case .static: modifiers.isStatic = true
    case .class:
      modifiers.isStatic = true
      modifiers.isClassKeyword = true
    case .lazy: modifiers.isLazy = true
    default: if let level = keyword.accessLevel { modifiers.access = level }
    }
  }
}
