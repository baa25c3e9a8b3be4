/// Expression evaluation: variables, filters, boolean logic and comparisons.
///
/// Every function returns nil after reporting an error, and nil propagates silently, so one
/// mistake yields one diagnostic.
extension Renderer {
  mutating func evaluate(_ expression: Expression) -> TemplateValue? {
    evaluate(expression, allowsUndefined: false)
  }

  mutating func evaluate(_ expression: Expression, allowsUndefined: Bool) -> TemplateValue? {
    switch expression {
    case .literal(let value):
      return value
    case .variable(let path):
      return resolve(path, allowsUndefined: allowsUndefined)
    case .filter(let inner, let call):
      guard let input = evaluate(inner, allowsUndefined: allowsUndefined || call.isDefault) else {
        return nil
      }
      return apply(call, to: input)
    case .not(let operand):
      guard let value = evaluate(operand) else { return nil }
      return .bool(!value.isTruthy)
    case .and(let lhs, let rhs):
      guard let left = evaluate(lhs) else { return nil }
      guard left.isTruthy else { return .bool(false) }
      guard let right = evaluate(rhs) else { return nil }
      return .bool(right.isTruthy)
    case .or(let lhs, let rhs):
      guard let left = evaluate(lhs) else { return nil }
      if left.isTruthy { return .bool(true) }
      guard let right = evaluate(rhs) else { return nil }
      return .bool(right.isTruthy)
    case .comparison(let op, let lhs, let rhs, let location):
      guard let left = evaluate(lhs), let right = evaluate(rhs) else { return nil }
      return compare(op, left, right, at: location)
    case .conditional(let value, let condition, let otherwise):
      guard let holds = evaluate(condition) else { return nil }
      if holds.isTruthy { return evaluate(value, allowsUndefined: allowsUndefined) }
      guard let otherwise else { return .null }
      return evaluate(otherwise, allowsUndefined: allowsUndefined)
    case .range(let lower, let upper, let location):
      guard let from = evaluate(lower), let to = evaluate(upper) else { return nil }
      return range(from, to, at: location)
    case .subscript(let base, let key, let location):
      guard let container = evaluate(base, allowsUndefined: allowsUndefined),
        let member = evaluate(key)
      else { return nil }
      return subscripted(container, member, at: location)
    }
  }

  private mutating func range(
    _ lower: TemplateValue, _ upper: TemplateValue, at location: SourceLocation
  )
    -> TemplateValue?
  {
    guard case .number(let from) = lower, case .number(let to) = upper,
      from.rounded() == from, to.rounded() == to, abs(from) < 1e9, abs(to) < 1e9
    else {
      report(
        .invalidRange(lower: lower.kindDescription, upper: upper.kindDescription), at: location)
      return nil
    }
    let (start, end) = (Int(from), Int(to))
    let numbers = start <= end ? Array(start...end) : Array((end...start).reversed())
    return .array(numbers.map { .number(Double($0)) })
  }

  /// `value[key]`: a missing key or an index out of range is `null`, as in Stencil.
  private mutating func subscripted(
    _ container: TemplateValue, _ key: TemplateValue, at location: SourceLocation
  ) -> TemplateValue? {
    switch (container, key) {
    case (.null, _): return .null
    case (.dictionary(let dictionary), _):
      guard let name = key.stringValue else { break }
      return dictionary[name] ?? .null
    case (.array(let elements), .number(let number)) where number.rounded() == number:
      let index = Int(number)
      return elements.indices.contains(index) ? elements[index] : .null
    case (.string(let string), .number(let number)) where number.rounded() == number:
      let index = Int(number)
      guard index >= 0 && index < string.count else { return .null }
      return .string(String(string[string.index(string.startIndex, offsetBy: index)]))
    default: break
    }
    report(
      .invalidSubscript(kind: container.kindDescription, key: key.kindDescription), at: location)
    return nil
  }

