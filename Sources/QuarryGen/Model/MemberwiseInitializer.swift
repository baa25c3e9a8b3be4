/// Whether generated `init(row:)` can build a table's struct with Swift's memberwise
/// initializer, and which stored properties that initializer takes.
///
/// An initializer that assigns each property builds the value, copies it and destroys the first
/// once the struct holds more than one reference (Swift does not pair the retain and release of
/// such an aggregate): callgrind counted ~200 of a decoded PostgreSQL row's 2,425 instructions
/// for it. `self.init(…)` with the memberwise initializer builds the value in place.
///
/// Whenever Swift might not synthesize that initializer, or might synthesize one the generated
/// file cannot call or this model cannot spell, the answer is nil and `init(row:)` keeps
/// assigning its properties: an initializer in the struct's body hides it (one in an extension
/// does not), an attribute on the struct may be a macro that adds one, a `private` or
/// `fileprivate` property (or setter) narrows it to the declaring file, property wrappers and
/// `lazy` change its parameters, `#if` makes them depend on the build.
enum MemberwiseInitializer {
  /// The names of the properties the memberwise initializer takes, in declaration order, each
  /// a column or an owned relation of the table; nil when `init(row:)` must not call it.
  static func properties(
    of declaration: StructDeclaration, columns: [ColumnModel], relations: [OwnedRelationModel]
  ) -> [String]? {
    guard declaration.attributes.isEmpty,
      !declaration.members.methods.contains(where: {
        $0.kind == .initializer && !$0.isInExtension
      })
    else { return nil }
    let columnNames = Set(columns.map(\.propertyName))
    let relationsByName = Dictionary(
      relations.map { ($0.propertyName, $0) }, uniquingKeysWith: { first, _ in first })
    var names: [String] = []
    for property in declaration.properties {
      guard property.conditions.isEmpty, property.attributes.isEmpty, !property.isLazy,
        property.access >= .internal, (property.setterAccess ?? .internal) >= .internal
      else { return nil }
      let isColumn = columnNames.contains(property.name)
      let relation = relationsByName[property.name]
      if property.isLet && property.defaultValue != nil {
        // Not a parameter; and `init(row:)` could not assign it either.
        if isColumn || relation != nil { return nil }
        continue
      }
      if isColumn {
        names.append(property.name)
      } else if let relation, relation.cardinality != .one {
        names.append(property.name)
      } else if property.defaultValue == nil && !(!property.isLet && isOptional(property)) {
        // A property the initializer needs and `init(row:)` has no value for (a `.one`
        // relation or an ignored property without a default).
        return nil
      }
    }
    // Every column read must be a parameter.
    guard Set(names).isSuperset(of: columnNames) else { return nil }
    return names
  }

  /// A `var` of optional type gets `nil` as its default, so the initializer's parameter may be
  /// left out. Only the spellings that are surely optional count.
  private static func isOptional(_ property: PropertyDeclaration) -> Bool {
    guard let type = property.typeName, !property.isTypeInferred else { return false }
    return type.hasSuffix("?") || type.hasPrefix("Optional<")
  }
}
