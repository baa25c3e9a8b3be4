/// A parsed expression inside `{{ }}` or a tag: resolved once, evaluated on every render.
indirect enum Expression: Sendable {
  case literal(TemplateValue)
  case variable(VariablePath)
  /// `value|name:arg1,arg2`.
  case filter(Expression, FilterCall)
  case not(Expression)
  case and(Expression, Expression)
  case or(Expression, Expression)
  /// `lhs op rhs`; the location is the operator's, for type errors.
  case comparison(ComparisonOperator, Expression, Expression, SourceLocation)
  /// Stencil's inline `{{ value if condition else other }}`; without `else`, nothing prints
  /// when the condition fails.
  case conditional(Expression, condition: Expression, otherwise: Expression?)
  /// Stencil's range `lower...upper`: the whole numbers between, counting down when
  /// `upper < lower`; the location is the `...`'s.
  case range(Expression, Expression, SourceLocation)
  /// Stencil's `value[key]`: the member, element or character `key` evaluates to.
  case `subscript`(Expression, Expression, SourceLocation)
}

/// The binary operators of `{% if %}`, tightest after filters.
enum ComparisonOperator: String, Sendable {
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case `in` = "in"
}

/// A dotted variable path (`type.storedVariables.first.name`), split once at parse time.
///
/// A final class so evaluating it retains one reference rather than each field.
final class VariablePath: Sendable {
  struct Component: Sendable {
    var name: String
    /// The component as an array index (`list.0`), precomputed.
    var index: Int?
    /// Missing keys read as `null` instead of failing: the component follows one of the
    /// `openDictionaries`, where absence is the normal case (`{% if type.based.Codable %}`).
    var allowsMissingKey: Bool
  }

  /// Context keys holding open-ended user data: annotations, command-line arguments, inherited
  /// type names and attribute names.
  static let openDictionaries: Set<String> = [
    "annotations", "argument", "based", "implements", "attributes", "implementing", "inheriting",
  ]

  /// The path as written, for messages.
  let text: String
  let components: [Component]
  let location: SourceLocation

  init(text: String, location: SourceLocation) {
    self.text = text
    self.location = location
    var components: [Component] = []
    var previous = ""
    for part in text.split(separator: ".", omittingEmptySubsequences: false) {
      let name = String(part)
      components.append(
        Component(
          name: name, index: Int(name),
          allowsMissingKey: Self.openDictionaries.contains(previous)))
      previous = name
    }
    self.components = components
  }

  /// The path up to and including component `index`, for messages (`type.name`).
  func prefix(through index: Int) -> String {
    components[0...index].map(\.name).joined(separator: ".")
  }
}

/// A filter application with its arguments, the filter looked up at parse time.
final class FilterCall: Sendable {
  let filter: Filter
  let arguments: [Expression]
  /// The filter name's location.
  let location: SourceLocation
  /// Whether this is `default`, which lets its input name an undefined variable.
  let isDefault: Bool

  init(filter: Filter, arguments: [Expression], location: SourceLocation) {
    self.filter = filter
    self.arguments = arguments
    self.location = location
    self.isDefault = filter.name == "default"
  }
}
