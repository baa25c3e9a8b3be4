import Foundation

/// Turns `default = …` into the SQL written after `DEFAULT`: strings become quoted literals
/// with `'` doubled, numbers stay as written, booleans become 1 or 0, `NULL` stays `NULL`.
///
/// A default only ever applies when `migrate` adds the column to a table that has rows
/// (generated inserts set every column), so it must be a constant SQLite accepts in
/// `ALTER TABLE … ADD COLUMN` and a value the property's type reads back:
/// `CURRENT_TIMESTAMP` fails that `ALTER TABLE`, `'none'` in an `INTEGER` column or `NULL` in a
/// `NOT NULL` one would fail every later read or the migration itself.
enum DefaultValueCheck {
  static let nonConstant: Set<String> = ["CURRENT_TIMESTAMP", "CURRENT_DATE", "CURRENT_TIME"]

  static func sql(
    _ value: AnnotationValue, column: ColumnModel, at location: SourceLocation,
    diagnostics: inout [Diagnostic]
  ) -> String? {
    let property = column.propertyName
    func mismatch(_ description: String) -> String? {
      diagnostics.append(
        .error(
          .defaultTypeMismatch(
            property: property, value: description, type: column.swiftType,
            sqlType: column.sqlType.sql),
          at: location))
      return nil
    }
    // A type of your own (BLOB) decides alone what its stored form is.
    let anyForm = column.sqlType == .blob
    switch value {
    case .string(let text):
      guard anyForm || column.sqlType == .text else { return mismatch("a string") }
      return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    case .number(let text):
      switch column.sqlType {
      case .integer where text.contains(where: { ".eE".contains($0) }):
        return mismatch("a fractional number")
      case .text where column.storage != .json:
        return mismatch("a number")
      default:
        return text
      }
    case .bool(let flag):
      guard anyForm || column.sqlType == .integer else { return mismatch("a boolean") }
      return flag ? "1" : "0"
    case .identifier("NULL"):
      guard column.isNullable else {
        diagnostics.append(
          .error(
            .nullDefaultOnNonOptional(property: property, type: column.swiftType),
            at: location))
        return nil
      }
      return "NULL"
    case .identifier(let name) where nonConstant.contains(name):
      diagnostics.append(.error(.nonConstantDefault(property: property, value: name), at: location))
      return nil
    case .identifier(let name) where name.hasPrefix("."):
      diagnostics.append(.error(.enumCaseDefault(property: property, value: name), at: location))
      return nil
    case .identifier, .list:
      diagnostics.append(.error(.invalidDefault(property: property), at: location))
      return nil
    }
  }
}
