/// Rejects property-wrapped columns that generated initializers cannot assign.
///
/// `init(row:)` and the translator's initializer live in another file, where a wrapper's
/// storage (`_stars`) is private: they can only assign `stars`, which calls its setter, and
/// Swift allows that only once every other stored property is set. So a wrapped column needs a
/// default value (the storage is then initialized where it is declared), and the model moves
/// wrapped columns after the plain ones; only a wrapped key column, which keeps its place, can
/// still come before a plain column.
enum PropertyWrapperCheck {
  /// Attributes that may sit on a stored property without being property wrappers.
  static let plainAttributes: Set<String> = [
    "MainActor", "NSCopying", "NSManaged", "IBOutlet", "IBInspectable", "GKInspectable",
  ]

  /// The wrapper's name when the property has one: an attribute named like a type.
  static func wrapper(of property: PropertyDeclaration) -> String? {
    property.attributes.lazy.map(\.name).first { name in
      name.first?.isUppercase == true && !plainAttributes.contains(name)
    }
  }

  /// `properties` are those that became columns, in column order.
  static func run(_ properties: [PropertyDeclaration], diagnostics: inout [Diagnostic]) {
    for (position, property) in properties.enumerated() {
      guard let wrapperName = wrapper(of: property) else { continue }
      if property.defaultValue == nil {
        diagnostics.append(
          .error(
            .wrappedPropertyWithoutDefault(property: property.name, wrapper: wrapperName),
            at: property.location))
      } else if let next = properties[(position + 1)...].first(where: { wrapper(of: $0) == nil }) {
        diagnostics.append(
          .error(
            .wrappedPropertyBeforePlainOne(
              property: property.name, wrapper: wrapperName, next: next.name),
            at: property.location))
      }
    }
  }
}
