/// Turns a template's tokens into a `Node` tree, reporting every problem it can.
///
/// Block tags are dispatched by name to the parse function in each node's file
/// (`Nodes/ForNode.swift`, …). After an error the parser skips the bad tag and goes on, so
/// one run reports as many problems as possible.
struct TemplateParser {
  /// A block tag split into its name and the tokens after it.
  struct BlockTag {
    var name: String
    /// The tokens after the name.
    var tokens: [ExpressionToken]
    /// Where the tag's `{%` is.
    var location: SourceLocation
    /// Where the tag's contents end, for errors at the end of the tag.
    var endOffset: Int
    /// The tag's contents could not be read (already reported); only its name is known, so
    /// the block structure around it stays intact and no end tag is reported unmatched.
    var isBroken = false
  }

  /// What `{% include %}` found.
  enum IncludeResolution {
    case template(Template)
    case notFound(suggestion: String?)
    case cycle
    /// The included template has errors; they are already reported.
    case failed
  }

  /// Block tags that open a block, and the tag that closes each.
  static let endTags = [
    "for": "endfor", "if": "endif", "ifnot": "endif", "filter": "endfilter", "fits": "endfits",
    "macro": "endmacro", "map": "endmap", "block": "endblock", "set": "endset",
  ]
  /// Tags that only make sense inside a block, and the block they belong to.
  static let innerTags = [
    "empty": "for", "endfor": "for", "elif": "if", "else": "if", "endif": "if",
    "endfilter": "filter", "endfits": "fits", "endmacro": "macro", "endmap": "map",
    "endblock": "block", "endset": "set",
  ]
  static let tagNames =
    [
      "for", "empty", "endfor", "if", "ifnot", "elif", "else", "endif", "include", "set",
      "endset", "filter", "endfilter", "fits", "endfits", "macro", "endmacro", "call", "map",
      "endmap", "extends", "block", "endblock", "break", "continue", "now", "import",
    ] + sourceryTagNames

  let file: SourceFile
  private let tokens: [TemplateToken]
  private var index = 0
  var diagnostics: [Diagnostic]
  /// Loads `{% include %}`d templates through the engine's cache.
  let resolveInclude: (String) -> (IncludeResolution, [Diagnostic])
  /// The blocks currently open, innermost last, for mismatched end tags.
  private var openBlocks: [String] = []
  /// The tags that end each open block's current body, innermost last: an end tag that
  /// belongs to an outer block closes it, and the inner block is reported as unclosed.
  private var openTerminators: [Set<String>] = []

  init(
    file: SourceFile, whitespace: TemplateWhitespace = .quarry,
    resolveInclude: @escaping (String) -> (IncludeResolution, [Diagnostic])
  ) {
    var lexer = TemplateLexer(file: file, whitespace: whitespace)
    self.tokens = lexer.tokenize()
    self.diagnostics = lexer.diagnostics
    self.file = file
    self.resolveInclude = resolveInclude
  }

  /// Whether a `for` loop encloses the tag being parsed (for `break` and `continue`).
  var isInsideLoop: Bool { openBlocks.contains("for") }

  /// Whether no block encloses the tag being parsed (for `extends`).
  var isAtTopLevel: Bool { openBlocks.isEmpty }

  /// The whole template's nodes.
  mutating func parseTemplate() -> [Node] {
    parseNodes(until: []).nodes
  }

  func location(_ offset: Int) -> SourceLocation {
    SourceLocation(path: file.path, offset: offset)
  }

  mutating func report(_ message: TemplateMessage, at offset: Int) {
    diagnostics.append(.error(message.text, at: location(offset)))
  }

  /// Parses nodes up to one of the `terminators` block tags, which is consumed and returned;
  /// nil when the file ends first.
  mutating func parseNodes(until terminators: Set<String>) -> (nodes: [Node], end: BlockTag?) {
    var nodes: [Node] = []
    while index < tokens.count {
      let token = tokens[index]
      index += 1
      switch token.kind {
      case .text:
        nodes.append(.text(String(decoding: file.bytes[token.start..<token.end], as: UTF8.self)))
      case .comment:
        break
      case .lineBreak:
        nodes.append(
          .lineBreak(String(decoding: file.bytes[token.start..<token.end], as: UTF8.self)))
      case .variable:
        if let expression = parseExpression(token) { nodes.append(.output(expression)) }
      case .block:
        guard let tag = splitBlockTag(token) else { continue }
        if terminators.contains(tag.name) { return (nodes, tag) }
        if openTerminators.dropLast().contains(where: { $0.contains(tag.name) }) {
          // Leave the tag for the enclosing block that it ends.
          index -= 1
          return (nodes, nil)
        }
        if let node = parseBlock(tag) { nodes.append(node) }
      }
    }
    return (nodes, nil)
  }

  private mutating func parseExpression(_ token: TemplateToken) -> Expression? {
    switch ExpressionLexer(file: file).tokenize(token.start..<token.end) {
    case .failure(let failure):
      diagnostics.append(failure.diagnostic)
      return nil
    case .success(let expressionTokens):
      var parser = ExpressionParser(file: file, tokens: expressionTokens, endOffset: token.end)
      let expression = parser.parseOutputExpression()
      diagnostics += parser.diagnostics
      return expression
    }
  }

