import Foundation

/// Turns `default = …` into the SQL written after `DEFAULT`: strings become quoted literals
/// with `'` doubled, numbers and a few SQL keywords stay as written, booleans become 1 or 0.
enum DefaultValueCheck {
  static let keywords: Set<String> = ["NULL", "CURRENT_TIMESTAMP", "CURRENT_DATE", "CURRENT_TIME"]

  static func sql(
    _ value: AnnotationValue, property: String, at location: SourceLocation,
    diagnostics: inout [Diagnostic]
  ) -> String? {
    switch value {
    case .string(let text):
      return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    case .number(let text):
      return text
    case .bool(let flag):
      return flag ? "1" : "0"
    case .identifier(let name) where keywords.contains(name):
      return name
    case .identifier, .list:
      diagnostics.append(.error(.invalidDefault(property: property), at: location))
      return nil
    }
  }
}
