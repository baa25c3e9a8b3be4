/// Names in `primaryKey = [...]`, `index = [...]` and `unique = [...]` must be persisted
/// properties of the struct; misspellings get the nearest property name.
enum PropertyListCheck {
  /// The columns named by `list`, in the order written; nil when a name is unknown.
  static func columns(
    _ list: AnnotationKeyCheck.NameList, key: String, in columns: [ColumnModel],
    diagnostics: inout [Diagnostic]
  ) -> [Int]? {
    var indexes: [Int] = []
    for name in list.names {
      if let index = columns.firstIndex(where: { $0.propertyName == name }) {
        indexes.append(index)
      } else {
        let suggestion = EditDistance.suggestion(for: name, among: columns.map(\.propertyName))
        diagnostics.append(
          .error(.unknownProperty(name, key: key, suggestion: suggestion), at: list.location))
      }
    }
    return indexes.count == list.names.count ? indexes : nil
  }
}
