/// Two structs cannot share a table; SQLite compares table names ignoring case.
enum TableNameCheck {
  static func run(_ tables: CompactArray<TableModel>, diagnostics: inout [Diagnostic]) {
    var seen: [String: (typeName: String, location: SourceLocation)] = [:]
    for table in tables {
      let key = table.name.lowercased()
      guard let first = seen[key] else {
        seen[key] = (table.typeName, table.location)
        continue
      }
      diagnostics.append(
        .error(
          .duplicateTable(table.name, otherStruct: first.typeName), at: table.location,
          notes: [.init(ModelMessage.otherTableHere.text, at: first.location)]))
    }
  }
}
