/// Column names must be unique in a table, and SQLite compares them ignoring case, so
/// `name` and `Name` (say, after a `column = "…"` mapping) collide too.
enum ColumnNameCheck {
  static func run(_ columns: [ColumnModel], diagnostics: inout [Diagnostic]) {
    var seen: [String: ColumnModel] = [:]
    for column in columns {
      let key = column.name.lowercased()
      guard let first = seen[key] else {
        seen[key] = column
        continue
      }
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
