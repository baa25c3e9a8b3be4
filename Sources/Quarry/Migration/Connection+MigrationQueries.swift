import CSQLite
import Foundation

// Migrations ask the schema questions whose SQL names tables of the moment (temporary names,
// renamed tables), so their statements are prepared once and not kept in the cache.
extension Connection {
  /// Every row of `sql`, each as its column values.
  func migrationRows(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> [[DatabaseValue]] {
    let statement = try makeStatement(sql)
    for (offset, argument) in arguments.enumerated() {
      try statement.bind(databaseValue: argument, at: Int32(offset + 1))
    }
    var rows: [[DatabaseValue]] = []
    var number = 0
    let count = sqlite3_column_count(statement.handle)
    while try statement.step() {
      number += 1
      let row = Row(statement: statement, number: number)
      rows.append((0..<count).map { row.databaseValue(at: $0) })
    }
    return rows
  }

  /// The first column of the first row of `sql`, or nil without rows.
  func migrationValue(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> DatabaseValue? {
    try migrationRows(sql, arguments).first?.first
  }

  /// The text values of the first column of `sql`'s rows.
  func migrationStrings(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> [String] {
    try migrationRows(sql, arguments).compactMap {
      if case .text(let text) = $0.first { return text }
      return nil
    }
  }
}

extension DatabaseValue {
  /// The value as an SQL literal, for messages: `3`, `3.5`, `'n/a'`, `NULL`, `x'00ff'`.
  var literalDescription: String {
    switch self {
    case .null: return "NULL"
    case .integer(let value): return String(value)
    case .real(let value): return String(value)
    case .text(let text): return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    case .blob(let data): return "x'" + data.map { String(format: "%02x", $0) }.joined() + "'"
    }
  }
}
