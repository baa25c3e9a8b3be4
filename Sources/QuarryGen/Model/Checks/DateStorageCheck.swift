/// `dateStorage = iso8601` stores a `Date` or `Date?` property as ISO 8601 text (a TEXT
/// column); on a struct it applies to every such property, and a property's own
/// `dateStorage = real` keeps it REAL. Only a date can be stored either way: the annotation on
/// any other property (or on a `json` one) is an error.
enum DateStorageCheck {
  static func apply(
    _ annotation: (storage: ColumnModel.DateStorage, location: SourceLocation)?,
    structDefault: ColumnModel.DateStorage?, to mapping: inout TypeMapping,
    property: PropertyDeclaration, diagnostics: inout [Diagnostic]
  ) {
    let holdsDate = ["Date", "Foundation.Date"].contains(mapping.unwrappedSwiftType)
    let isDate = holdsDate && mapping.storage == .value
    if let annotation, !isDate {
      let message: ModelMessage =
        holdsDate
        ? .dateStorageOnJSON(property: property.name)
        : .dateStorageNotDate(property: property.name, type: mapping.swiftType)
      diagnostics.append(.error(message, at: annotation.location))
      return
    }
    guard isDate, (annotation?.storage ?? structDefault) == .iso8601 else { return }
    mapping.storage = .iso8601
    mapping.sqlType = .text
  }
}
