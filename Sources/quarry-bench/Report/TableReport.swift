/// Renders results as the human-readable tables printed by default.
///
/// The runtime table groups the three implementations of each operation together so the ratio
/// column reads down: raw is 1.00×, then the generated path, then the naive repository. The
/// generated path's row also says whether it meets its target from issue 7.
enum TableReport {
  /// Targets for the generated path against raw C, by operation name.
  static let targets: [String: Double] = [
    RuntimeOperation.insert.rawValue: 1.15,
    RuntimeOperation.fetchAll.rawValue: 1.25,
    RuntimeOperation.pointLookup.rawValue: 1.20,
    RuntimeOperation.update.rawValue: 1.20,
  ]

  /// Targets of the relations suite (issue 13).
  static let relationTargets: [String: Double] = [
    "insert recipes with 10 steps": 1.2,
    "fetch recipes with steps": 1.3,
    "authors including books": 1.3,
    "authors annotated with book count": 1.25,  // issue 21
  ]

  /// Targets of the migration suite (issue 19).
  static let migrationTargets: [String: Double] = [
    MigrationSuite.copyOperation: 1.2, MigrationSuite.convertOperation: 1.2,
  ]

  static func render(_ results: [BenchResult], header: String) -> String {
    var sections = [header]
    let runtime = results.filter { $0.suite == "runtime" }
    if !runtime.isEmpty { sections.append(renderRuntime(runtime)) }
    let observation = results.filter { $0.suite == "observation" }
    if !observation.isEmpty { sections.append(renderObservation(observation)) }
    let relations = results.filter { $0.suite == "relations" }
    if !relations.isEmpty {
      sections.append(
        renderRuntime(relations, targets: relationTargets, title: "Relations suite"))
    }
    let cursor = results.filter { $0.suite == "cursor" }
    if !cursor.isEmpty { sections.append(renderCursor(cursor)) }
    let migration = results.filter { $0.suite == "migration" }
    if !migration.isEmpty {
      sections.append(
        renderRuntime(migration, targets: migrationTargets, title: "Migration suite"))
    }
    let postgres = results.filter { $0.suite == "postgres" }
    if !postgres.isEmpty {
      sections.append(
        renderRuntime(
          postgres, targets: PostgresSuite.targets,
          title: "PostgreSQL suite (a throwaway server on a Unix socket; raw is libpq C)"))
    }
    let generator = results.filter { $0.suite == "generator" }
    if !generator.isEmpty { sections.append(renderGenerator(generator)) }
    return sections.joined(separator: "\n\n")
  }

  private static func renderRuntime(
    _ results: [BenchResult], targets: [String: Double] = targets, title: String = "Runtime suite"
  ) -> String {
    var table = TextTable(columns: [
      .left("operation"), .left("storage"), .left("implementation"), .right("rows"),
      .right("median"), .right("spread"), .right("rows/s"), .right("vs raw"), .left("target"),
    ])
    var previousGroup: String?
    for result in results {
      let group = "\(result.storage ?? "")/\(result.operation)"
      if let previousGroup, previousGroup != group { table.appendBreak() }
      previousGroup = group
      var verdict = ""
      if result.implementation == "generated", let target = targets[result.operation],
        let ratio = result.ratioToRaw
      {
        verdict = "≤ \(NumberFormat.ratio(target)) " + (ratio <= target ? "met" : "MISSED")
      }
      table.append([
        result.operation, result.storage ?? "", result.implementation ?? "",
        NumberFormat.grouped(Double(result.rows)), NumberFormat.duration(result.medianSeconds),
        NumberFormat.spread(result.samples), NumberFormat.grouped(result.rowsPerSecond),
        result.implementation == "raw" ? "1.00×" : NumberFormat.ratio(result.ratioToRaw),
        verdict,
      ])
    }
    return title + "\n\n" + table.render()
  }

  /// The cursor's targets (issue 21): time against raw C, and peak memory above the start.
  static let cursorTimeTarget = 1.25
  static let cursorPeakTargetMegabytes = 5.0

  private static func renderCursor(_ results: [BenchResult]) -> String {
    var table = TextTable(columns: [
      .left("operation"), .left("implementation"), .right("rows"), .right("median"),
      .right("spread"), .right("rows/s"), .right("vs raw"), .right("peak MB"), .left("target"),
    ])
    for result in results {
      var verdict = ""
      if result.implementation == "fetchCursor", let ratio = result.ratioToRaw {
        let peak = result.peakMegabytes ?? .infinity
        let met = ratio <= cursorTimeTarget && peak <= cursorPeakTargetMegabytes
        verdict =
          "≤ \(NumberFormat.ratio(cursorTimeTarget)), ≤ \(Int(cursorPeakTargetMegabytes)) MB "
          + (met ? "met" : "MISSED")
      }
      table.append([
        result.operation, result.implementation ?? "", NumberFormat.grouped(Double(result.rows)),
        NumberFormat.duration(result.medianSeconds), NumberFormat.spread(result.samples),
        NumberFormat.grouped(result.rowsPerSecond),
        result.ratioToRaw.map { NumberFormat.ratio($0) } ?? "1.00×",
        result.peakMegabytes.map { String(format: "%.1f", $0) } ?? "n/a", verdict,
      ])
    }
    return "Cursor suite (file database)\n\n" + table.render()
  }

  /// The observers' cost to writers may be at most this ratio (issue 14).
  static let observationThroughputTarget = 1.05

  private static func renderObservation(_ results: [BenchResult]) -> String {
    var table = TextTable(columns: [
      .left("operation"), .left("observers"), .right("writes"), .right("median"), .right("p99"),
      .right("spread"), .right("writes/s"), .right("vs none"), .left("target"),
    ])
    var previousOperation: String?
    for result in results {
      if let previousOperation, previousOperation != result.operation { table.appendBreak() }
      previousOperation = result.operation
      let isThroughput = result.operation == "write throughput"
      var verdict = ""
      if let ratio = result.ratioToBaseline {
        let target = observationThroughputTarget
        verdict = "≤ \(NumberFormat.ratio(target)) " + (ratio <= target ? "met" : "MISSED")
      }
      table.append([
        result.operation, result.implementation ?? "", NumberFormat.grouped(Double(result.rows)),
        NumberFormat.duration(result.medianSeconds),
        result.p99Seconds.map(NumberFormat.duration) ?? "",
        isThroughput ? NumberFormat.spread(result.samples) : "",
        isThroughput ? NumberFormat.grouped(result.rowsPerSecond) : "",
        isThroughput ? (result.ratioToBaseline.map { NumberFormat.ratio($0) } ?? "1.00×") : "",
        verdict,
      ])
    }
    return "Observation suite\n\n" + table.render()
  }

  private static func renderGenerator(_ results: [BenchResult]) -> String {
    var table = TextTable(columns: [
      .left("operation"), .right("files"), .right("median"), .right("spread"), .right("MB/s"),
    ])
    for result in results {
      table.append([
        result.operation, NumberFormat.grouped(Double(result.rows)),
        NumberFormat.duration(result.medianSeconds), NumberFormat.spread(result.samples),
        NumberFormat.rate(result.megabytesPerSecond),
      ])
    }
    return "Generator suite\n\n" + table.render()
  }
}
