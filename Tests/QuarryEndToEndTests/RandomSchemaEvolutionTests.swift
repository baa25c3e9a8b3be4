import Foundation
import QuarryTestSupport
import XCTest

/// Releases of random structs (see `EvolvingSchema`), each generated into one `Generated/`
/// folder and compiled: every release makes two databases with rows, on SQLite and on
/// PostgreSQL; every later release migrates one of each earlier pair step by step, and the
/// last release migrates the other straight from its own release. Each must read exactly the rows the README's rules say, decode
/// through the generated code, and have a new database's schema and migration list.
///
/// CI runs one seed of `QUARRY_EVOLUTION_RELEASES` releases (default 3); for a long run:
/// `QUARRY_EVOLUTION_SEEDS=20 swift test --filter RandomSchemaEvolutionTests`
/// (`QUARRY_EVOLUTION_SEED` moves the first seed; `QUARRY_EVOLUTION_KEEP=folder` keeps each
/// seed's project there).
final class RandomSchemaEvolutionTests: XCTestCase {
  func testRandomReleasesMigrateEveryEarlierDatabaseWithEveryRow() throws {
    let environment = ProcessInfo.processInfo.environment
    let firstSeed = environment["QUARRY_EVOLUTION_SEED"].flatMap(UInt64.init) ?? 1
    let seeds = environment["QUARRY_EVOLUTION_SEEDS"].flatMap(UInt64.init) ?? 1
    let releases = environment["QUARRY_EVOLUTION_RELEASES"].flatMap(Int.init) ?? 3
    for seed in firstSeed..<firstSeed + seeds {
      try evolve(seed: seed, releases: releases)
    }
  }

  private func evolve(seed: UInt64, releases: Int) throws {
    var schema = EvolvingSchema(seed: seed)
    var project = try MigrationProject(self)
    var postgresDatabases: [PostgresTestDatabase] = []
    defer {
      for database in postgresDatabases { database.drop() }
      // For a failing seed: the models, generated code and databases of every release.
      if let keep = ProcessInfo.processInfo.environment["QUARRY_EVOLUTION_KEEP"] {
        try? FileManager.default.copyItem(atPath: project.root.path, toPath: keep + "/seed\(seed)")
      }
    }
    func database(_ engine: Engine, _ name: String) throws -> String {
      guard engine == .postgres else { return project.database(name) }
      let database = try SharedPostgresServer.createDatabase()
      postgresDatabases.append(database)
      return database.conninfo
    }
    /// Each earlier release's databases (a SQLite file or a PostgreSQL connection string),
    /// migrated at every release, and their twins, migrated only at the last; and their rows.
    var earlier: [(engine: Engine, stepwise: String, skipping: String, rows: Int)] = []
    var rows: [EvolvingSchema.Rows] = []
    var history: [String] = []
    for release in 1...releases {
      if release > 1 {
        schema.change(keeping: &rows)
        history.append("release \(release): " + schema.changes.joined(separator: "; "))
      }
      let generated = try project.generate(["Models.swift": schema.source])
      guard !generated.hasErrors else {
        return XCTFail("seed \(seed)\n\(history.joined(separator: "\n"))\n\(schema.source)")
      }
      let made = schema.randomRows()
      let program = try project.build(
        "v\(release)", inserts: schema.inserts(made), decodes: schema.typeNames)
      rows.append(made)
      for engine in Engine.allCases {
        let context =
          "seed \(seed), \(engine)\n\(history.joined(separator: "\n"))\n\(schema.source)"
        let fresh = try project.run(program, "migrate", try database(engine, "fresh\(release)"))
        XCTAssertEqual(fresh.exitCode, 0, context + fresh.standardOutput + fresh.standardError)
        let expected = Self.parts(fresh.standardOutput)
        var checked: [(database: String, rows: Int, command: String)] = []
        for database in earlier where database.engine == engine {
          checked.append((database.stepwise, database.rows, "migrate"))
          if release == releases { checked.append((database.skipping, database.rows, "migrate")) }
        }
        let stepwise = try database(engine, "made\(release)")
        let skipping = try database(engine, "kept\(release)")
        checked += [(stepwise, rows.count - 1, "create"), (skipping, rows.count - 1, "create")]
        for (database, position, command) in checked {
          let run = try project.run(program, command, database)
          let label = "\(context)\n\(command) \(database):\n"
          XCTAssertEqual(run.exitCode, 0, label + run.standardOutput + run.standardError)
          let actual = Self.parts(run.standardOutput)
          XCTAssertEqual(
            actual.schema, expected.schema,
            label + lineDiff(expected: expected.schema, actual: actual.schema))
          let expectedRows = schema.dumpedRows(rows[position], postgres: engine == .postgres)
          XCTAssertEqual(
            actual.rows, expectedRows,
            label + lineDiff(expected: expectedRows, actual: actual.rows))
          XCTAssertEqual(actual.checks, expected.checks, label)
          for type in schema.typeNames {
            let count = rows[position][type, default: []].count
            XCTAssertTrue(run.standardOutput.contains("decoded \(type): \(count)\n"), label + type)
          }
        }
        if release < releases {
          earlier.append((engine, stepwise, skipping, rows.count - 1))
        }
      }
    }
  }

  private enum Engine: CaseIterable { case sqlite, postgres }

  /// A dump's schema, its table rows, and the rest (migrations, integrity, foreign keys;
  /// the decoded counts are left out).
  private static func parts(_ output: String) -> (schema: String, rows: String, checks: String) {
    let (schema, rest) = SchemaEvolutionTests.split(output)
    var rows: [Substring] = []
    var checks: [Substring] = []
    for line in rest.split(separator: "\n", omittingEmptySubsequences: false)
    where !line.hasPrefix("decoded ") {
      if line.hasPrefix("migrations ") || line.hasPrefix("integrity ")
        || line.hasPrefix("foreign key") || !checks.isEmpty
      {
        checks.append(line)
      } else {
        rows.append(line)
      }
    }
    return (schema, rows.joined(separator: "\n"), checks.joined(separator: "\n"))
  }
}
