import Foundation

/// Runs every runtime operation for every implementation, on a WAL file and in memory.
///
/// Runs are interleaved (run 1 of raw, generated, naive, then run 2 …, starting with a different
/// implementation each time) so load from other processes spreads over all implementations
/// instead of skewing one ratio. Inputs come from `RuntimeWorkload`, built before timing; every
/// timed call is followed by an untimed check of its result.
struct RuntimeSuite {
  let workload: RuntimeWorkload
  let runs: Int
  let directory: URL
  /// Implementations to run; nil runs all.
  let implementations: Set<String>?
  /// Progress lines, printed to standard error so `--json` output stays clean.
  let log: (String) -> Void

  /// Appends each operation's figures as soon as they are measured, so a failure later keeps
  /// what was measured before it.
  func run(into results: inout [BenchResult]) throws {
    for storage in BenchStorage.allCases {
      let subjects = RuntimeSubjects.make(
        storage: storage, directory: directory, only: implementations)
      defer { for subject in subjects { subject.close() } }
      for operation in RuntimeOperation.allCases {
        log("runtime: \(storage.rawValue) \(operation.rawValue)")
        results += try measure(operation, storage: storage, subjects: subjects)
      }
    }
  }

  private func measure(
    _ operation: RuntimeOperation, storage: BenchStorage, subjects: [any RuntimeSubject]
  ) throws -> [BenchResult] {
    var samples = Array(repeating: Samples(), count: subjects.count)
    for run in 0..<runs {
      for offset in 0..<subjects.count {
        let index = (run + offset) % subjects.count
        samples[index].append(try timeOnce(operation, run: run, subject: subjects[index]))
      }
    }
    let rawMedian = zip(subjects, samples).first { $0.0.name == "raw" }?.1.median
    return zip(subjects, samples).map { subject, samples in
      BenchResult(
        suite: "runtime", operation: operation.rawValue, implementation: subject.name,
        storage: storage.rawValue, rows: rows(for: operation), samples: samples,
        ratioToRaw: subject.name == "raw" ? nil : rawMedian.map { samples.median / $0 },
        megabytesPerSecond: nil)
    }
  }

  private func rows(for operation: RuntimeOperation) -> Int {
    switch operation {
    case .insert, .fetchAll: workload.rowCount
    case .pointLookup: workload.lookupIDs.count
    case .query: workload.expectedQueryCount
    case .selectColumn, .groupedAggregate: workload.rowCount
    case .pagedQuery: QueryWorkload.pageSize * QueryWorkload.pageRepeats
    case .update: workload.updateBatches[0].count
    case .upsert: workload.upsertBatches[0].count
    case .updateAll: Int(workload.queries.updateAllLastID)
    }
  }

  /// Sets up (untimed), times one call, then checks its result (untimed).
  private func timeOnce(
    _ operation: RuntimeOperation, run: Int, subject: any RuntimeSubject
  ) throws -> Double {
    let name = "\(subject.name) \(operation.rawValue)"
    switch operation {
    case .insert:
      try subject.reset()
      let (seconds, _) = try Stopwatch.time { try subject.insert(workload.entities) }
      try BenchCheck.equal(try subject.count(), workload.rowCount, "\(name): row count")
      return seconds
    case .fetchAll:
      let (seconds, rows) = try Stopwatch.time { try subject.fetchAll() }
      try BenchCheck.equal(rows.count, workload.rowCount, "\(name): rows")
      try BenchCheck.equal(
        EntityChecksum.of(rows), workload.expectedAllChecksum, "\(name): checksum")
      return seconds
    case .pointLookup:
      let (seconds, rows) = try Stopwatch.time { try subject.lookup(workload.lookupIDs) }
      try BenchCheck.equal(rows.count, workload.lookupIDs.count, "\(name): rows")
      try BenchCheck.equal(
        EntityChecksum.of(rows), workload.expectedLookupChecksum, "\(name): checksum")
      return seconds
    case .query:
      let threshold = workload.scoreThreshold
      let (seconds, rows) = try Stopwatch.time { try subject.fetch(scoreAbove: threshold) }
      try BenchCheck.equal(rows.count, workload.expectedQueryCount, "\(name): rows")
      try BenchCheck.equal(
        EntityChecksum.of(rows), workload.expectedQueryChecksum, "\(name): checksum")
      return seconds
    case .selectColumn:
      let (seconds, names) = try Stopwatch.time { try subject.selectNames() }
      try BenchCheck.equal(names.count, workload.rowCount, "\(name): values")
      try BenchCheck.equal(
        QueryWorkload.checksum(names), workload.queries.expectedNameChecksum, "\(name): checksum")
      return seconds
    case .groupedAggregate:
      let (seconds, groups) = try Stopwatch.time { try subject.groupedAggregate() }
      try BenchCheck.equal(
        groups.sorted { $0.group < $1.group }, workload.queries.expectedGroups, "\(name): groups")
      return seconds
    case .pagedQuery:
      let offset = workload.queries.pageOffset
      let (seconds, ids) = try Stopwatch.time {
        try subject.page(offset: offset, repeats: QueryWorkload.pageRepeats)
      }
      try BenchCheck.equal(ids, workload.queries.expectedPageIDs, "\(name): page")
      return seconds
    case .updateAll:
      let lastID = workload.queries.updateAllLastID
      let (seconds, changed) = try Stopwatch.time { try subject.addOneToScores(upTo: lastID) }
      try BenchCheck.equal(changed, Int(lastID), "\(name): rows changed")
      return seconds
    case .update:
      let batch = workload.updateBatches[run % workload.updateBatches.count]
      let (seconds, _) = try Stopwatch.time { try subject.update(batch) }
      try checkStored(batch, in: subject, name)
      return seconds
    case .upsert:
      try subject.delete(workload.upsertNewIDs)
      let batch = workload.upsertBatches[run % workload.upsertBatches.count]
      let (seconds, _) = try Stopwatch.time { try subject.upsert(batch) }
      try BenchCheck.equal(
        try subject.count(), workload.rowCount + workload.upsertNewIDs.count, "\(name): rows")
      try checkStored(batch, in: subject, name)
      return seconds
    }
  }

  /// Reads the written rows back and compares them with what was written.
  private func checkStored(
    _ batch: [BenchEntity], in subject: any RuntimeSubject, _ name: String
  ) throws {
    let stored = try subject.lookup(batch.map(\.id))
    try BenchCheck.equal(EntityChecksum.of(stored), EntityChecksum.of(batch), "\(name): stored")
  }
}
