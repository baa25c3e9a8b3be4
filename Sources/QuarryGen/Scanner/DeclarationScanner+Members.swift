/// Members of type bodies other than stored properties and enum cases: functions,
/// initializers, subscripts, associated types, and the accessor blocks that make a property
/// computed. Bodies are never read: only signatures, up to the `{` the main loop skips.
extension DeclarationScanner {
  /// The type body a member is declared in.
  enum MemberOwner {
    case structure(Int)
    case enumeration(Int)
    case type(Int)
  }

  /// The innermost scope's type, when it is a type body the scanner records members of.
  var memberOwner: MemberOwner? {
    guard let top = scopes.last else { return nil }
    switch top.kind {
    case .structBody(let index): return .structure(index)
    case .enumBody(let index): return .enumeration(index)
    case .typeBody(let index): return index >= 0 ? .type(index) : nil
    case .code: return nil
    }
  }

  mutating func appendMembers(to owner: MemberOwner, _ body: (inout MemberDeclarations) -> Void) {
    switch owner {
    case .structure(let index): body(&structs[index].members)
    case .enumeration(let index): body(&enums[index].members)
    case .type(let index): if keepsTypeMembers { body(&types[index].members) }
    }
  }

  func isExtension(_ owner: MemberOwner) -> Bool {
    if case .type(let index) = owner { return typeKinds[index] == .extension }
    return false
  }

  /// The access of a member declared in the innermost type body.
  func memberAccess(written: AccessLevel?) -> AccessLevel {
    guard let top = scopes.last else { return written ?? .internal }
    return min(written ?? top.memberAccess, top.accessLimit)
  }

  // MARK: - Functions and initializers

  /// `func name<T>(parameters) async throws -> Type where … {`, `init?(…)`, `deinit`; the token
  /// is the keyword. Stops before the body's `{` (or whatever follows a requirement).
  mutating func scanFunction(_ prefix: Prefix, owner: MemberOwner) {
    let keyword = token.keyword
    let comments = leadingComments(before: prefix)
    let declarationConditions = conditions
    let start = token.start
    advance()
    var name = keyword == .`init` ? "init" : "deinit"
    var nameRange = start..<start
    var isFailable = false
    if keyword == .func {
      nameRange = token.start..<token.end
      if token.kind == .identifier {
        name = self.name(of: token)
        advance()
      } else {
        // An operator: `==`, `<*>`; its characters are separate punctuation tokens.
        var text = ""
        while token.kind == .punctuation && !token.is(ASCII.openParen)
          && !token.is(ASCII.openBrace) && !token.is(ASCII.closeBrace)
          && (text.isEmpty || !token.hasLeadingSpace)
          && !(token.is(ASCII.lessThan) && !text.isEmpty && !token.hasLeadingSpace
            && peek().kind == .identifier)
        {
          text += self.text(of: token)
          nameRange = nameRange.lowerBound..<token.end
          advance()
        }
        name = text
      }
    } else if keyword == .`init`,
      token.is(ASCII.question) || token.is(ASCII.exclamation), !token.hasLeadingSpace
    {
      isFailable = true
      advance()
    }
    switch keyword {
    case .func: pendingBlockLabel = .function(nameRange)
    case .`init`: pendingBlockLabel = .initializer
    default: pendingBlockLabel = .deinitializer
    }
    var generics: String?
    if token.is(ASCII.lessThan) { generics = scanAngleBracketText() }
    var parameters: [ParameterDeclaration] = []
    if token.is(ASCII.openParen) { parameters = scanParameterList(isSubscript: false) }
    let effects = scanEffects()
    var returnType: String?
    if token.kind == .arrow {
      advance()
      let text = scanTypeText()
      if !text.isEmpty { returnType = text }
    }
    let whereClause = scanWhereClause()
    let modifiers = prefix.modifiers
    let method = MethodDeclaration(
      name: name,
      kind: keyword == .func ? .function : keyword == .`init` ? .initializer : .deinitializer,
      genericParameters: generics, parameters: parameters, returnTypeName: returnType,
      isAsync: effects.isAsync, isThrowing: effects.isThrowing,
      isRethrowing: effects.isRethrowing, isStatic: modifiers.isStatic,
      isClass: modifiers.isClassKeyword, isFailable: isFailable,
      modifiers: modifiers.names, genericWhereClause: whereClause,
      access: memberAccess(written: modifiers.access), attributes: prefix.attributes,
      annotations: comments.annotations, docComment: comments.docComment,
      location: location(keyword == .func ? nameRange.lowerBound : start),
      conditions: declarationConditions, isInExtension: isExtension(owner))
    appendMembers(to: owner) { $0.methods.append(method) }
  }

