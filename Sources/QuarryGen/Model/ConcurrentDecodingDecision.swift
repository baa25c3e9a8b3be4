import Foundation

/// Whether a table's generated `init(row:)` may run on several threads at once: the runtime
/// then decodes a large PostgreSQL result on every core (`ConcurrentRowDecoding`).
///
/// It may when only Quarry's own code runs in it: every column reads through a conversion of
/// the runtime (a built-in type, ISO 8601 dates included, or a raw-value enum of the sources),
/// no property has a wrapper, and every stored property that is not a column starts as a
/// literal. A `DatabaseValueConvertible` conformance or a `Codable` initializer the user wrote
/// (a JSON column's), a wrapper, or a default such as `= Cache.shared` may keep state no one
/// made safe for threads.
enum ConcurrentDecodingDecision {
  /// Whether the column `mapping` describes converts through the runtime's own code.
  static func convertsWithQuarry(_ mapping: TypeMapping) -> Bool {
    if mapping.storage == .json { return false }
    return mapping.enumName != nil
      || TypeMapping.builtins[TypeMapping.builtinName(mapping.unwrappedSwiftType)] != nil
  }

  /// Whether no stored property of `declaration` has a wrapper, and those that are not columns
  /// (`columnProperties`) start as literals.
  static func initializesOnlyWithQuarry(
    _ declaration: StructDeclaration, columnProperties: [PropertyDeclaration]
  ) -> Bool {
    let columnNames = Set(columnProperties.map(\.name))
    return declaration.properties.allSatisfy { property in
      if property.isComputed || property.isStatic || property.isLazy { return true }
      if PropertyWrapperCheck.wrapper(of: property) != nil { return false }
      guard !columnNames.contains(property.name), let value = property.defaultValue else {
        return true
      }
      return isLiteral(value)
    }
  }

  /// `nil`, `true`, `false`, `[]`, `[:]`, a number or a string without interpolation.
  static func isLiteral(_ text: String) -> Bool {
    let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if ["nil", "true", "false", "[]", "[:]"].contains(value) { return true }
    let bytes = Array(value.utf8)
    guard let first = bytes.first else { return false }
    if first == ASCII.quote { return isStringLiteral(bytes) }
    let digits = first == ASCII.minus ? bytes.dropFirst() : bytes[...]
    guard let lead = digits.first, lead.isDigit else { return false }
    return digits.allSatisfy { $0.isIdentifierByte || $0 == ASCII.dot }
  }

  /// One single-line string literal, `"…"`, without interpolation.
  private static func isStringLiteral(_ bytes: [UInt8]) -> Bool {
    var index = 1
    while index < bytes.count {
      switch bytes[index] {
      case ASCII.backslash:
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "(") { return false }
        index += 2
      case ASCII.quote:
        return index == bytes.count - 1
      default:
        index += 1
      }
    }
    return false
  }
}
