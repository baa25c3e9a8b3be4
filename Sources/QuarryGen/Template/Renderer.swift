/// Walks a parsed template's nodes, appending to one output string.
///
/// Variables live in a small stack of bindings (loop variables, `set`) searched from the top,
/// above the context's root dictionary; `forloop` is answered from the loop stack without
/// building a dictionary per iteration. Errors become diagnostics, each reported once per
/// location, and rendering goes on.
struct Renderer {
  struct Binding {
    var name: String
    var value: TemplateValue
  }

  struct Loop {
    var index = 0
    var length: Int
    var item: TemplateValue = .null
    /// Bindings from here up belong to the current iteration.
    var bindingStart: Int
  }

  var output = ""
  private(set) var diagnostics: [Diagnostic] = []
  private var reported: Set<String> = []
  let root: [String: TemplateValue]
  /// Root arrays built element by element (see `LazyTemplateArray`); `root` hides them.
  let lazyRoot: [String: LazyTemplateArray]
  private(set) var bindings: [Binding] = []
  private(set) var loops: [Loop] = []
  /// The model element the caller is rendering (`Bird`), for notes.
  let element: String?
  /// `{% macro %}`s defined so far, by name.
  var macros: [String: MacroNode] = [:]
  /// Set by `{% break %}`/`{% continue %}`: every enclosing body stops rendering until the
  /// innermost loop takes it.
  var loopControl: LoopControlNode.Kind?
  /// `{% block %}` bodies of the templates being extended, most derived first.
  var blockOverrides: [String: [[Node]]] = [:]

  init(
    root: [String: TemplateValue], lazyRoot: [String: LazyTemplateArray] = [:],
    element: String?, capacity: Int
  ) {
    self.root = root
    self.lazyRoot = lazyRoot
    self.element = element
    output.reserveCapacity(capacity)
  }

  mutating func render(_ nodes: [Node]) {
    for node in nodes {
      switch node {
      case .text(let text): output += text
      case .lineBreak(let text):
        if let last = output.utf8.last, last != UInt8(ascii: "\n") { output += text }
      case .output(let expression): evaluate(expression)?.write(to: &output)
      case .forLoop(let node): node.render(in: &self)
      case .conditional(let node): node.render(in: &self)
      case .include(let node): node.render(in: &self)
      case .set(let node): node.render(in: &self)
      case .filterBlock(let node): node.render(in: &self)
      case .fits(let node): node.render(in: &self)
      case .macro(let node): macros[node.name] = node
      case .call(let node): node.render(in: &self)
      case .map(let node): node.render(in: &self)
      case .extends(let node): node.render(in: &self)
      case .block(let node): node.render(in: &self)
      case .loopControl(let node): loopControl = node.kind
      case .now(let node): node.render(in: &self)
      case .importTemplate(let node): node.render(in: &self)
      }
      if loopControl != nil { return }
    }
  }

  /// Renders `nodes` with `bound` names added for them alone (macro parameters, `include`'s
  /// context).
  mutating func render(_ nodes: [Node], binding bound: [(String, TemplateValue)]) {
    let start = bindings.count
    for (name, value) in bound { bind(name, to: value) }
    render(nodes)
    if bindings.count > start { bindings.removeSubrange(start...) }
  }

  /// Renders `nodes` into a fresh string, leaving `output` as it was.
  mutating func capture(_ nodes: [Node]) -> String {
    var saved = ""
    swap(&saved, &output)
    render(nodes)
    swap(&saved, &output)
    return saved
  }

  /// `capture(_:)` with `bound` names added for the body alone.
  mutating func capture(_ nodes: [Node], binding bound: [(String, TemplateValue)]) -> String {
    var saved = ""
    swap(&saved, &output)
    render(nodes, binding: bound)
    swap(&saved, &output)
    return saved
  }

  // MARK: Scopes

  mutating func enterLoop(length: Int) {
    loops.append(Loop(length: length, bindingStart: bindings.count))
  }

  /// Starts iteration `index`: drops the previous iteration's bindings.
  mutating func beginIteration(_ index: Int, item: TemplateValue) {
    let last = loops.count - 1
    loops[last].index = index
    loops[last].item = item
    let start = loops[last].bindingStart
    if bindings.count > start { bindings.removeSubrange(start...) }
  }

  /// After an iteration's body: takes a pending `break`/`continue`; true for `break`.
  mutating func endsIteration() -> Bool {
    guard let control = loopControl else { return false }
    loopControl = nil
    return control == .break
  }

  mutating func exitLoop() {
    let start = loops.removeLast().bindingStart
    if bindings.count > start { bindings.removeSubrange(start...) }
  }

  /// Adds a binding in the current scope (loop variables).
  mutating func bind(_ name: String, to value: TemplateValue) {
    bindings.append(Binding(name: name, value: value))
  }

  /// `{% set %}`: replaces a binding of the current scope or adds one.
  mutating func assign(_ name: String, to value: TemplateValue) {
    let start = loops.last?.bindingStart ?? 0
    var index = bindings.count - 1
    while index >= start {
      if bindings[index].name == name {
        bindings[index].value = value
        return
      }
      index -= 1
    }
    bind(name, to: value)
  }

  /// Evaluates `expression` as a condition with `bound` names added for it alone (`for … where`);
  /// nil after an error.
  mutating func evaluate(_ expression: Expression, binding bound: [(String, TemplateValue)])
    -> Bool?
  {
    let start = bindings.count
    for (name, value) in bound { bind(name, to: value) }
    defer { bindings.removeSubrange(start...) }
    return evaluate(expression)?.isTruthy
  }

  func binding(named name: String) -> TemplateValue? {
    var index = bindings.count - 1
    while index >= 0 {
      if bindings[index].name == name { return bindings[index].value }
      index -= 1
    }
    return nil
  }

  /// The lazy root array `expression` names when it is just that name (`tables`), unhidden by
  /// a binding, so a loop can build its elements one at a time.
  func lazyArray(named expression: Expression) -> LazyTemplateArray? {
    guard !lazyRoot.isEmpty, case .variable(let path) = expression, path.components.count == 1
    else { return nil }
    let name = path.components[0].name
    guard binding(named: name) == nil, root[name] == nil else { return nil }
    return lazyRoot[name]
  }

  /// Every name visible at the top level, for suggestions.
  var visibleNames: [String] {
    var names = Set(root.keys).union(lazyRoot.keys)
    for binding in bindings { names.insert(binding.name) }
    if !loops.isEmpty { names.insert("forloop") }
    return names.sorted()
  }

  // MARK: Diagnostics

  /// Reports an error once per location and message, with a note naming the model element.
  mutating func report(_ message: TemplateMessage, at location: SourceLocation) {
    let text = message.text
    guard reported.insert("\(location.path):\(location.offset):\(text)").inserted else { return }
    var names: [String] = element.map { [$0] } ?? []
    for loop in loops {
      if case .dictionary(let dictionary) = loop.item,
        case .string(let name)? = dictionary["name"]
      {
        names.append(name)
      }
    }
    let notes: [Diagnostic.Note] =
      names.isEmpty
      ? [] : [Diagnostic.Note(TemplateMessage.renderingElement(names.joined(separator: ".")).text)]
    diagnostics.append(.error(text, at: location, notes: notes))
  }
}