  /// `async`, `throws`, `throws(E)`, `rethrows` after a parameter list.
  mutating func scanEffects() -> (isAsync: Bool, isThrowing: Bool, isRethrowing: Bool) {
    var effects = (isAsync: false, isThrowing: false, isRethrowing: false)
    while true {
      if token.is(.async) {
        effects.isAsync = true
        advance()
      } else if token.is(.throws) {
        effects.isThrowing = true
        advance()
        if token.is(ASCII.openParen) && !token.hasLeadingSpace { _ = scanParenthesizedText() }
      } else if token.is(.rethrows) {
        effects.isThrowing = true
        effects.isRethrowing = true
        advance()
      } else {
        return effects
      }
    }
  }

  /// `where A: B, C == D` up to the body or the next declaration; nil without `where`.
  mutating func scanWhereClause() -> String? {
    guard token.is(.where) else { return nil }
    var builder = TextBuilder()
    advance()
    while token.kind != .endOfFile && !token.is(ASCII.openBrace) && !token.is(ASCII.closeBrace)
      && !(token.hasLeadingNewline && (token.keyword.startsDeclaration || token.is(ASCII.at)))
    {
      builder.append(token, from: bytes)
      advance()
    }
    return builder.text(from: bytes)
  }

  // MARK: - Parameters

  /// `(label name: Type = default, …)` at the current `(`, up to and past the matching `)`.
  ///
  /// Stops early, as `skipBracketed` does, at a `}` closing an enclosing block or a type
  /// keyword starting a line, leaving them to the caller.
  mutating func scanParameterList(isSubscript: Bool) -> [ParameterDeclaration] {
    var parameters: [ParameterDeclaration] = []
    advance()
    while token.kind != .endOfFile {
      if token.is(ASCII.closeParen) {
        advance()
        break
      }
      if token.is(ASCII.closeBrace) || (token.hasLeadingNewline && token.keyword.isTypeIntroducer) {
        break
      }
      if let parameter = scanParameter(isSubscript: isSubscript) {
        parameters.append(parameter)
      }
      if token.is(ASCII.comma) { advance() }
    }
    return parameters
  }

  /// One parameter, up to the `,` or `)` after it.
  private mutating func scanParameter(isSubscript: Bool) -> ParameterDeclaration? {
    var names: [String] = []
    while token.kind == .identifier && names.count < 2 {
      names.append(name(of: token))
      advance()
    }
    guard !names.isEmpty else {
      skipParameterRest()
      return nil
    }
    var typeBuilder = TextBuilder()
    var defaultValue: String?
    if token.is(ASCII.colon) {
      advance()
      var depth = 0
      while token.kind != .endOfFile {
        if depth == 0
          && (token.is(ASCII.comma) || token.is(ASCII.closeParen) || token.is(ASCII.equals))
        {
          break
        }
        if token.is(ASCII.closeBrace) && depth == 0 { break }
        if token.is(ASCII.openParen) || token.is(ASCII.openBracket) || token.is(ASCII.lessThan)
          || token.is(ASCII.openBrace)
        {
          depth += 1
        } else if token.is(ASCII.closeParen) || token.is(ASCII.closeBracket)
          || token.is(ASCII.greaterThan) || token.is(ASCII.closeBrace)
        {
          depth = max(0, depth - 1)
        }
        let isJoined = previous.is(ASCII.lessThan) || token.is(ASCII.greaterThan)
        typeBuilder.append(token, from: bytes, isJoined: isJoined)
        advance()
      }
    }
    if token.is(ASCII.equals) {
      advance()
      var builder = TextBuilder()
      var depth = 0
      while token.kind != .endOfFile {
        if depth == 0 && (token.is(ASCII.comma) || token.is(ASCII.closeParen)) { break }
        if token.is(ASCII.closeBrace) && depth == 0 { break }
        if token.is(ASCII.openParen) || token.is(ASCII.openBracket) || token.is(ASCII.openBrace) {
          depth += 1
        } else if token.is(ASCII.closeParen) || token.is(ASCII.closeBracket)
          || token.is(ASCII.closeBrace)
        {
          depth -= 1
        }
        builder.append(token, from: bytes)
        advance()
      }
      defaultValue = builder.text(from: bytes)
    }
    var typeName = typeBuilder.isEmpty ? "" : typeBuilder.text(from: bytes)
    var isInout = false
    if typeName.hasPrefix("inout ") {
      isInout = true
      typeName.removeFirst(6)
    }
    var isVariadic = false
    if typeName.hasSuffix("...") {
      isVariadic = true
      typeName.removeLast(3)
    }
    let label: String? =
      names.count == 2 || !isSubscript ? (names[0] == "_" ? nil : names[0]) : nil
    return ParameterDeclaration(
      argumentLabel: label, name: names[names.count - 1], typeName: typeName,
      defaultValue: defaultValue, isVariadic: isVariadic, isInout: isInout)
  }

