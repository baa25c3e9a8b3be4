/// Walks the token stream of one file and collects its structs, enums and diagnostics.
///
/// The scanner keeps an explicit stack of open braces instead of recursing, so nesting depth
/// costs heap memory only. Type bodies (struct, enum, class, actor, protocol, extension) are
/// walked member by member; every other block (function bodies, accessors, closures) is
/// skipped by counting braces, which the lexer makes reliable by consuming strings, regex
/// literals and comments whole.
///
/// Recovery: an unmatched `}` at file scope is reported and ignored; whatever is still open at
/// the end of the file is reported there. Indentation decides nothing in a file whose braces
/// balance (counted lexically: strings, comments and regex literals do not count), whatever
/// its layout: a first pass scans without looking at indentation and counts braces; only
/// when they do not balance is the file scanned again with recovery from a missing `}`, where a
/// declaration keyword that starts a line less (or as much) indented than the line that opened
/// the enclosing block, inside a block whose members are indented, closes that block with an
/// "expected '}'" error.
///
/// Syntax errors in a file holding no `quarry:` annotation are warnings: they cannot change
/// what is generated, and the compiler reports them anyway.
///
/// Small non-mutating helpers that the mutating scan calls for many tokens (`name(of:)`,
/// `location(_:)`, `hasComment(in:)`…) are `@inline(__always)`: called, each first copied the
/// whole scanner value (376 bytes), 2.5% of a scan.
struct DeclarationScanner {
  static let maximumTypeNesting = 256
  static let maximumConditionNesting = 64
  /// Earlier clauses an `#elseif`/`#else` condition spells out before writing `…`.
  static let maximumNegatedClauses = 16
  /// Blocks tracked one by one; deeper ones (necessarily code) are only counted.
  static let maximumTrackedBlocks = 10_000
  /// Diagnostics kept per file, from the scanner and from the lexer each.
  static let maximumDiagnostics = 1_000

  /// What opened a block.
  enum BlockLabel {
    case block
    case type(Keyword)
    /// The byte range of the function's or property's name.
    case function(Range<Int>)
    case property(Range<Int>)
    case initializer, deinitializer, `subscript`
  }

  struct Scope {
    enum Kind {
      case structBody(Int)
      case enumBody(Int)
      /// A class, actor, protocol or extension: index in `typeKinds` and, when kept, in `types`
      /// (-1 past the nesting limit).
      case typeBody(Int)
      case code
    }

    var kind: Kind
    /// Index in `typeNames` of the qualified name of the type whose body this is, or -1.
    /// (A scope holds no reference-counted value, so reading one per token costs nothing.)
    var nameIndex: Int
    /// What opened the block, for messages; turned into text only when one is reported.
    var label: BlockLabel
    var openBrace: Int
    /// The access of a member declared without one (`public` in a `public extension`).
    var memberAccess: AccessLevel = .internal
    /// The widest access a member can have (a member of a `fileprivate` type is no wider).
    var accessLimit: AccessLevel = .open
    /// Indentation (in bytes) of the line holding the `{`.
    var indentation: Int
    /// Indentation of the first line inside the block, once seen.
    var memberIndentation: Int?

    var isCode: Bool {
      if case .code = kind { return true }
      return false
    }
  }

