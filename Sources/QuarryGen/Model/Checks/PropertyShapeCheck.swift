/// Rejects stored properties generated code cannot read back or assign: a `let` with a
/// default, `lazy`, private (or privately set) and conditional properties, and names the
/// generated record class already inherits.
enum PropertyShapeCheck {
  /// Members of Quarry's `Record` and `PersistableRecord` that a property of the same name
  /// would clash with in the generated `…Record` subclass.
  static let recordMembers: Set<String> = [
    "hasChanges", "changedColumns", "markChanged", "clearChanges", "bindColumn", "bindPrimaryKey",
  ]

  /// Returns false when the property cannot become a column.
  static func run(
    _ property: PropertyDeclaration, in declaration: StructDeclaration,
    diagnostics: inout [Diagnostic]
  ) -> Bool {
    let name = property.name
    let location = property.location
    let before = diagnostics.count
    if recordMembers.contains(name) {
      let recordName = declaration.name.split(separator: ".").joined() + "Record"
      diagnostics.append(
        .error(.recordMemberName(property: name, recordName: recordName), at: location))
    }
    if property.isLet && property.defaultValue != nil {
      diagnostics.append(.error(.letWithDefault(property: name), at: location))
    }
    if property.isLazy {
      diagnostics.append(.error(.lazyProperty(property: name), at: location))
    }
    // A property of an unreachable struct is no wider than it: the struct's error says it.
    if property.access <= .fileprivate && declaration.access > .fileprivate {
      diagnostics.append(
        .error(.inaccessibleProperty(property: name, access: property.access), at: location))
    } else if let setter = property.setterAccess, setter <= .fileprivate {
      diagnostics.append(
        .error(.inaccessibleSetter(property: name, access: setter), at: location))
    }
    if let condition = property.conditions.first {
      diagnostics.append(
        .error(.conditionalProperty(property: name, condition: condition), at: location))
    }
    return diagnostics.count == before
  }
}
