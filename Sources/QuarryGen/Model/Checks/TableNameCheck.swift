/// Two structs cannot share a table; SQLite compares table names ignoring case.
enum TableNameCheck {
  static func run(_ tables: CompactArray<TableModel>, diagnostics: inout [Diagnostic]) {
    // Positions, read again for the message: a name and a location per table, for
    // 327,000 tables, were a large part of the model stage's peak.
    var seen: [String: Int] = [:]
    for (position, table) in tables.enumerated() {
      let key = table.name.lowercased()
      guard let firstPosition = seen[key] else {
        seen[key] = position
        continue
      }
      let first = tables[firstPosition]
      diagnostics.append(
        .error(
          .duplicateTable(table.name, otherStruct: first.typeName), at: table.location,
          notes: [.init(ModelMessage.otherTableHere.text, at: first.location)]))
    }
  }
}