  var lexer: SwiftScanner
  var token: Token
  var previous: Token
  let path: String
  let bytes: [UInt8]
  var structs: [StructDeclaration] = []
  var enums: [EnumDeclaration] = []
  var conformances: [ConformanceDeclaration] = []
  var types: [TypeDeclaration] = []
  /// The kind of every class, actor, protocol and extension so far, kept or not in `types`;
  /// a `.typeBody` scope's index is into this.
  var typeKinds: [TypeDeclaration.Kind] = []
  var diagnostics: [Diagnostic] = []
  var suppressedDiagnostics = 0
  var scopes: [Scope] = []
  /// Code blocks open beyond `maximumTrackedBlocks`, innermost of all.
  var untrackedBlocks = 0
  /// Qualified names of the open type bodies, innermost last.
  var typeNames: [String] = []
  var typeDepth = 0
  var didReportTypeNesting = false
  /// What the next `{` at declaration level belongs to, for messages ("function 'f'").
  var pendingBlockLabel: BlockLabel?
  /// Conditions of the enclosing `#if` clauses, outermost first.
  var conditions: [String] = []
  var conditionFrames: [ConditionFrame] = []
  var didReportConditionNesting = false
  /// `#if` blocks open beyond `maximumConditionNesting`, only counted.
  var untrackedConditions = 0
  /// The last line-start lookup, so lookups on one line do not rescan it.
  var lineCache = LineCache()
  /// Whether a line's indentation may close blocks (see the type's documentation): only on the
  /// second pass over a file whose braces do not balance.
  var recoversByIndentation = false
  /// `{` minus `}` among the tokens so far, and whether it ever went below zero.
  var braceBalance = 0
  var braceBalanceWentNegative = false
  /// Effective access of the types declared so far, by qualified name, for their extensions.
  var typeAccess = DeclaredTypeAccess()
  /// Takes each run of structs and enums as soon as no type body is open, so that a file of
  /// declarations is never held whole (`quarry scan`); nil keeps them all in the result.
  var handoff: DeclarationHandoff?
  /// Whether classes, actors, protocols and extensions are kept in `types` with their members;
  /// when not, their members are still read (so the diagnostics do not change) but dropped at
  /// once.
  var keepsTypeMembers = true
  /// Whether a declaration handed off had an annotation (see `holdsAnnotation`).
  var handedOffAnnotation = false

  struct LineCache {
    var offset = 0
    var lineStart = 0
    var indentation: Int?
  }

  init(file: SourceFile) {
    path = file.path
    bytes = file.bytes
    lexer = SwiftScanner(bytes: file.bytes, path: file.path)
    let start = Token(
      kind: .endOfFile, keyword: .none, byte: 0, hasLeadingSpace: false,
      hasLeadingNewline: true, start: 0, end: 0, triviaStart: 0)
    token = start
    previous = start
  }

  mutating func scan() -> (
    structs: [StructDeclaration], enums: [EnumDeclaration],
    diagnostics: [Diagnostic]
  ) {
    var result = scanPass()
    var annotated = handedOffAnnotation
    if braceBalance != 0 || braceBalanceWentNegative {
      var second = DeclarationScanner(file: SourceFile(path: path, bytes: bytes))
      second.recoversByIndentation = true
      second.keepsTypeMembers = keepsTypeMembers
      // What the first pass handed off is replaced by the second pass's reading.
      handoff?.restart()
      second.handoff = handoff
      result = second.scanPass()
      annotated = second.handedOffAnnotation
    }
    if result.diagnostics.contains(where: \.isError)
      && !annotated && !Self.holdsAnnotation(bytes, structs: result.structs, enums: result.enums)
    {
      for index in result.diagnostics.indices where result.diagnostics[index].isError {
        result.diagnostics[index].severity = .warning
      }
    }
    return result
  }

  /// Whether the file annotates anything: a declaration with annotations, or `quarry:` in
  /// any letter case anywhere (an annotation a syntax error kept from its declaration).
  static func holdsAnnotation(
    _ bytes: [UInt8], structs: [StructDeclaration], enums: [EnumDeclaration]
  ) -> Bool {
    holdsAnnotation(structs: structs, enums: enums) || annotationMarker.occurs(in: bytes)
  }

  /// Whether any of these declarations or their properties has an annotation.
  static func holdsAnnotation(structs: [StructDeclaration], enums: [EnumDeclaration]) -> Bool {
    structs.contains {
      !$0.annotations.isEmpty || $0.properties.contains { !$0.annotations.isEmpty }
    } || enums.contains(where: { !$0.annotations.isEmpty })
  }

  private static let annotationMarker = ByteSearch.Pattern("quarry:", foldingCase: true)

