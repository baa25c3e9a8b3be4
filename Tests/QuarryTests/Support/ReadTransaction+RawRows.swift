import Foundation

@testable import Quarry

extension ReadTransaction {
  /// Every value of every row `sql` returns, exactly as the engine hands them over.
  func rawRows(_ sql: String) throws -> [[DatabaseValue]] {
    let statement = try checkedConnection.cachedStatement(sql)
    return try statement.withReset { statement in
      var rows: [[DatabaseValue]] = []
      while try statement.step() {
        let row = Row(statement: statement, number: rows.count + 1)
        rows.append((0..<Int32(row.count)).map { row.databaseValue(at: $0) })
      }
      return rows
    }
  }
}
