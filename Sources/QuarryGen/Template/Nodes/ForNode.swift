/// `{% for item in list %}…{% empty %}…{% endfor %}` and `{% for key, value in dictionary %}`,
/// each with an optional `where condition` (Stencil's): only the items for which the condition
/// holds are looped over, so `forloop` counts them alone.
///
/// ```text
/// {% for variable in type.storedVariables where not variable.isOptional %}{{ variable.name }} {% endfor %}
/// ```
/// over `var id: Int; var note: String?; var name: String` prints `id name `.
///
/// ```text
/// {% for name in names %}{{ forloop.index }}. {{ name }}{% if not forloop.last %}, {% endif %}
/// {%- empty %}none{% endfor %}
/// ```
/// over `names = ["id", "name"]` prints `1. id, 2. name`; over `[]` it prints `none`.
///
/// `{% break %}` leaves the loop, `{% continue %}` goes on with the next item. Ranges loop over
/// whole numbers: `{% for i in 1...3 %}{{ i }}{% endfor %}` prints `123`, `3...1` counts down.
///
/// Inside the loop `forloop.first`, `forloop.last`, `forloop.index` (1-based), `forloop.index0`,
/// `forloop.length` and Stencil's `forloop.counter`/`forloop.counter0` are defined.
/// Dictionaries iterate in key order; with one loop variable they yield their keys. `null`
/// iterates as empty.
final class ForNode: Sendable {
  let keyName: String?
  let valueName: String
  let sequence: Expression
  /// Where the sequence expression starts, for "needs an array" errors.
  let sequenceLocation: SourceLocation
  /// `where condition`, evaluated with the loop variables bound to each item.
  let condition: Expression?
  let body: [Node]
  let emptyBody: [Node]

  init(
    keyName: String?, valueName: String, sequence: Expression, sequenceLocation: SourceLocation,
    condition: Expression? = nil, body: [Node], emptyBody: [Node]
  ) {
    self.condition = condition
    self.keyName = keyName
    self.valueName = valueName
    self.sequence = sequence
    self.sequenceLocation = sequenceLocation
    self.body = body
    self.emptyBody = emptyBody
  }

  static let syntax = "for item in list"

  func render(in renderer: inout Renderer) {
    if let lazy = renderer.lazyArray(named: sequence) { return render(lazy, in: &renderer) }
    guard let value = renderer.evaluate(sequence) else { return }
    switch value {
    case .array(var elements):
      if keyName != nil {
        renderer.report(.pairNeedsDictionary(kind: value.kindDescription), at: sequenceLocation)
        return
      }
      if let condition {
        var kept: [TemplateValue] = []
        for element in elements {
          guard let holds = renderer.evaluate(condition, binding: [(valueName, element)]) else {
            return
          }
          if holds { kept.append(element) }
        }
        elements = kept
      }
      guard !elements.isEmpty else { return renderer.render(emptyBody) }
      renderer.enterLoop(length: elements.count)
      for (index, element) in elements.enumerated() {
        renderer.beginIteration(index, item: element)
        renderer.bind(valueName, to: element)
        renderer.render(body)
        if renderer.endsIteration() { break }
      }
      renderer.exitLoop()
    case .dictionary(let dictionary):
      var keys = dictionary.keys.filter { $0 != TemplateValue.textKey }.sorted()
      if let condition {
        var kept: [String] = []
        for key in keys {
          let element = dictionary[key, default: .null]
          let bound: [(String, TemplateValue)] =
            keyName.map { [($0, .string(key)), (valueName, element)] } ?? [
              (valueName, .string(key))
            ]
          guard let holds = renderer.evaluate(condition, binding: bound) else { return }
          if holds { kept.append(key) }
        }
        keys = kept
      }
      guard !keys.isEmpty else { return renderer.render(emptyBody) }
      renderer.enterLoop(length: keys.count)
      for (index, key) in keys.enumerated() {
        let element = dictionary[key, default: .null]
        renderer.beginIteration(index, item: element)
        if let keyName {
          renderer.bind(keyName, to: .string(key))
          renderer.bind(valueName, to: element)
        } else {
          renderer.bind(valueName, to: .string(key))
        }
        renderer.render(body)
        if renderer.endsIteration() { break }
      }
      renderer.exitLoop()
    case .null:
      renderer.render(emptyBody)
    case .string, .number, .bool:
      renderer.report(.notIterable(kind: value.kindDescription), at: sequenceLocation)
    }
  }
}