  /// One pass over the file; see the type's documentation for the two passes.
  private mutating func scanPass() -> (
    structs: [StructDeclaration], enums: [EnumDeclaration],
    diagnostics: [Diagnostic]
  ) {
    advance()
    while token.kind != .endOfFile {
      if handoff != nil && scopes.isEmpty && untrackedBlocks == 0 { handOff() }
      if recoversByIndentation && !scopes.isEmpty && token.hasLeadingNewline
        && untrackedBlocks == 0
      {
        recoverFromMissingBrace()
      }
      if untrackedBlocks > 0 || (!scopes.isEmpty && scopes[scopes.count - 1].isCode) {
        scanCodeToken()
      } else {
        scanDeclaration()
      }
    }
    reportUnclosedAtEnd()
    handOff()
    // By position; at the same position, in the order found (the lexer's first).
    var all = (lexer.diagnostics + diagnostics).enumerated()
      .sorted { ($0.element.location.offset, $0.offset) < ($1.element.location.offset, $1.offset) }
      .map(\.element)
    let suppressed = suppressedDiagnostics + lexer.suppressedDiagnostics
    if suppressed > 0 {
      all.append(
        .warning(
          ScannerMessage.tooManyDiagnostics(suppressed).text, at: location(bytes.count)))
    }
    return (structs, enums, all)
  }

  /// Gives the structs and enums read so far to `handoff`, which is safe only when no type
  /// body is open: then no scope holds an index into either array, and nothing later in the
  /// file changes them (extensions keep their members in `types`).
  mutating func handOff() {
    guard let handoff, !structs.isEmpty || !enums.isEmpty else { return }
    if !handedOffAnnotation {
      handedOffAnnotation = Self.holdsAnnotation(structs: structs, enums: enums)
    }
    handoff.receive(structs, enums)
    structs.removeAll(keepingCapacity: true)
    enums.removeAll(keepingCapacity: true)
  }

  // MARK: - Tokens

  /// Moves to the next token, handling `#if`/`#elseif`/`#else`/`#endif` on the way.
  mutating func advance() {
    previous = token
    token = lexer.next()
    while token.kind == .pound, let directive = directiveKind(token) {
      handleDirective(directive)
    }
    if token.kind == .punctuation {
      if token.byte == ASCII.openBrace {
        braceBalance += 1
      } else if token.byte == ASCII.closeBrace {
        braceBalance -= 1
        if braceBalance < 0 { braceBalanceWentNegative = true }
      }
    }
  }

  /// The token after the current one, without moving.
  mutating func peek() -> Token {
    // Rewinding the lexer rather than copying it spares a retain and release of its arrays.
    let position = lexer.position
    let next = lexer.next()
    lexer.rewind(to: position)
    return next
  }

  @inline(__always)
  func text(of token: Token) -> String {
    String(decoding: bytes[token.start..<token.end], as: UTF8.self)
  }

  /// A name token's text, backticks removed.
  @inline(__always)
  func name(of token: Token) -> String {
    if bytes[token.start] == ASCII.backtick {
      let end =
        token.end - 1 > token.start && bytes[token.end - 1] == ASCII.backtick
        ? token.end - 1 : token.end
      return String(decoding: bytes[(token.start + 1)..<end], as: UTF8.self)
    }
    return text(of: token)
  }

  @inline(__always)
  func location(_ offset: Int) -> SourceLocation {
    SourceLocation(path: path, offset: offset)
  }

  mutating func diagnose(_ message: ScannerMessage, at offset: Int, notes: [Diagnostic.Note] = []) {
    guard diagnostics.count < Self.maximumDiagnostics else {
      suppressedDiagnostics += 1
      return
    }
    report(.error(message.text, at: location(offset), notes: notes))
  }

  /// Records a diagnostic, up to `maximumDiagnostics` per file: a file of 20 million stray
  /// `}` must not produce 20 million messages.
  mutating func report(_ diagnostic: Diagnostic) {
    if diagnostics.count < Self.maximumDiagnostics {
      diagnostics.append(diagnostic)
    } else {
      suppressedDiagnostics += 1
    }
  }

  /// Bytes between the start of the token's line and the token.
  mutating func indentation(of token: Token) -> Int {
    token.start - lineStart(of: token.start)
  }

  // MARK: - Blocks

  /// Opens the block at `token`; `name` is the qualified name of a type body.
  mutating func pushScope(_ kind: Scope.Kind, name: String? = nil, label: BlockLabel) {
    // Only code blocks get this deep (type nesting stops at 256 and code holds no types).
    if scopes.count >= Self.maximumTrackedBlocks {
      untrackedBlocks += 1
      return
    }
    var nameIndex = -1
    if let name {
      nameIndex = typeNames.count
      typeNames.append(name)
    }
    scopes.append(
      Scope(
        kind: kind, nameIndex: nameIndex, label: label, openBrace: token.start,
        indentation: indentation(ofLineAt: token.start)))
    if !scopes[scopes.count - 1].isCode { typeDepth += 1 }
  }

