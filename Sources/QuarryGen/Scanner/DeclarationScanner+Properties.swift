/// Properties of type bodies: `var a, b: Int`, `let c = 1`, observers, wrappers, accessors.
/// A struct's stored instance properties go to its `properties`, what the persistence model
/// reads; every other property to the members of its type.
extension DeclarationScanner {
  /// Reads `var`/`let` and its comma-separated bindings; the token is the keyword.
  ///
  /// Properties are appended as their names are read; `var a, b: Int` then gives `a` the
  /// type found after `b`, as Swift does for untyped names without a default.
  mutating func scanStoredProperties(_ prefix: Prefix, owner: MemberOwner) {
    let isLet = token.is(.let)
    let comments = leadingComments(before: prefix)
    let isStatic = prefix.modifiers.isStatic
    // A struct's stored instance properties are persisted; only they need a written type.
    var structIndex = -1
    if case .structure(let index) = owner, !isStatic { structIndex = index }
    let isIgnored = comments.annotations.contains(where: { $0.key == "ignore" })
    let needsType =
      structIndex >= 0 && !isIgnored
      && (!structs[structIndex].annotations.isEmpty || !comments.annotations.isEmpty)
    let isInExtension = isExtension(owner)
    // Names so far with neither type nor default (`a` in `var a, b: Int`), waiting for a type;
    // and names that will never have one. Both stay unallocated in the usual case.
    var waitingForType: [(name: String, offset: Int)] = []
    var untyped: [(name: String, offset: Int)] = []
    // Captured now: reading the last token of the declaration already handles an `#if` after it.
    let declarationConditions = conditions
    // A property is no more visible than its type.
    let access = memberAccess(written: prefix.modifiers.access)
    advance()
    while true {
      if token.is(ASCII.openParen) {
        // Valid Swift (`var (a, b) = (1, 2)`), which only a persisted struct cannot use.
        if needsType { diagnose(.tuplePattern, at: token.start) }
        skipBracketed()
        break
      }
      guard token.kind == .identifier else {
        diagnose(.missingPattern, at: token.start)
        break
      }
      let nameToken = token
      pendingBlockLabel = .property(token.start..<token.end)
      advance()
      var type: String?
      var defaultValue: String?
      var literalType: String?
      if token.is(ASCII.colon) {
        advance()
        let text = scanTypeText()
        if text.isEmpty {
          // `var age: = 3`: no type to keep; the default may still tell one.
          diagnose(.missingTypeAfterColon, at: token.start)
        } else {
          type = text
        }
      } else if token.kind == .identifier && !token.hasLeadingNewline
        && (token.keyword == .none || token.is(.Self))
      {
        // `var name String`: read on as if the colon were there.
        diagnose(.missingColonBeforeType, at: token.start)
        type = scanTypeText()
      }
      if token.is(ASCII.equals) {
        advance()
        let expression = scanExpressionText()
        defaultValue = expression.text
        literalType = expression.literalType ?? Self.initializerType(expression.text)
      }
      // `{ willSet/didSet … }` keeps the property stored; anything else makes it computed.
      var accessors = AccessorSummary()
      accessors.isComputed = false
      if token.is(ASCII.openBrace) { accessors = peekAccessors() }
      let isComputed = accessors.isComputed
      if let type {
        // Earlier untyped names without a default take this type (`var a, b: Int`); they are
        // the last ones appended.
        if !waitingForType.isEmpty {
          setTypeOfLast(waitingForType.count, to: type, structIndex: structIndex, owner: owner)
        }
        waitingForType = []
      } else if defaultValue != nil {
        // A default in between: the names before it get no type (`var a, b = 1, c: Int`).
        untyped += waitingForType
        waitingForType = []
        if literalType == nil { untyped.append((name(of: nameToken), nameToken.start)) }
      } else if !isComputed {
        waitingForType.append((name(of: nameToken), nameToken.start))
      }
      if !isComputed && structIndex >= 0 {
        // The memberwise initializer builds the value in place; the public one copies it.
        structs[structIndex].properties.append(
          PropertyDeclaration(
            name: name(of: nameToken), typeName: type ?? literalType,
            isTypeInferred: type == nil && literalType != nil, isLet: isLet,
            isLazy: prefix.modifiers.isLazy, defaultValue: defaultValue,
            attributes: prefix.attributes, access: access,
            setterAccess: prefix.modifiers.setterAccess, annotations: comments.annotations,
            sourceryAnnotations: [:], docComment: comments.docComment,
            location: location(nameToken.start), conditions: declarationConditions))
      } else {
        let variable = PropertyDeclaration(
          name: name(of: nameToken), typeName: type ?? literalType,
          isTypeInferred: type == nil && literalType != nil, isLet: isLet,
          isLazy: prefix.modifiers.isLazy, defaultValue: defaultValue,
          attributes: prefix.attributes, access: access,
          setterAccess: prefix.modifiers.setterAccess, annotations: comments.annotations,
          sourceryAnnotations: [:], docComment: comments.docComment,
          location: location(nameToken.start), conditions: declarationConditions,
          isComputed: isComputed, isStatic: isStatic, isAsync: accessors.isAsync,
          isThrowing: accessors.isThrowing, hasSetter: accessors.hasSetter,
          isInExtension: isInExtension)
        appendMembers(to: owner) { $0.variables.append(variable) }
      }
      guard token.is(ASCII.comma) else { break }
      advance()
    }
    if !token.is(ASCII.openBrace) { pendingBlockLabel = nil }
    if needsType {
      for (name, offset) in untyped + waitingForType {
        diagnose(.missingTypeAnnotation(property: name), at: offset)
      }
    }
  }