  /// Parses the expression that fills `tag.tokens[start...]` to the end of the tag.
  mutating func parseExpression(in tag: BlockTag, from start: Int) -> Expression? {
    var parser = ExpressionParser(
      file: file, tokens: tag.tokens, startIndex: start, endOffset: tag.endOffset)
    let expression = parser.parseCompleteExpression()
    diagnostics += parser.diagnostics
    return expression
  }

  private mutating func splitBlockTag(_ token: TemplateToken) -> BlockTag? {
    if leadingName(token) == "typed" { return sourceryTypedTag(token) }
    switch ExpressionLexer(file: file).tokenize(token.start..<token.end) {
    case .failure(let failure):
      diagnostics.append(failure.diagnostic)
      guard let name = leadingName(token), Self.innerTags[name] != nil || Self.endTags[name] != nil
      else { return nil }
      return BlockTag(
        name: name, tokens: [], location: location(token.tagStart), endOffset: token.end,
        isBroken: true)
    case .success(let expressionTokens):
      guard let first = expressionTokens.first, first.kind == .name else {
        report(.expectedTagName, at: expressionTokens.first?.offset ?? token.start)
        return nil
      }
      return BlockTag(
        name: first.text, tokens: Array(expressionTokens.dropFirst()),
        location: location(token.tagStart), endOffset: token.end)
    }
  }

  /// The name a tag starts with (`for` in `{% for x in a|? %}`), read without the lexer.
  private func leadingName(_ token: TemplateToken) -> String? {
    var index = token.start
    let bytes = file.bytes
    while index < token.end
      && (bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t"))
    {
      index += 1
    }
    let start = index
    while index < token.end
      && ((bytes[index] | 0x20) >= UInt8(ascii: "a") && (bytes[index] | 0x20) <= UInt8(ascii: "z"))
    {
      index += 1
    }
    guard index > start else { return nil }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// Skips the body of a block whose opening tag could not be read, up to its end tag.
  private mutating func skipBrokenBlock(_ tag: BlockTag) {
    guard let endTag = Self.endTags[tag.name] else { return }
    let inner = Set(Self.innerTags.filter { $0.value == tag.name }.map(\.key))
    var end: BlockTag?
    repeat {
      end = parseBody(of: tag, until: inner).end
    } while end != nil && end?.name != endTag
  }

  private mutating func parseBlock(_ tag: BlockTag) -> Node? {
    // A broken `set` is the one-line form: it has no body to skip.
    if tag.isBroken, tag.name == "set" { return nil }
    if tag.isBroken, Self.endTags[tag.name] != nil {
      skipBrokenBlock(tag)
      return nil
    }
    switch tag.name {
    case "for": return parseFor(tag)
    case "if", "ifnot": return parseIf(tag)
    case "macro": return parseMacro(tag)
    case "call": return parseCall(tag)
    case "map": return parseMap(tag)
    case "extends": return parseExtends(tag)
    case "block": return parseBlockTag(tag)
    case "break", "continue": return parseLoopControl(tag)
    case "now": return parseNow(tag)
    case "import": return parseImport(tag)
    case "newline", "typed": return parseSourceryTag(tag)
    case "include": return parseInclude(tag)
    case "set": return parseSet(tag)
    case "filter": return parseFilterBlock(tag)
    case "fits": return parseFits(tag)
    default:
      if let opening = Self.innerTags[tag.name] {
        if let open = openBlocks.last, let expected = Self.endTags[open] {
          report(.mismatchedTag(tag.name, open: open, expected: expected), at: tag.location.offset)
        } else {
          report(.unmatchedTag(tag.name, opening: opening), at: tag.location.offset)
        }
      } else {
        report(
          .unknownTag(
            tag.name, suggestion: EditDistance.suggestion(for: tag.name, among: Self.tagNames)),
          at: tag.location.offset)
      }
      return nil
    }
  }

  /// Parses a block's body up to one of `terminators`, reporting a missing end tag at the
  /// opening tag.
  mutating func parseBody(of opening: BlockTag, until terminators: Set<String>) -> (
    nodes: [Node], end: BlockTag?
  ) {
    openBlocks.append(opening.name)
    openTerminators.append(terminators)
    defer {
      openBlocks.removeLast()
      openTerminators.removeLast()
    }
    let (nodes, end) = parseNodes(until: terminators)
    if end == nil, let endTag = Self.endTags[opening.name] {
      report(.missingEndTag(opening.name, end: endTag), at: opening.location.offset)
    }
    return (nodes, end)
  }

  /// Reports tokens after a tag that takes none (`{% endfor x %}`).
  mutating func expectNoArguments(_ tag: BlockTag) {
    if let extra = tag.tokens.first {
      report(.malformedTag(tag.name, syntax: tag.name), at: extra.offset)
    }
  }
}