  /// Applies one filter; `null` passes through every filter but `default` unchanged.
  mutating func apply(_ call: FilterCall, to input: TemplateValue) -> TemplateValue? {
    if case .null = input, !call.isDefault { return .null }
    var arguments: [TemplateValue] = []
    arguments.reserveCapacity(call.arguments.count)
    for argument in call.arguments {
      guard let value = evaluate(argument) else { return nil }
      arguments.append(value)
    }
    switch call.filter.apply(input, arguments) {
    case .success(let value):
      return value
    case .failure(.unsupportedInput(let value)):
      report(.filterInput(filter: call.filter.name, kind: value.kindDescription), at: call.location)
    case .failure(.invalidArgument(let index, let expected, let value)):
      report(
        .filterArgument(
          filter: call.filter.name, position: index + 1, expected: expected,
          kind: value.kindDescription),
        at: call.location)
    }
    return nil
  }

  private mutating func compare(
    _ op: ComparisonOperator, _ lhs: TemplateValue, _ rhs: TemplateValue,
    at location: SourceLocation
  ) -> TemplateValue? {
    switch op {
    case .equal: return .bool(Self.isEqual(lhs, rhs))
    case .notEqual: return .bool(!Self.isEqual(lhs, rhs))
    case .in:
      switch rhs {
      case .array(let elements): return .bool(elements.contains { Self.isEqual(lhs, $0) })
      case .dictionary(let dictionary):
        guard case .string(let key) = lhs else { return .bool(false) }
        return .bool(dictionary[key] != nil)
      case .string(let string):
        guard let needle = lhs.stringValue else { return .bool(false) }
        return .bool(needle.isEmpty || string.contains(needle))
      default:
        report(.invalidMembershipTest(kind: rhs.kindDescription), at: location)
        return nil
      }
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      let order: Int
      switch (lhs, rhs) {
      case (.number(let a), .number(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
      case (.string(let a), .string(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
      default:
        report(
          .cannotCompare(operator: op.rawValue, lhs: lhs.kindDescription, rhs: rhs.kindDescription),
          at: location)
        return nil
      }
      switch op {
      case .less: return .bool(order < 0)
      case .lessOrEqual: return .bool(order <= 0)
      case .greater: return .bool(order > 0)
      default: return .bool(order >= 0)
      }
    }
  }

  /// `==`: a model object (`variable.typeName`) equals the string it prints as.
  private static func isEqual(_ lhs: TemplateValue, _ rhs: TemplateValue) -> Bool {
    switch (lhs, rhs) {
    case (.dictionary, .string(let string)): lhs.objectText.map { $0 == string } ?? false
    case (.string(let string), .dictionary): rhs.objectText.map { $0 == string } ?? false
    default: lhs == rhs
    }
  }

  // MARK: Variables

  /// Looks a dotted path up: bindings, then the root, then `forloop`; then member by member.
  mutating func resolve(_ path: VariablePath, allowsUndefined: Bool) -> TemplateValue? {
    let components = path.components
    let first = components[0].name
    var value: TemplateValue
    var next = 1
    if let bound = binding(named: first) {
      value = bound
    } else if let rootValue = root[first] {
      value = rootValue
    } else if first == "forloop", let loop = loops.last {
      guard components.count > 1 else { return forloopValue(at: loops.count - 1) }
      guard
        let member = components[1].name == "outer"
          ? forloopValue(at: loops.count - 2) : Self.forloopMember(components[1].name, of: loop)
      else {
        if allowsUndefined { return .null }
        report(
          .undefinedVariable(
            path.prefix(through: 1),
            suggestion: EditDistance.suggestion(
              for: components[1].name, among: Self.forloopMembers
            ).map { "forloop.\($0)" }),
          at: path.location)
        return nil
      }
      value = member
      next = 2
    } else if let lazy = lazyRoot[first] {
      // Only a member that needs one element builds one; anything else sees the whole array.
      guard components.count > 1 else { return lazy.materialized }
      let component = components[1]
      if let index = component.index {
        guard index >= 0 && index < lazy.count else {
          if allowsUndefined { return .null }
          report(
            .indexOutOfRange(path: first, index: index, count: lazy.count), at: path.location)
          return nil
        }
        value = lazy[index]
      } else if component.name == "count" {
        value = .number(Double(lazy.count))
      } else if component.name == "first" {
        value = lazy.count > 0 ? lazy[0] : .null
      } else if component.name == "last" {
        value = lazy.count > 0 ? lazy[lazy.count - 1] : .null
      } else {
        return noMember(path, at: 1, of: .array([]), allowsUndefined: allowsUndefined)
      }
      next = 2
    } else {
      if allowsUndefined { return .null }
      report(
        .undefinedVariable(
          first, suggestion: EditDistance.suggestion(for: first, among: visibleNames)),
        at: path.location)
      return nil
    }
    while next < components.count {
      let component = components[next]
      switch value {
      case .dictionary(let dictionary):
        if let member = dictionary[component.name] {
          value = member
        } else {
          if allowsUndefined || component.allowsMissingKey { return .null }
          let parent = path.prefix(through: next - 1)
          report(
            .undefinedVariable(
              path.prefix(through: next),
              suggestion: EditDistance.suggestion(
                for: component.name,
                among: dictionary.keys.filter { $0 != TemplateValue.textKey }
              )
              .map { "\(parent).\($0)" }),
            at: path.location)
          return nil
        }
      case .array(let elements):
        if let index = component.index {
          guard index >= 0 && index < elements.count else {
            if allowsUndefined { return .null }
            report(
              .indexOutOfRange(
                path: path.prefix(through: next - 1), index: index, count: elements.count),
              at: path.location)
            return nil
          }
          value = elements[index]
        } else if component.name == "count" {
          value = .number(Double(elements.count))
        } else if component.name == "first" {
          value = elements.first ?? .null
        } else if component.name == "last" {
          value = elements.last ?? .null
        } else {
          return noMember(path, at: next, of: value, allowsUndefined: allowsUndefined)
        }
      case .string(let string) where component.name == "count":
        value = .number(Double(string.count))
      case .null:
        // As in Stencil: a member of a missing value (`variable.type.kind` for a type that
        // is not a scanned one) is missing too.
        return .null
      default:
        return noMember(path, at: next, of: value, allowsUndefined: allowsUndefined)
      }
      next += 1
    }
    return value
  }

  private mutating func noMember(
    _ path: VariablePath, at index: Int, of value: TemplateValue, allowsUndefined: Bool
  ) -> TemplateValue? {
    if allowsUndefined { return .null }
    report(
      .noMember(
        path: path.prefix(through: index - 1), kind: value.kindDescription,
        member: path.components[index].name),
      at: path.location)
    return nil
  }

  static let forloopMembers = [
    "counter", "counter0", "first", "index", "index0", "last", "length", "outer",
  ]

  private static func forloopMember(_ name: String, of loop: Loop) -> TemplateValue? {
    switch name {
    case "first": .bool(loop.index == 0)
    case "last": .bool(loop.index == loop.length - 1)
    case "index", "counter": .number(Double(loop.index + 1))
    case "index0", "counter0": .number(Double(loop.index))
    case "length": .number(Double(loop.length))
    default: nil
    }
  }

  /// `forloop` of loop `index` (0 is the outermost) as a dictionary, `outer` included;
  /// `null` outside every loop (Stencil's `forloop.outer` of the outermost loop).
  private func forloopValue(at index: Int) -> TemplateValue {
    guard index >= 0 && index < loops.count else { return .null }
    var dictionary: [String: TemplateValue] = [:]
    for name in Self.forloopMembers where name != "outer" {
      dictionary[name] = Self.forloopMember(name, of: loops[index])
    }
    dictionary["outer"] = forloopValue(at: index - 1)
    return .dictionary(dictionary)
  }
}