  mutating func popScope() {
    if untrackedBlocks > 0 {
      untrackedBlocks -= 1
      return
    }
    guard let scope = scopes.popLast() else { return }
    if !scope.isCode { typeDepth -= 1 }
    if scope.nameIndex >= 0 { typeNames.removeLast() }
  }

  /// The qualified name of the innermost scope when it is a type body, else "".
  @inline(__always)
  var enclosingTypeName: String {
    guard let top = scopes.last, !top.isCode, top.nameIndex >= 0 else { return "" }
    return typeNames[top.nameIndex]
  }

  /// The indentation of the line holding `offset`: leading spaces and tabs, in bytes.
  mutating func indentation(ofLineAt offset: Int) -> Int {
    let start = lineStart(of: offset)
    if start == lineCache.lineStart, let indentation = lineCache.indentation { return indentation }
    var end = start
    while end < offset && bytes[end].isHorizontalSpace { end += 1 }
    lineCache.indentation = end - start
    return end - start
  }

  /// The offset where the line holding `offset` starts. Queries come in increasing order, so
  /// the search resumes where the previous one stopped: linear over the file even for a
  /// megabyte-long line full of braces.
  mutating func lineStart(of offset: Int) -> Int {
    // The usual question, about the current token, is answered by the lexer without a search.
    if offset == token.start && offset >= lineCache.offset, let start = lexer.tokenLineStart {
      if start != lineCache.lineStart { lineCache.indentation = nil }
      lineCache.offset = offset
      lineCache.lineStart = start
      return start
    }
    guard offset >= lineCache.offset else {
      var index = offset
      while index > 0 && !bytes[index - 1].isNewline { index -= 1 }
      return index
    }
    var index = offset
    while index > lineCache.offset && !bytes[index - 1].isNewline { index -= 1 }
    let start =
      index > lineCache.offset || (index > 0 && bytes[index - 1].isNewline)
      ? index : lineCache.lineStart
    if start != lineCache.lineStart { lineCache.indentation = nil }
    lineCache.offset = offset
    lineCache.lineStart = start
    return start
  }

  /// Inside a block: braces open and close blocks, everything else is skipped.
  mutating func scanCodeToken() {
    if token.is(ASCII.openBrace) {
      pushScope(.code, label: .block)
    } else if token.is(ASCII.closeBrace) {
      popScope()
    }
    advance()
  }

  /// Called for the first token of a line inside a block; see the type's documentation.
  mutating func recoverFromMissingBrace() {
    let top = scopes.count - 1
    if scopes[top].memberIndentation == nil {
      if !token.is(ASCII.closeBrace) { scopes[top].memberIndentation = indentation(of: token) }
      return
    }
    guard token.keyword.startsDeclaration || token.is(ASCII.at) || token.is(.class) else {
      return
    }
    let column = indentation(of: token)
    while let scope = scopes.last, let members = scope.memberIndentation,
      members > scope.indentation, column <= scope.indentation
    {
      diagnose(
        .missingCloseBraceBeforeDeclaration(declaration: describe(scope)), at: token.start,
        notes: [.init(ScannerMessage.openingBraceNote.text, at: location(scope.openBrace))])
      popScope()
    }
  }

  /// How messages name a block: "struct 'A'", "function 'f'", "block".
  func describe(_ scope: Scope) -> String {
    switch scope.label {
    case .block: "block"
    case .type(let keyword):
      "\(keyword) '\(scope.nameIndex >= 0 ? typeNames[scope.nameIndex] : "")'"
    case .function(let name): "function '\(String(decoding: bytes[name], as: UTF8.self))'"
    case .property(let name): "property '\(String(decoding: bytes[name], as: UTF8.self))'"
    case .initializer: "initializer"
    case .deinitializer: "deinitializer"
    case .subscript: "subscript"
    }
  }

  mutating func reportUnclosedAtEnd() {
    if let outermost = scopes.first {
      diagnose(
        .missingCloseBrace(declaration: describe(outermost)), at: bytes.count,
        notes: [.init(ScannerMessage.openingBraceNote.text, at: location(outermost.openBrace))])
    }
    if let frame = conditionFrames.first {
      diagnose(.missingEndif, at: frame.start)
    }
  }
}
