/// Names in `primaryKey = [...]`, `index = [...]` and `unique = [...]` must be persisted
/// properties of the struct; misspellings get the nearest property name.
enum PropertyListCheck {
  /// The columns named by `list`, in the order written; nil when a name is unknown.
  ///
  /// A property of `declaration` that has no column is not called unknown: an ignored one is
  /// named as such, and one already rejected (its type, its shape) is not reported twice.
  static func columns(
    _ list: AnnotationKeyCheck.NameList, key: String, in columns: [ColumnModel],
    declaration: StructDeclaration, diagnostics: inout [Diagnostic]
  ) -> [Int]? {
    var indexes: [Int] = []
    for name in list.names {
      if let index = columns.firstIndex(where: { $0.propertyName == name }) {
        indexes.append(index)
      } else if let property = declaration.properties.first(where: { $0.name == name }) {
        if property.annotations.contains(where: { $0.key == "ignore" }) {
          diagnostics.append(
            .error(.ignoredPropertyInList(name, key: key), at: list.location))
        }
      } else {
        let suggestion = EditDistance.suggestion(for: name, among: columns.map(\.propertyName))
        diagnostics.append(
          .error(.unknownProperty(name, key: key, suggestion: suggestion), at: list.location))
      }
    }
    return indexes.count == list.names.count ? indexes : nil
  }
}
