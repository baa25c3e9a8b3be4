/// Names SQLite cannot take: a table name starting with `sqlite_` (in any case) is reserved
/// for SQLite's own tables, so `CREATE TABLE` fails with "object name reserved for internal
/// use"; no name or default can hold a NUL character, where SQLite's text ends; and none can
/// hold a bidirectional control (U+202E and its kin): SQL has no escape for it, so it would
/// reach Schema.sql raw and make the reviewed schema read differently from what it does.
///
/// ```swift
/// // quarry: table = "sqlite_birds"     error: table name 'sqlite_birds' is reserved by SQLite…
/// ```
enum SQLiteNameCheck {
  static let reservedPrefix = "sqlite_"

  static func run(
    _ table: TableModel, declaration: StructDeclaration, diagnostics: inout [Diagnostic]
  ) {
    // The `table = "…"` annotation when there is one: that is the text to change.
    let tableLocation =
      declaration.annotations.last { $0.key == "table" }?.location ?? table.location
    if table.name.lowercased().hasPrefix(reservedPrefix) {
      diagnostics.append(.error(.reservedTableName(table.name), at: tableLocation))
    }
    if table.name.unicodeScalars.contains("\0") {
      diagnostics.append(.error(.nulInName(kind: "table", table.name), at: tableLocation))
    }
    if let scalar = bidiControl(in: table.name) {
      diagnostics.append(
        .error(
          .bidiControl(subject: "table name '\(SwiftLiteral.oneLine(table.name))'", scalar: scalar),
          at: tableLocation))
    }
    let properties = Dictionary(
      declaration.properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for column in table.columns {
      let annotations = properties[column.propertyName]?.annotations ?? []
      if column.name.unicodeScalars.contains("\0") {
        let location = annotations.last { $0.key == "column" }?.location ?? column.location
        diagnostics.append(.error(.nulInName(kind: "column", column.name), at: location))
      }
      if let defaultSQL = column.defaultSQL, defaultSQL.unicodeScalars.contains("\0") {
        let location = annotations.last { $0.key == "default" }?.location ?? column.location
        diagnostics.append(.error(.nulInDefault(property: column.propertyName), at: location))
      }
      if let scalar = bidiControl(in: column.name) {
        let location = annotations.last { $0.key == "column" }?.location ?? column.location
        diagnostics.append(
          .error(
            .bidiControl(
              subject: "column name '\(SwiftLiteral.oneLine(column.name))'", scalar: scalar),
            at: location))
      }
      if let defaultSQL = column.defaultSQL, let scalar = bidiControl(in: defaultSQL) {
        let location = annotations.last { $0.key == "default" }?.location ?? column.location
        diagnostics.append(
          .error(
            .bidiControl(subject: "'default' of '\(column.propertyName)'", scalar: scalar),
            at: location))
      }
    }
  }

  /// The first bidirectional control in `text`, as `U+202E`; nil when there is none.
  static func bidiControl(in text: String) -> String? {
    text.unicodeScalars.first(where: SwiftLiteral.isBidiControl).map {
      "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4)
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
