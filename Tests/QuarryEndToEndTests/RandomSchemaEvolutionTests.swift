import Foundation
import QuarryTestSupport
import XCTest

/// Releases of random structs (see `EvolvingSchema`), each generated into one `Generated/`
/// folder and compiled: every release makes two databases with rows, on SQLite and on
/// PostgreSQL; every later release migrates one of each earlier pair step by step, and the
/// last release migrates the other straight from its own release. Each must read exactly the
/// rows the README's rules say, decode through the generated code, and have a new database's
/// schema and migration list, beside the tables of structs removed since it was made.
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
        // Whether the database went through every release: a removed struct's table is left
        // as the last release that had the struct made it, so only then is it known here.
        var checked: [(database: String, rows: Int, command: String, isStepwise: Bool)] = []
        for database in earlier where database.engine == engine {
          checked.append((database.stepwise, database.rows, "migrate", true))
          if release == releases {
            checked.append((database.skipping, database.rows, "migrate", false))
          }
        }
        let stepwise = try database(engine, "made\(release)")
        let skipping = try database(engine, "kept\(release)")
        checked += [
          (stepwise, rows.count - 1, "create", true), (skipping, rows.count - 1, "create", true),
        ]
        for (database, position, command, isStepwise) in checked {
          let run = try project.run(program, command, database)
          let label = "\(context)\n\(command) \(database):\n"
          XCTAssertEqual(run.exitCode, 0, label + run.standardOutput + run.standardError)
          let actual = Self.parts(run.standardOutput)
          // A removed struct's table stays; a new database has not got it.
          let leftovers = schema.leftoverTables(in: rows[position])
          let schemaText = Self.blocks(of: actual.schema, without: leftovers, named: "table ")
          XCTAssertEqual(
            schemaText, expected.schema,
            label + lineDiff(expected: expected.schema, actual: schemaText))
          let expectedRows = schema.dumpedRows(
            rows[position], postgres: engine == .postgres, withLeftovers: isStepwise)
          let actualRows =
            isStepwise ? actual.rows : Self.blocks(of: actual.rows, without: leftovers, named: "")
          XCTAssertEqual(
            actualRows, expectedRows, label + lineDiff(expected: expectedRows, actual: actualRows))
          if leftovers.isEmpty {
            XCTAssertEqual(actual.checks, expected.checks, label)
          } else {
            // The removed struct's migrations stay recorded too; a new database never had
            // them.
            let (names, rest) = Self.migrations(in: actual.checks)
            let (expectedNames, expectedRest) = Self.migrations(in: expected.checks)
            XCTAssertEqual(rest, expectedRest, label)
            XCTAssertTrue(expectedNames.isSubset(of: names), label + actual.checks)
          }
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

  /// The migrations a dump's checks list as applied, and the other checks.
  private static func migrations(in checks: String) -> (names: Set<Substring>, rest: String) {
    var names: Set<Substring> = []
    var rest: [Substring] = []
    for line in checks.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("migrations ") {
        names.formUnion(line.dropFirst("migrations ".count).split(separator: ", "))
      } else {
        rest.append(line)
      }
    }
    return (names, rest.joined(separator: "\n"))
  }

  /// A dump's schema or rows without the blocks of `tables`: a line `<prefix><name>` and the
  /// indented lines after it.
  private static func blocks(of text: String, without tables: Set<String>, named prefix: String)
    -> String
  {
    var kept: [Substring] = []
    var skipping = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if !line.hasPrefix(" ") {
        skipping =
          line.hasPrefix(prefix) && tables.contains(String(line.dropFirst(prefix.count)))
      }
      if !skipping { kept.append(line) }
    }
    return kept.joined(separator: "\n")
  }

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
