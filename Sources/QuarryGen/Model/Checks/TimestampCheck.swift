/// `createdAt` and `updatedAt` take the write transaction's `Date`, so the property must hold
/// one: `Date` or `Date?` (a `Date?` is set too, never left nil by a write).
enum TimestampCheck {
  /// Whether `column` can be the `key` timestamp; reports why not.
  static func run(
    _ column: ColumnModel, key: ColumnModel.Timestamp, at location: SourceLocation,
    diagnostics: inout [Diagnostic]
  ) -> Bool {
    if ["Date", "Foundation.Date"].contains(column.unwrappedSwiftType) { return true }
    diagnostics.append(
      .error(
        .timestampNotDate(
          key: key.rawValue, property: column.propertyName, type: column.swiftType),
        at: location))
    return false
  }
}