  /// Gives the last `count` properties appended for this declaration their type.
  private mutating func setTypeOfLast(
    _ count: Int, to type: String, structIndex: Int, owner: MemberOwner
  ) {
    if structIndex >= 0 {
      let total = structs[structIndex].properties.count
      for index in (total - count)..<total {
        structs[structIndex].properties[index].typeName = type
      }
      return
    }
    appendMembers(to: owner) { members in
      let total = members.variables.count
      for index in max(0, total - count)..<total { members.variables[index].typeName = type }
    }
  }

  // MARK: - Types and expressions

  /// A type annotation up to `=`, `{`, `,`, `;` or the end of the line at bracket depth 0.
  mutating func scanTypeText() -> String {
    var builder = TextBuilder()
    var depth = 0
    while token.kind != .endOfFile {
      if depth == 0 {
        if token.is(ASCII.equals) || token.is(ASCII.openBrace) || token.is(ASCII.comma)
          || token.is(ASCII.semicolon) || token.is(ASCII.closeBrace)
          || token.is(ASCII.closeParen) || token.is(ASCII.closeBracket) || token.is(.where)
        {
          break
        }
        if token.hasLeadingNewline && !builder.isEmpty && !continuesTypeOnNewLine() { break }
      }
      if token.is(ASCII.openParen) || token.is(ASCII.openBracket) || token.is(ASCII.lessThan) {
        depth += 1
      } else if token.is(ASCII.closeParen) || token.is(ASCII.closeBracket)
        || token.is(ASCII.greaterThan)
      {
        depth = max(0, depth - 1)
      } else if depth > 0 && (token.is(ASCII.openBrace) || token.is(ASCII.closeBrace)) {
        break
      }
      // Spaces just inside `<` and `>` mean nothing in a type (`Store<⏎  A⏎>`).
      let isJoined = previous.is(ASCII.lessThan) || token.is(ASCII.greaterThan)
      builder.append(token, from: bytes, isJoined: isJoined)
      advance()
    }
    return builder.text(from: bytes)
  }

  /// A type goes on after a line break only when one side of the break demands it.
  @inline(__always)
  private func continuesTypeOnNewLine() -> Bool {
    // A dot at the end of the line wants a member after it; `Int...` (a variadic) does not.
    let endsWithMemberDot =
      previous.is(ASCII.dot) && !(previous.start > 0 && bytes[previous.start - 1] == ASCII.dot)
    if previous.kind == .arrow || previous.is(ASCII.ampersand) || endsWithMemberDot {
      return true
    }
    return token.kind == .arrow || token.is(ASCII.ampersand) || token.is(.throws)
      || token.is(.async) || token.is(.rethrows)
      || (token.is(ASCII.dot) && !previous.is(ASCII.dot))
  }

  /// A default value up to `,`, `;`, an observer block, a closing bracket of the enclosing
  /// declaration, or a line break that starts the next declaration.
  mutating func scanExpressionText() -> (text: String, literalType: String?) {
    var builder = TextBuilder()
    var depth = 0
    var count = 0
    var literalType: String?
    var sawSign = false
    while token.kind != .endOfFile {
      if depth == 0 {
        if token.is(ASCII.comma) || token.is(ASCII.semicolon) || token.is(ASCII.closeBrace)
          || token.is(ASCII.closeParen) || token.is(ASCII.closeBracket)
        {
          break
        }
        if token.hasLeadingNewline && count > 0 && endsExpressionAtLineStart() { break }
        if token.is(ASCII.openBrace) && count > 0 {
          let next = peek()
          if next.is(.willSet) || next.is(.didSet) { break }
        }
      }
      if token.is(ASCII.lessThan) && opensGenericArguments() {
        // `Store<Key, Bool>()`: the arguments are part of the expression, commas included.
        count += appendGenericArguments(to: &builder)
        literalType = nil
        continue
      }
      if token.is(ASCII.openParen) || token.is(ASCII.openBracket) || token.is(ASCII.openBrace) {
        depth += 1
      } else if token.is(ASCII.closeParen) || token.is(ASCII.closeBracket)
        || token.is(ASCII.closeBrace)
      {
        depth -= 1
      }
      // Literal type of `1`, `-1.5`, `"s"`, `true`.
      if count == 0 && (token.is(ASCII.minus) || token.is(ASCII.plus)) {
        sawSign = true
      } else if count == 0 || (count == 1 && sawSign) {
        literalType = literalTypeName(of: token, signed: sawSign)
      } else {
        literalType = nil
      }
      count += 1
      builder.append(token, from: bytes)
      advance()
    }
    return (builder.text(from: bytes), count > 2 || (count == 2 && !sawSign) ? nil : literalType)
  }

