/// Column names must be unique in a table, and SQLite compares them ignoring case, so
/// `name` and `Name` (say, after a `column = "…"` mapping) collide too.
enum ColumnNameCheck {
  static func run(_ columns: [ColumnModel], diagnostics: inout [Diagnostic]) {
    // Lowercased name → position of the first column with it.
    var seen: [String: Int] = Dictionary(minimumCapacity: columns.count)
    for (position, column) in columns.enumerated() {
      let key = column.name.lowercased()
      guard let firstPosition = seen[key] else {
        seen[key] = position
        continue
      }
      let first = columns[firstPosition]
      let message: ModelMessage =
        first.name == column.name
        ? .duplicateColumn(column.name) : .collidingColumn(column.name, other: first.name)
      diagnostics.append(
        .error(
          message, at: column.location,
          notes: [.init(ModelMessage.firstDeclaredHere.text, at: first.location)]))
    }
  }
}