extension ForNode {
  /// The array loop over a lazy root array: each element is built for its iteration (and once
  /// more to test a `where` condition) and dropped after, so the loop holds one at a time.
  private func render(_ lazy: LazyTemplateArray, in renderer: inout Renderer) {
    if keyName != nil {
      renderer.report(.pairNeedsDictionary(kind: "an array"), at: sequenceLocation)
      return
    }
    var kept = Array(0..<lazy.count)
    if let condition {
      kept = []
      for index in 0..<lazy.count {
        guard let holds = renderer.evaluate(condition, binding: [(valueName, lazy[index])]) else {
          return
        }
        if holds { kept.append(index) }
      }
    }
    guard !kept.isEmpty else { return renderer.render(emptyBody) }
    renderer.enterLoop(length: kept.count)
    for (position, index) in kept.enumerated() {
      let element = lazy[index]
      renderer.beginIteration(position, item: element)
      renderer.bind(valueName, to: element)
      renderer.render(body)
      if renderer.endsIteration() { break }
    }
    renderer.exitLoop()
  }
}

extension TemplateParser {
  mutating func parseFor(_ tag: BlockTag) -> Node? {
    let header = parseForHeader(tag)
    var (body, end) = parseBody(of: tag, until: ["empty", "endfor"])
    var emptyBody: [Node] = []
    if let emptyTag = end, emptyTag.name == "empty" {
      expectNoArguments(emptyTag)
      (emptyBody, end) = parseBody(of: tag, until: ["endfor"])
    }
    if let end { expectNoArguments(end) }
    guard let header, end != nil else { return nil }
    return .forLoop(
      ForNode(
        keyName: header.key, valueName: header.value, sequence: header.sequence,
        sequenceLocation: header.location, condition: header.condition, body: body,
        emptyBody: emptyBody))
  }

  private mutating func parseForHeader(_ tag: BlockTag) -> (
    key: String?, value: String, sequence: Expression, location: SourceLocation,
    condition: Expression?
  )? {
    let tokens = tag.tokens
    func isLoopName(_ index: Int) -> Bool {
      index < tokens.count && tokens[index].kind == .name && !tokens[index].text.contains(".")
    }
    func isSymbol(_ index: Int, _ text: String) -> Bool {
      index < tokens.count && tokens[index].text == text && tokens[index].kind != .string
    }
    let key: String?
    let value: String
    var next: Int
    if isLoopName(0) && isSymbol(1, ",") && isLoopName(2) {
      key = tokens[0].text
      value = tokens[2].text
      next = 3
    } else if isLoopName(0) {
      key = nil
      value = tokens[0].text
      next = 1
    } else {
      report(
        .malformedTag("for", syntax: ForNode.syntax), at: tokens.first?.offset ?? tag.endOffset)
      return nil
    }
    guard isSymbol(next, "in"), next + 1 < tokens.count else {
      let offset = next < tokens.count ? tokens[next].offset : tag.endOffset
      report(.malformedTag("for", syntax: ForNode.syntax), at: offset)
      return nil
    }
    next += 1
    // `where` at the outermost parenthesis level starts the condition.
    var depth = 0
    var whereIndex: Int?
    for index in next..<tokens.count where tokens[index].kind != .string {
      switch tokens[index].text {
      case "(": depth += 1
      case ")": depth -= 1
      case "where" where depth == 0 && tokens[index].kind == .name:
        whereIndex = whereIndex ?? index
      default: break
      }
    }
    let sequenceEnd = whereIndex ?? tokens.count
    var sequenceTag = tag
    sequenceTag.tokens = Array(tokens[..<sequenceEnd])
    if let whereIndex { sequenceTag.endOffset = tokens[whereIndex].offset }
    guard next < sequenceEnd, let sequence = parseExpression(in: sequenceTag, from: next) else {
      if next >= sequenceEnd {
        report(.malformedTag("for", syntax: ForNode.syntax), at: tokens[sequenceEnd].offset)
      }
      return nil
    }
    var condition: Expression?
    if let whereIndex {
      guard whereIndex + 1 < tokens.count else {
        report(.malformedTag("for", syntax: "for item in list where condition"), at: tag.endOffset)
        return nil
      }
      guard let parsed = parseExpression(in: tag, from: whereIndex + 1) else { return nil }
      condition = parsed
    }
    return (key, value, sequence, location(tokens[next].offset), condition)
  }
}
