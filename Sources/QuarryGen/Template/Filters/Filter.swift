/// A named filter: `{{ value|name:arg1,arg2 }}`.
///
/// Filters are looked up once at parse time, so an unknown name or a wrong argument count is a
/// parse error and rendering calls the function directly. Each group of filters lives in its
/// own file and adds itself to `Filter.all`.
struct Filter: Sendable {
  /// Why a filter refused its input; the renderer words it (see `TemplateMessage`).
  enum Failure: Error, Equatable {
    /// The filter cannot work on this kind of value.
    case unsupportedInput(TemplateValue)
    /// Argument `index` (0-based) is not what the filter needs (`expected` is `a number`, …).
    case invalidArgument(index: Int, expected: String, got: TemplateValue)
  }

  typealias Function = @Sendable (TemplateValue, [TemplateValue]) -> Result<TemplateValue, Failure>

  var name: String
  var argumentCount: ClosedRange<Int>
  var apply: Function

  init(_ name: String, arguments: ClosedRange<Int> = 0...0, apply: @escaping Function) {
    self.name = name
    self.argumentCount = arguments
    self.apply = apply
  }

  /// Every filter by name.
  static let all: [String: Filter] = {
    var filters: [String: Filter] = [:]
    for filter in stringCaseFilters + collectionFilters + textFilters + escapeFilters
      + [
        defaultFilter, fillFilter, wrapHeaderFilter, wrapMemberFilter, wrapDeclarationFilter,
        hangParenthesisFilter, wrapCalleeFilter,
      ]
      + sourceryFilters
      + stencilFilters + swiftCodeFilters
      + sourceryValueFilters + sourceryModelFilters
    {
      filters[filter.name] = filter
    }
    // Sourcery's `!contains`, `!hasPrefix`, `!hasSuffix`: the negated Boolean.
    for name in ["contains", "hasPrefix", "hasSuffix"] {
      guard let base = filters[name] else { continue }
      filters["!" + name] = Filter("!" + name, arguments: base.argumentCount) { input, arguments in
        base.apply(input, arguments).map { result in
          if case .bool(let bool) = result { return .bool(!bool) }
          return result
        }
      }
    }
    return filters
  }()

  static let allNames: [String] = all.keys.sorted()

  static func named(_ name: String) -> Filter? { all[name] }

  /// A filter from `String` to `String`; numbers and booleans are used as printed.
  static func string(_ name: String, _ transform: @escaping @Sendable (String) -> String) -> Filter
  {
    Filter(name) { input, _ in
      guard let string = input.stringValue else { return .failure(.unsupportedInput(input)) }
      return .success(.string(transform(string)))
    }
  }

  /// The string value of argument `index`, or the failure naming it.
  static func stringArgument(_ arguments: [TemplateValue], _ index: Int) -> Result<String, Failure>
  {
    let value = arguments[index]
    guard let string = value.stringValue else {
      return .failure(.invalidArgument(index: index, expected: "a string", got: value))
    }
    return .success(string)
  }
}
