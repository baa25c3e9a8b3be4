/// Sourcery's filters over methods and declarations' origins, beside the variable and type
/// filters of `SourceryFilters` (these replace its `static`, `instance`, `class` and access
/// level filters with forms that also take methods, as Sourcery's do).
///
/// ```text
/// {% for method in type.methods|!initializer|!static %}{{ method.name }} {% endfor %}
/// {% for method in type.allMethods|definedInExtension %}…{% endfor %}
/// {% if type|extends:"Bird" %}…{% endif %}
/// {{ type.methods|public|count }} {{ type.methods|class|count }}
/// ```
///
/// - `initializer`: methods that are initializers;
/// - `definedInExtension`: variables, methods and subscripts declared in an extension;
/// - `extends:"Name"`: a type that is an extension of `Name` (a type not scanned), or a
///   variable whose known type is;
/// - `static`, `instance`: variables and methods; `class`: types that are classes and
///   `class` methods; `open`, `public`, `package`, `internal`, `fileprivate`, `private`: types
///   and methods by `accessLevel`.
///
/// Each has a `!` form. A single value of another kind passes through unchanged; an array
/// keeps the elements of the right kind that pass.
extension Filter {
  static let sourceryModelFilters: [Filter] = {
    var filters: [Filter] = []
    func add(
      _ name: String, arguments: ClosedRange<Int> = 0...0,
      _ test: @escaping @Sendable (TemplateValue, [TemplateValue]) -> Bool?
    ) {
      filters.append(modelPredicate(name, arguments: arguments, test))
      filters.append(
        modelPredicate("!" + name, arguments: arguments) { value, arguments in
          test(value, arguments).map { !$0 }
        })
    }
    add("initializer") { value, _ in isMethod(value) ? value["isInitializer"] == true : nil }
    add("definedInExtension") { value, _ in
      guard isMethod(value) || isVariable(value) || value["parameters"] != nil else { return nil }
      return value[SourceryModel.definedInExtensionKey] == true
    }
    add("extends", arguments: 1...1) { value, arguments in
      guard let name = arguments[0].stringValue else { return nil }
      if isType(value) { return value["isExtension"] == true && value["name"] == .string(name) }
      guard isVariable(value) else { return nil }
      let type = value["type"] ?? .null
      return type["isExtension"] == true && type["name"] == .string(name)
    }
    add("static") { value, _ in
      isVariable(value) || isMethod(value) ? value["isStatic"] == true : nil
    }
    add("instance") { value, _ in
      if isVariable(value) { return value["isStatic"] != true }
      guard isMethod(value) else { return nil }
      return value["isStatic"] != true && value["isClass"] != true
    }
    add("class") { value, _ in
      if isType(value) { return value["kind"] == "class" }
      return isMethod(value) ? value["isClass"] == true : nil
    }
    for level in ["open", "public", "package", "internal", "fileprivate", "private"] {
      add(level) { value, _ in
        isType(value) || isMethod(value) ? value["accessLevel"] == .string(level) : nil
      }
    }
    return filters
  }()

  private static func modelPredicate(
    _ name: String, arguments: ClosedRange<Int>,
    _ test: @escaping @Sendable (TemplateValue, [TemplateValue]) -> Bool?
  ) -> Filter {
    Filter(name, arguments: arguments) { input, arguments in
      if case .array(let elements) = input {
        return .success(.array(elements.filter { test($0, arguments) == true }))
      }
      return .success(test(input, arguments).map(TemplateValue.bool) ?? input)
    }
  }

  private static func isMethod(_ value: TemplateValue) -> Bool {
    value["selectorName"] != nil && value["isInitializer"] != nil
  }

  private static func isVariable(_ value: TemplateValue) -> Bool {
    value["isComputed"] != nil && value["typeName"] != nil
  }

  private static func isType(_ value: TemplateValue) -> Bool {
    value["kind"] != nil && value["accessLevel"] != nil && value["selectorName"] == nil
  }
}