  /// Tokens a generic argument list may hold; any other ends the lookahead.
  static let maximumGenericLookahead = 512

  /// Whether the `<` at the current token opens generic arguments (`Store<Key, Bool>()`,
  /// `Task<Void, Never> { }`) rather than comparing. As in Swift's parser: `<` touches the
  /// name before it, the tokens up to the matching `>` can spell types, and what follows the
  /// `>` cannot start an operand (it is `(`, `.`, `{`, `?`, a closing bracket, a separator,
  /// `==` or a line break).
  mutating func opensGenericArguments() -> Bool {
    guard !token.hasLeadingSpace, previous.kind == .identifier,
      previous.keyword == .none || previous.is(.Self)
    else { return false }
    let saved = lexer.position
    defer { lexer.rewind(to: saved) }
    var angles = 1
    var brackets = 0
    for _ in 0..<Self.maximumGenericLookahead {
      let next = lexer.next()
      switch next.kind {
      case .identifier, .number, .arrow: continue
      case .punctuation: break
      default: return false
      }
      switch next.byte {
      case ASCII.lessThan: angles += 1
      case ASCII.greaterThan:
        angles -= 1
        if angles == 0 {
          guard brackets == 0 else { return false }
          let after = lexer.next()
          if after.hasLeadingNewline || after.kind == .endOfFile { return true }
          guard after.kind == .punctuation else { return false }
          switch after.byte {
          case ASCII.openParen, ASCII.closeParen, ASCII.closeBracket, ASCII.openBrace,
            ASCII.closeBrace, ASCII.comma, ASCII.semicolon, ASCII.dot, ASCII.colon:
            return true
          case ASCII.question, ASCII.exclamation: return !after.hasLeadingSpace
          case ASCII.equals: return lexer.next().is(ASCII.equals)
          default: return false
          }
        }
      case ASCII.openParen, ASCII.openBracket: brackets += 1
      case ASCII.closeParen, ASCII.closeBracket:
        brackets -= 1
        if brackets < 0 { return false }
      case ASCII.comma, ASCII.dot, ASCII.colon, ASCII.question, ASCII.exclamation,
        ASCII.ampersand, ASCII.at, UInt8(ascii: "~"):
        continue
      default: return false
      }
    }
    return false
  }

  /// Appends `<…>` at the current token (known to be generic arguments) up to the matching
  /// `>` and moves past it; returns how many tokens it took.
  mutating func appendGenericArguments(to builder: inout TextBuilder) -> Int {
    var angles = 0
    var count = 0
    repeat {
      let isJoined = previous.is(ASCII.lessThan) || token.is(ASCII.greaterThan)
      if token.is(ASCII.lessThan) {
        angles += 1
      } else if token.is(ASCII.greaterThan) {
        angles -= 1
      }
      builder.append(token, from: bytes, isJoined: count > 0 && isJoined)
      count += 1
      advance()
    } while angles > 0 && token.kind != .endOfFile
    return count
  }

  @inline(__always)
  private func literalTypeName(of token: Token, signed: Bool) -> String? {
    switch token.kind {
    case .number:
      let isHex =
        token.end - token.start > 1 && (bytes[token.start + 1] | 0x20) == UInt8(ascii: "x")
      for index in token.start..<token.end {
        let lower = bytes[index] | 0x20
        if bytes[index] == ASCII.dot
          || (isHex ? lower == UInt8(ascii: "p") : lower == UInt8(ascii: "e"))
        {
          return "Double"
        }
      }
      return "Int"
    case .string where !signed: return "String"
    case .identifier where !signed && (token.is(.true) || token.is(.false)): return "Bool"
    default: return nil
    }
  }

  /// At a line start inside a declaration: whether this token begins something new (so the
  /// expression before it ended) rather than continuing it (`.map { }`, `+ 1`, `?? x`).
  @inline(__always)
  func endsExpressionAtLineStart() -> Bool {
    // A binary operator at the end of the previous line wants an operand on this one.
    if previous.kind == .punctuation && previous.hasLeadingSpace {
      switch previous.byte {
      case ASCII.openParen, ASCII.openBracket, ASCII.openBrace, ASCII.closeParen,
        ASCII.closeBracket, ASCII.closeBrace:
        break
      default:
        return false
      }
    }
    if previous.kind == .arrow { return false }
    switch token.kind {
    case .identifier:
      return !(token.is(.as) || token.is(.is))
    case .pound, .endOfFile:
      return true
    case .punctuation:
      return token.byte == ASCII.at || token.byte == ASCII.closeBrace
        || token.byte == ASCII.semicolon
    default:
      return false
    }
  }
}
