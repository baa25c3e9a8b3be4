/// Sourcery's filters over its model: Boolean tests on variables and types that, applied to an
/// array, keep the elements passing the test; each has a `!` form that negates it.
///
/// ```text
/// {% for variable in type.storedVariables|!optional %}{{ variable.name }} {% endfor %}
/// {% for variable in type.storedVariables|annotated:"skip" %}…{% endfor %}
/// {% if type|based:"Codable" %}…{% endif %}
/// {{ type.storedVariables|optional|count }}
/// ```
///
/// As in Sourcery, a single value of the wrong kind passes through unchanged, and an array
/// keeps only the elements of the right kind that pass. Variables: `computed`, `stored`,
/// `static`, `instance`, `optional`, `tuple`, `publicGet`, `publicSet` (and each other access
/// level with `Get`/`Set`). Types: `struct`, `enum`, `class`, `protocol`, `extension`, `actor`
/// and the access levels `open`, `public`, `package`, `internal`, `fileprivate`, `private`.
/// Both, and enum cases for `annotated`: `based:"X"`, `implements:"X"`, `inherits:"X"` (on a
/// variable, about its known type) and `annotated:"key"` / `annotated:"key = value"`.
/// Besides: `isEmpty`, `reversed`, `toArray` and Sourcery's British `capitalise` (`sorted`,
/// `json` and the other value filters are in `Sourcery/SourceryValueFilters.swift`).
extension Filter {
  /// A test on one value: nil when the value is not of the kind the test applies to.
  typealias Predicate = @Sendable (TemplateValue, [TemplateValue]) -> Bool?

  static let sourceryFilters: [Filter] = {
    var filters: [Filter] = []
    func add(_ name: String, arguments: ClosedRange<Int> = 0...0, _ test: @escaping Predicate) {
      filters.append(predicate(name, arguments: arguments, test))
      filters.append(
        predicate("!" + name, arguments: arguments) { value, arguments in
          test(value, arguments).map { !$0 }
        })
    }
    add("computed") { value, _ in
      variable(value) { flag($0, "isComputed") && !flag($0, "isStatic") }
    }
    add("stored") { value, _ in variable(value) { !flag($0, "isComputed") && !flag($0, "isStatic") }
    }
    add("static") { value, _ in variable(value) { flag($0, "isStatic") } }
    add("instance") { value, _ in variable(value) { !flag($0, "isStatic") } }
    add("optional") { value, _ in variable(value) { flag($0, "isOptional") } }
    add("tuple") { value, _ in variable(value) { flag($0, "isTuple") } }
    for kind in ["struct", "enum", "class", "protocol", "extension", "actor"] {
      add(kind) { value, _ in type(value) { $0["kind"] == .string(kind) } }
    }
    for level in ["open", "public", "package", "internal", "fileprivate", "private"] {
      add(level) { value, _ in type(value) { $0["accessLevel"] == .string(level) } }
      add(level + "Get") { value, _ in variable(value) { $0["readAccess"] == .string(level) } }
      add(level + "Set") { value, _ in variable(value) { $0["writeAccess"] == .string(level) } }
    }
    for relation in ["based", "implements", "inherits"] {
      add(relation, arguments: 1...1) { value, arguments in
        guard let name = arguments[0].stringValue else { return nil }
        if let isType = type(value, { _ in true }), isType {
          return value[relation]?[name].map { $0 != .null } ?? false
        }
        guard let isVariable = variable(value, { _ in true }), isVariable else { return nil }
        return value["type"]?[relation]?[name].map { $0 != .null } ?? false
      }
    }
    add("annotated", arguments: 1...1) { value, arguments in
      guard case .dictionary(let annotations)? = value["annotations"],
        let query = arguments[0].stringValue
      else { return nil }
      return isAnnotated(annotations, query)
    }
    filters += [
      Filter("isEmpty") { input, _ in
        guard case .array(let elements) = input else { return .success(.bool(false)) }
        return .success(.bool(elements.isEmpty))
      },
      Filter("reversed") { input, _ in
        guard case .array(let elements) = input else { return .success(input) }
        return .success(.array(elements.reversed()))
      },
      Filter("toArray") { input, _ in
        if case .array = input { return .success(input) }
        return .success(.array([input]))
      },
      string("capitalise") { $0.capitalized },
    ]
    return filters
  }()

  /// A Boolean filter: on a value, the test's result (or the value itself when the test does
  /// not apply); on an array, the elements that pass.
  private static func predicate(
    _ name: String, arguments: ClosedRange<Int>, _ test: @escaping Predicate
  ) -> Filter {
    Filter(name, arguments: arguments) { input, arguments in
      if case .array(let elements) = input {
        return .success(.array(elements.filter { test($0, arguments) == true }))
      }
      return .success(test(input, arguments).map(TemplateValue.bool) ?? input)
    }
  }

  /// `test` applied to a variable (a dictionary with `isComputed`), nil for anything else.
  private static func variable(_ value: TemplateValue, _ test: (TemplateValue) -> Bool) -> Bool? {
    guard value["isComputed"] != nil, value["typeName"] != nil else { return nil }
    return test(value)
  }

  /// `test` applied to a type (a dictionary with `kind` and `accessLevel`), nil otherwise.
  private static func type(_ value: TemplateValue, _ test: (TemplateValue) -> Bool) -> Bool? {
    guard value["kind"] != nil, value["accessLevel"] != nil else { return nil }
    return test(value)
  }

  private static func flag(_ value: TemplateValue, _ key: String) -> Bool {
    value[key]?.isTruthy ?? false
  }

  /// Sourcery's `annotated:"key"` (present) and `annotated:"a.b = value"` (the value printed
  /// equals the text after `=`).
  private static func isAnnotated(_ annotations: [String: TemplateValue], _ query: String) -> Bool {
    guard let equals = query.firstIndex(of: "=") else { return annotations[query] != nil }
    let path = query[..<equals].trimmingCharacters(in: .whitespaces).split(
      separator: ".", omittingEmptySubsequences: false)
    let expected = query[query.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    var current = TemplateValue.dictionary(annotations)
    for key in path {
      guard let next = current[String(key)] else { return false }
      current = next
    }
    return current.renderedText == expected
  }
}
