import Foundation

/// Times the generator over a deterministic synthetic corpus: reading it, scanning it on one
/// core and on all cores, rendering, the whole `quarry generate` process, and a no-op rerun.
struct GeneratorSuite {
  let sizes: BenchSizes
  let runs: Int
  let directory: URL
  let log: (String) -> Void

  /// Appends figures as they are measured, so a failure later keeps what came before it.
  func run(into results: inout [BenchResult]) throws {
    let shape = sizes.corpus
    log(
      "generator: writing \(shape.files) files, \(shape.structs) structs, "
        + "\(shape.properties) properties")
    let root = directory.appendingPathComponent("corpus")
    let corpus = try CorpusGenerator.write(shape, to: root.appendingPathComponent("Models"))
    defer { try? FileManager.default.removeItem(at: root) }
    log("generator: corpus is \(corpus.totalBytes) bytes")

    log("generator: read")
    results.append(try measureRead(corpus))
    try InProcessGeneratorBenchmarks(corpus: corpus, shape: shape, runs: runs, log: log)
      .run(into: &results)
    try SourceryTemplateBenchmark(
      typeCount: shape.files >= 1_000 ? 10_000 : 1_000, runs: runs, log: log
    ).run(into: &results)
    try measureTool(corpus, root: root, into: &results)
  }

  /// Reading every file into memory, the floor under any scan figure.
  private func measureRead(_ corpus: CorpusGenerator.Corpus) throws -> BenchResult {
    var samples = Samples()
    for _ in 0..<runs {
      let (seconds, bytes) = try Stopwatch.time {
        try corpus.paths.reduce(0) { $0 + (try Data(contentsOf: URL(fileURLWithPath: $1)).count) }
      }
      try BenchCheck.equal(bytes, corpus.totalBytes, "read: bytes")
      samples.append(seconds)
    }
    return result("read files (1 core)", corpus: corpus, samples: samples, perByte: true)
  }

  /// The release `quarry` binary, process start included: a first generation into an empty
  /// folder, then a no-op regeneration that must write nothing.
  private func measureTool(
    _ corpus: CorpusGenerator.Corpus, root: URL, into results: inout [BenchResult]
  ) throws {
    guard let tool = ToolProcess.besideBenchmark() else {
      log("generator: skipped `quarry generate`: no release `quarry` binary beside quarry-bench")
      log("  build it with `swift build -c release --product quarry`")
      return
    }
    let output = root.appendingPathComponent("Generated")
    let arguments = ["generate", "Models", "--output", "Generated", "--quiet"]

    log("generator: quarry --version (process start)")
    var startSamples = Samples()
    for _ in 0..<runs {
      let outcome = try tool.run(["--version"], in: root)
      try BenchCheck.equal(outcome.status, 0, "quarry --version: exit status")
      startSamples.append(outcome.seconds)
    }
    results.append(result("quarry --version", corpus: nil, samples: startSamples, perByte: false))

    log("generator: quarry generate into an empty folder")
    var generateSamples = Samples()
    for _ in 0..<runs {
      try? FileManager.default.removeItem(at: output)
      let outcome = try tool.run(arguments, in: root)
      guard outcome.status == 0 else {
        let message = outcome.standardError.prefix(2_000)
        throw BenchCheckFailure(description: "quarry generate exited \(outcome.status): \(message)")
      }
      generateSamples.append(outcome.seconds)
    }
    let written = try OutputSnapshot(folder: output)
    try BenchCheck.equal(
      written.count(prefix: "Record", suffix: "+Quarry.swift"), sizes.corpus.persistedStructs,
      "quarry generate: one file per persisted struct")
    results.append(
      result("quarry generate (cold)", corpus: corpus, samples: generateSamples, perByte: true))

    log("generator: quarry generate with nothing changed")
    var noOpSamples = Samples()
    for _ in 0..<runs {
      let outcome = try tool.run(arguments, in: root)
      try BenchCheck.equal(outcome.status, 0, "no-op quarry generate: exit status")
      noOpSamples.append(outcome.seconds)
    }
    try BenchCheck.equal(try OutputSnapshot(folder: output), written, "no-op run wrote nothing")
    results.append(
      result("quarry generate (no-op)", corpus: corpus, samples: noOpSamples, perByte: true))
  }

  private func result(
    _ operation: String, corpus: CorpusGenerator.Corpus?, samples: Samples, perByte: Bool
  ) -> BenchResult {
    BenchResult(
      suite: "generator", operation: operation, implementation: nil, storage: nil,
      rows: corpus?.paths.count ?? 1, samples: samples, ratioToRaw: nil,
      megabytesPerSecond: perByte
        ? corpus.map { Double($0.totalBytes) / 1e6 / samples.median }
        : nil)
  }
}

/// File names, sizes and modification times under a folder: equal snapshots mean nothing was
/// written.
struct OutputSnapshot: Equatable, CustomStringConvertible {
  private var entries: [String: [Double]] = [:]

  init(folder: URL) throws {
    let manager = FileManager.default
    guard let enumerator = manager.enumerator(atPath: folder.path) else { return }
    while let relative = enumerator.nextObject() as? String {
      let attributes = try manager.attributesOfItem(
        atPath: folder.appendingPathComponent(relative).path)
      let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      let size = (attributes[.size] as? NSNumber)?.doubleValue ?? 0
      entries[relative] = [modified, size]
    }
  }

  func count(prefix: String, suffix: String) -> Int {
    entries.keys.filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }.count
  }

  var description: String { "\(entries.count) entries" }
}
