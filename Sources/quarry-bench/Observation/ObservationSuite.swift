import Foundation
import Quarry

/// Observation figures: how long a commit takes to reach observers, and what observers cost
/// the writer.
///
/// - `commit to value`, with 1 and 10 observers of `SELECT MAX(id) FROM events`: from the start
///   of a one-row write transaction to each observer's loop receiving the new value, one write
///   at a time; median and p99 over every (write, observer) pair.
/// - `write throughput`: the same stream of one-row write transactions with no observer, with
///   10 observers of the written table and with 10 observers of another table, interleaved run
///   by run in the same process; `vs none` is the median time over the no-observer median
///   (target ≤ 1.05× for both).
///
/// All on a WAL file, as an app would run it.
struct ObservationSuite {
  /// Sequential writes whose latency is measured, per observer count.
  let latencyWrites: Int
  /// Writes per timed throughput run.
  let throughputWrites: Int
  let runs: Int
  let directory: URL
  let log: (String) -> Void

  /// The throughput configurations, in the order they are reported.
  enum Load: String, CaseIterable {
    case none = "no observer"
    case writtenTable = "10 on written table"
    case otherTable = "10 on other table"
  }

  func run(into results: inout [BenchResult]) throws {
    let path = directory.appendingPathComponent("observation.sqlite").path
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
    let db = try Database(path: path)
    try db.write { db in
      try db.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)")
      try db.execute("CREATE TABLE other (id INTEGER PRIMARY KEY)")
    }
    var nextID = 1
    for observers in [1, 10] {
      log("observation: commit to value, \(observers) observer(s)")
      results.append(try measureLatency(db, observers: observers, nextID: &nextID))
    }
    log("observation: write throughput")
    results += try measureThroughput(db, nextID: &nextID)
  }

  private func measureLatency(_ db: Database, observers: Int, nextID: inout Int) throws
    -> BenchResult
  {
    let watch = try Watch(db, table: "events", observers: observers, current: nextID - 1)
    defer { watch.stop() }
    var latencies = Samples()
    for _ in 0..<latencyWrites {
      let id = nextID
      nextID += 1
      let start = ContinuousClock.now
      try insert(id, into: db)
      try watch.recorder.waitUntilAll(reached: id)
      for observer in 0..<observers {
        guard let arrival = watch.recorder.arrival(of: id, at: observer) else {
          throw BenchCheckFailure(description: "check failed: observer \(observer) skipped \(id)")
        }
        latencies.append(start.duration(to: arrival).seconds)
      }
    }
    return BenchResult(
      suite: "observation", operation: "commit to value",
      implementation: "\(observers) observer"
        + (observers == 1 ? "" : "s"),
      storage: "file", rows: latencyWrites, samples: latencies, ratioToRaw: nil,
      megabytesPerSecond: nil, p99Seconds: latencies.percentile(0.99))
  }

  private func measureThroughput(_ db: Database, nextID: inout Int) throws -> [BenchResult] {
    var samples = Array(repeating: Samples(), count: Load.allCases.count)
    for run in 0..<runs {
      for offset in 0..<Load.allCases.count {
        let index = (run + offset) % Load.allCases.count
        let load = Load.allCases[index]
        let watch: Watch?
        switch load {
        case .none: watch = nil
        case .writtenTable:
          watch = try Watch(db, table: "events", observers: 10, current: nextID - 1)
        case .otherTable: watch = try Watch(db, table: "other", observers: 10, current: 0)
        }
        let first = nextID
        let (seconds, _) = try Stopwatch.time {
          for id in first..<(first + throughputWrites) { try insert(id, into: db) }
        }
        nextID = first + throughputWrites
        samples[index].append(seconds)
        if load == .writtenTable {
          // Every observer ends on the last commit: nothing was lost while they coalesced.
          try watch?.recorder.waitUntilAll(reached: nextID - 1)
        }
        watch?.stop()
      }
    }
    let baseline = samples[0].median
    return zip(Load.allCases, samples).map { load, samples in
      BenchResult(
        suite: "observation", operation: "write throughput", implementation: load.rawValue,
        storage: "file", rows: throughputWrites, samples: samples, ratioToRaw: nil,
        megabytesPerSecond: nil, ratioToBaseline: load == .none ? nil : samples.median / baseline)
    }
  }

  private func insert(_ id: Int, into db: Database) throws {
    try db.write { db in
      try db.execute(
        "INSERT INTO events (id, payload) VALUES (?, ?)", arguments: [id, "event \(id)"])
    }
  }
}

/// `observers` observations of `SELECT MAX(id)` over `table`, each iterated by a task that
/// records arrivals; `init` returns once every observer has its first value.
private final class Watch {
  let recorder: ArrivalRecorder
  private var tasks: [Task<Void, Never>] = []

  init(_ db: Database, table: String, observers: Int, current: Int) throws {
    let recorder = ArrivalRecorder(observerCount: observers)
    self.recorder = recorder
    let sql = "SELECT COALESCE(MAX(id), 0) FROM \(table)"
    for observer in 0..<observers {
      let observation = db.observe { try $0.fetchValue(Int.self, sql: sql) ?? -1 }
      tasks.append(
        Task.detached {
          do {
            for try await value in observation { recorder.record(observer: observer, value: value) }
          } catch {
            recorder.record(observer: observer, value: Int.min)
          }
        })
    }
    try recorder.waitUntilAll(reached: current)
  }

  /// Ends every observation and waits until their tasks are done.
  func stop() {
    for task in tasks { task.cancel() }
    let done = DispatchSemaphore(value: 0)
    let tasks = self.tasks
    Task.detached {
      for task in tasks { await task.value }
      done.signal()
    }
    done.wait()
  }
}
