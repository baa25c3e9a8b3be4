/// Type declarations (`struct Name<Generics>: Inherited where … {`); enum cases are in
/// `+EnumCases`.
extension DeclarationScanner {
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
    let (access, memberAccess, accessLimit) = effectiveAccess(
      keyword: keyword, written: prefix.modifiers.access, qualifiedName: qualified)
    if keyword != .extension && keyword != .protocol { typeAccess.record(qualified, access) }
    defer {
      if let top = scopes.indices.last, !scopes[top].isCode {
        // A protocol's requirements have the protocol's access.
        scopes[top].memberAccess = keyword == .protocol ? access : memberAccess
        scopes[top].accessLimit = accessLimit
      }
    }
    switch keyword {
    case .struct:
      structs.append(
        StructDeclaration(
          name: qualified, localName: localName, access: access, genericParameters: generics,
          inheritedTypes: inherited, attributes: prefix.attributes,
          docComment: comments.docComment, annotations: comments.annotations, properties: [],
          location: location(nameToken.start), conditions: conditions))
      structs[structs.count - 1].genericWhereClause = whereClause
      structs[structs.count - 1].declaredAccess = prefix.modifiers.access
      pushScope(.structBody(structs.count - 1), name: qualified, label: label)
    case .enum:
      enums.append(
        EnumDeclaration(
          name: qualified, localName: localName, access: access,
          rawType: inherited.first.flatMap(Self.rawValueType), inheritedTypes: inherited,
          attributes: prefix.attributes, docComment: comments.docComment,
          annotations: comments.annotations, cases: [], location: location(nameToken.start),
          conditions: conditions))
      enums[enums.count - 1].declaredAccess = prefix.modifiers.access
      pushScope(.enumBody(enums.count - 1), name: qualified, label: label)
    default:
      if !inherited.isEmpty && keyword != .protocol {
        conformances.append(
          ConformanceDeclaration(
            typeName: qualified, inheritedTypes: inherited, location: location(nameToken.start)))
      }
      let kind: TypeDeclaration.Kind =
        switch keyword {
        case .class: .class
        case .actor: .actor
        case .protocol: .protocol
        default: .extension
        }
      if let annotation = comments.annotations.first {
        // Skipping it would leave the user wondering why nothing is generated.
        diagnose(
          .annotatedNonStruct(kind: kindName, name: qualified), at: annotation.location.offset)
      }
      typeKinds.append(kind)
      // Without the members, the declaration is only weight (see `keepsTypeMembers`).
      if keepsTypeMembers {
        types.append(
          TypeDeclaration(
            name: qualified, localName: localName, kind: kind, access: access,
            declaredAccess: prefix.modifiers.access, genericParameters: generics,
            genericWhereClause: whereClause, inheritedTypes: inherited,
            attributes: prefix.attributes, modifiers: prefix.modifiers.names,
            docComment: comments.docComment, annotations: comments.annotations,
            location: location(nameToken.start), conditions: conditions))
      }
      pushScope(.typeBody(typeKinds.count - 1), name: qualified, label: label)
    }
    advance()
  }

  /// Swift's access rules for a type (or extension) declared in the innermost scope: its
  /// effective access, the access its members get when they write none, and the widest they
  /// can have.
  ///
  /// A member of a `public extension` is public unless it says otherwise, of a `private` or
  /// `fileprivate` extension fileprivate; a member of a type is internal by default, and never
  /// wider than the type (a struct in a `fileprivate` struct is fileprivate at most). A
  /// `private` declaration at file scope is visible in the whole file, like `fileprivate`.
  mutating func effectiveAccess(keyword: Keyword, written: AccessLevel?, qualifiedName: String) -> (
    access: AccessLevel, memberAccess: AccessLevel, accessLimit: AccessLevel
  ) {
    if keyword == .extension {
      let declared = written.map { $0 == .private ? .fileprivate : $0 }
      // An extension of a type declared earlier in this file is no wider than the type.
      let extended = typeAccess.access(of: qualifiedName).map { $0 == .private ? .fileprivate : $0 }
      let limit = declared ?? extended ?? .open
      return (declared ?? extended ?? .internal, declared ?? .internal, limit)
    }
    let parent = scopes.last
    let declared = written ?? parent?.memberAccess ?? .internal
    let access = min(declared, parent?.accessLimit ?? .open)
    let limit = parent == nil && access == .private ? .fileprivate : access
    return (access, .internal, limit)
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
}
