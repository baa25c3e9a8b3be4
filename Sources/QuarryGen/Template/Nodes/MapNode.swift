/// StencilSwiftKit's `{% map list into result using item %}…{% endmap %}`: renders the body
/// once per element and binds `result` to the array of what each rendering printed. Prints
/// nothing itself.
///
/// ```text
/// {% map names into labels using name %}{{ maploop.counter }}:{{ name|uppercase }}{% endmap %}
/// {{ labels|join:", " }}
/// ```
/// over `names = ["a", "b"]` prints `0:A, 1:B`. Inside, `maploop.counter` (0-based),
/// `maploop.first`, `maploop.last` and `maploop.item` are defined; `using item` is optional.
final class MapNode: Sendable {
  let sequence: Expression
  let sequenceLocation: SourceLocation
  let resultName: String
  let itemName: String?
  let body: [Node]

  init(
    sequence: Expression, sequenceLocation: SourceLocation, resultName: String, itemName: String?,
    body: [Node]
  ) {
    self.sequence = sequence
    self.sequenceLocation = sequenceLocation
    self.resultName = resultName
    self.itemName = itemName
    self.body = body
  }

  static let syntax = "map list into result using item"

  func render(in renderer: inout Renderer) {
    guard let value = renderer.evaluate(sequence) else { return }
    let elements: [TemplateValue]
    switch value {
    case .array(let array): elements = array
    case .null: elements = []
    default:
      renderer.report(.mapNeedsArray(kind: value.kindDescription), at: sequenceLocation)
      return
    }
    var results: [TemplateValue] = []
    results.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      var bound: [(String, TemplateValue)] = [
        (
          "maploop",
          [
            "counter": .number(Double(index)), "first": .bool(index == 0),
            "last": .bool(index == elements.count - 1), "item": element,
          ]
        )
      ]
      if let itemName { bound.append((itemName, element)) }
      results.append(.string(renderer.capture(body, binding: bound)))
    }
    renderer.assign(resultName, to: .array(results))
  }
}

extension TemplateParser {
  mutating func parseMap(_ tag: BlockTag) -> Node? {
    let header = parseMapHeader(tag)
    let (body, end) = parseBody(of: tag, until: ["endmap"])
    if let end { expectNoArguments(end) }
    guard let header, end != nil else { return nil }
    return .map(
      MapNode(
        sequence: header.sequence, sequenceLocation: location(tag.tokens[0].offset),
        resultName: header.result, itemName: header.item, body: body))
  }

  private mutating func parseMapHeader(_ tag: BlockTag) -> (
    sequence: Expression, result: String, item: String?
  )? {
    let tokens = tag.tokens
    func isName(_ index: Int) -> Bool {
      index < tokens.count && tokens[index].kind == .name && !tokens[index].text.contains(".")
    }
    guard let into = tokens.lastIndex(where: { $0.kind == .name && $0.text == "into" }),
      into > 0, isName(into + 1)
    else {
      report(
        .malformedTag("map", syntax: MapNode.syntax), at: tokens.first?.offset ?? tag.endOffset)
      return nil
    }
    var item: String?
    if into + 2 < tokens.count {
      guard tokens[into + 2].text == "using", isName(into + 3), into + 4 == tokens.count else {
        report(.malformedTag("map", syntax: MapNode.syntax), at: tokens[into + 2].offset)
        return nil
      }
      item = tokens[into + 3].text
    }
    var sequenceTag = tag
    sequenceTag.tokens = Array(tokens[..<into])
    sequenceTag.endOffset = tokens[into].offset
    guard let sequence = parseExpression(in: sequenceTag, from: 0) else { return nil }
    return (sequence, tokens[into + 1].text, item)
  }
}