  /// Skips what cannot start a parameter, up to the next `,` or `)` at this depth.
  private mutating func skipParameterRest() {
    var depth = 0
    while token.kind != .endOfFile {
      if depth == 0 && (token.is(ASCII.comma) || token.is(ASCII.closeParen)) { return }
      if token.is(ASCII.closeBrace) && depth == 0 { return }
      if token.is(ASCII.openParen) || token.is(ASCII.openBracket) || token.is(ASCII.openBrace) {
        depth += 1
      } else if token.is(ASCII.closeParen) || token.is(ASCII.closeBracket)
        || token.is(ASCII.closeBrace)
      {
        depth -= 1
      }
      advance()
    }
  }

  // MARK: - Subscripts and associated types

  /// `subscript<T>(key: Key) -> Value where … { get set }`; the token is the keyword.
  mutating func scanSubscript(_ prefix: Prefix, owner: MemberOwner) {
    let comments = leadingComments(before: prefix)
    let start = token.start
    advance()
    pendingBlockLabel = .subscript
    var generics: String?
    if token.is(ASCII.lessThan) { generics = scanAngleBracketText() }
    var parameters: [ParameterDeclaration] = []
    if token.is(ASCII.openParen) { parameters = scanParameterList(isSubscript: true) }
    var returnType = ""
    if token.kind == .arrow {
      advance()
      returnType = scanTypeText()
    }
    _ = scanWhereClause()
    let accessors = token.is(ASCII.openBrace) ? peekAccessors() : AccessorSummary()
    let modifiers = prefix.modifiers
    let declaration = SubscriptDeclaration(
      parameters: parameters, genericParameters: generics, returnTypeName: returnType,
      isMutable: accessors.hasSetter, isAsync: accessors.isAsync,
      isThrowing: accessors.isThrowing, isStatic: modifiers.isStatic,
      access: memberAccess(written: modifiers.access), setterAccess: modifiers.setterAccess,
      modifiers: modifiers.names, attributes: prefix.attributes,
      annotations: comments.annotations, docComment: comments.docComment,
      location: location(start), isInExtension: isExtension(owner))
    appendMembers(to: owner) { $0.subscripts.append(declaration) }
  }

  /// `associatedtype Item: Codable = Int`; the token is the keyword.
  mutating func scanAssociatedType(owner: MemberOwner) {
    advance()
    guard token.kind == .identifier else { return }
    let nameToken = token
    advance()
    var constraint: String?
    var defaultType: String?
    if token.is(ASCII.colon) {
      advance()
      let text = scanTypeText()
      if !text.isEmpty { constraint = text }
    }
    if token.is(ASCII.equals) {
      advance()
      let text = scanTypeText()
      if !text.isEmpty { defaultType = text }
    }
    _ = scanWhereClause()
    let declaration = AssociatedTypeDeclaration(
      name: name(of: nameToken), typeName: constraint, defaultTypeName: defaultType,
      location: location(nameToken.start))
    appendMembers(to: owner) { $0.associatedTypes.append(declaration) }
  }

  // MARK: - Accessor blocks

  /// What an accessor block holds, read ahead without moving.
  struct AccessorSummary {
    /// False for `{ willSet … }` / `{ didSet … }`, which keep a property stored.
    var isComputed = true
    var hasSetter = false
    var isAsync = false
    var isThrowing = false
  }

  /// Looks into the `{` at the current token: observers, `get`/`set` and their effects. A
  /// block that starts with anything else is a getter's body (`{ count * 2 }`).
  mutating func peekAccessors() -> AccessorSummary {
    var summary = AccessorSummary()
    let saved = lexer.position
    defer { lexer.rewind(to: saved) }
    var next = lexer.next()
    if next.is(.willSet) || next.is(.didSet) {
      summary.isComputed = false
      return summary
    }
    guard
      next.kind == .identifier && (spells(next, "get") || spells(next, "set"))
        || next.is(ASCII.at) || next.is(.mutating) || next.is(.nonmutating)
        || spells(next, "_read") || spells(next, "_modify")
    else { return summary }
    var depth = 1
    while next.kind != .endOfFile {
      if next.is(ASCII.openBrace) {
        depth += 1
      } else if next.is(ASCII.closeBrace) {
        depth -= 1
        if depth == 0 { break }
      } else if depth == 1 {
        if next.is(.set) || spells(next, "_modify") {
          summary.hasSetter = true
        } else if next.is(.async) {
          summary.isAsync = true
        } else if next.is(.throws) {
          summary.isThrowing = true
        }
      }
      next = lexer.next()
    }
    return summary
  }

  /// Whether a name token spells `word` (an ASCII contextual keyword such as `get`).
  @inline(__always)
  func spells(_ token: Token, _ word: StaticString) -> Bool {
    guard token.end - token.start == word.utf8CodeUnitCount else { return false }
    return word.withUTF8Buffer { buffer in
      for index in 0..<buffer.count where bytes[token.start + index] != buffer[index] {
        return false
      }
      return true
    }
  }
}
