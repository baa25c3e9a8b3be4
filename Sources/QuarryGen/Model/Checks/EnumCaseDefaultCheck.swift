/// Reads a Swift default that is a case of the column's raw-value enum (`var genre: Genre =
/// .scifi`, `= Genre.scifi`) as the column's SQL `DEFAULT`: the case's raw value, from the
/// scanned enum, so that `migrate` can add the column to a table that already has rows.
///
/// | enum | case | SQL |
/// | --- | --- | --- |
/// | `enum Genre: String { case scifi, poetry = "verse" }` | `.scifi`, `.poetry` | `'scifi'`, `'verse'` |
/// | `enum Level: Int { case low = -1, mid, high = 10 }` | `.mid`, `.high` | `0`, `10` |
/// | `enum Ratio: Double { case half = 0.5, whole = 1, double }` | `.half`, `.double` | `0.5`, `2` |
/// | `enum Mark: Character { case tick = "✓" }` | `.tick` | `'✓'` |
///
/// No `DEFAULT` (as before) when the value is not one plain case of that enum, when the raw
/// value is not a literal, or when an implicit number would depend on a case inside `#if`.
enum EnumCaseDefaultCheck {
  static func sql(_ value: String?, column: ColumnModel, enum declaration: EnumDeclaration)
    -> String?
  {
    guard let value, column.storage == .value, !column.isOptional,
      let rawType = declaration.rawType,
      let caseName = caseName(in: value, of: declaration),
      let position = declaration.caseDetails.firstIndex(where: { $0.name == caseName })
    else { return nil }
    let type = TypeMapping.builtinName(rawType)
    let cases = declaration.caseDetails[...position]
    if cases.contains(where: { $0.conditions.count > declaration.conditions.count }) {
      // Which cases exist, and so the implicit numbers, depend on the build.
      return nil
    }
    let target = declaration.caseDetails[position]
    switch type {
    case "String":
      guard let raw = target.rawValue else { return "'\(caseName)'" }
      return LiteralDefaultCheck.string(raw)
    case "Character":
      return target.rawValue.flatMap(LiteralDefaultCheck.string)
    default:
      let isReal = LiteralDefaultCheck.realTypes.contains(type)
      guard isReal || TypeMapping.isInteger(type) else { return nil }
      if let raw = target.rawValue {
        return LiteralDefaultCheck.number(raw, allowsFraction: isReal)
      }
      // An implicit value is one more than the case before it (0 for the first), whose own
      // value must then be an integer literal, as Swift requires.
      var next: Int? = 0
      for detail in cases.dropLast() {
        if let raw = detail.rawValue {
          next = LiteralDefaultCheck.number(raw, allowsFraction: false).flatMap { Int($0) }
        }
        guard let value = next, value < Int.max else {
          next = nil
          continue
        }
        next = value + 1
      }
      return next.map { String($0) }
    }
  }

  /// `scifi` for `.scifi`, `Genre.scifi` or `Shelf.Genre.scifi` when the enum is `Shelf.Genre`;
  /// nil for anything else (`.make()`, `Other.scifi`, `.scifi.next`).
  private static func caseName(in value: String, of declaration: EnumDeclaration) -> String? {
    let parts = value.split(separator: ".", omittingEmptySubsequences: false).map {
      String($0).trimmingBackticks()
    }
    guard parts.count >= 2, let name = parts.last, isIdentifier(name) else { return nil }
    let qualifier = parts.dropLast()
    if qualifier.count == 1 && qualifier.first == "" { return name }
    // The written qualifier must be the end of the enum's full name.
    let enumParts = declaration.name.split(separator: ".").map(String.init)
    guard qualifier.count <= enumParts.count, !qualifier.contains("") else { return nil }
    return Array(enumParts.suffix(qualifier.count)) == Array(qualifier) ? name : nil
  }

  private static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else {
      return false
    }
    return text.unicodeScalars.allSatisfy {
      $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
        || ("0"..."9").contains($0) || $0.value > 0x7F
    }
  }
}

extension String {
  /// `` `default` `` without its backticks; other text unchanged.
  fileprivate func trimmingBackticks() -> String {
    guard count >= 2, hasPrefix("`"), hasSuffix("`") else { return self }
    return String(dropFirst().dropLast())
  }
}
