import Foundation
import Quarry
import XCTest

/// The checked-in `Generated/Schema.postgres.sql` is the DDL the runtime derives from the
/// generated tables on PostgreSQL, statement for statement (the generator and the runtime
/// each write it; this keeps them in step).
final class PostgresSchemaFileTests: XCTestCase {
  func testSchemaPostgresSQLIsWhatTheRuntimeCreates() throws {
    let file = QuarryBinary.testFolder.appendingPathComponent("Generated/Schema.postgres.sql")
    let text = try String(contentsOf: file, encoding: .utf8)
    // The header is one or more `--` lines; everything after it is DDL.
    let statements = text.split(separator: "\n", omittingEmptySubsequences: false)
      .drop { $0.hasPrefix("--") }
      .joined(separator: "\n").components(separatedBy: ";\n")
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    var runtime: [String] = []
    for table in QuarryTables.all {
      for definition in [table.table] + table.ownedTables.map(\.definition) {
        runtime.append(definition.postgresCreateTableSQL)
        runtime += definition.postgresCreateIndexSQL
      }
    }
    XCTAssertEqual(statements.sorted(), runtime.sorted())
    XCTAssertEqual(statements.count, 22)
  }
}
