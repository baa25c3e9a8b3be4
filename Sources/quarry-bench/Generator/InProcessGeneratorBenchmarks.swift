import Dispatch
import Foundation
import QuarryGen

/// Scanning (and, once the generator is merged, rendering) through QuarryGen's public API,
/// inside this process.
///
/// Files are read into memory before timing, so the scan figures are the scanner's own speed;
/// `ProjectScanner.scanFiles`, which also finds and reads the files, is timed separately.
struct InProcessGeneratorBenchmarks {
  let corpus: CorpusGenerator.Corpus
  let shape: CorpusShape
  let runs: Int
  let log: (String) -> Void

  func run(into results: inout [BenchResult]) throws {
    let root = corpus.root.path
    let files = try corpus.paths.map { path in
      SourceFile(
        path: String(path.dropFirst(root.count + 1)),
        bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }
    let cores = ProcessInfo.processInfo.activeProcessorCount

    log("generator: scan on 1 core")
    var reference: ScanSummary?
    var oneCore = Samples()
    for _ in 0..<runs {
      let (seconds, scanned) = Stopwatch.time { files.map { SourceScanner().scan($0) } }
      try check(ScanSummary(scanned), against: &reference)
      oneCore.append(seconds)
    }
    results.append(result("scan (1 core)", samples: oneCore))

    // The same bytes as one large file: a long file must scan as fast as many small ones.
    log("generator: scan one large file")
    let large = SourceFile(path: "Large.swift", bytes: files.flatMap(\.bytes))
    var largeFile = Samples()
    var largeReference: ScanSummary?
    for _ in 0..<runs {
      let (seconds, scanned) = Stopwatch.time { SourceScanner().scan(large) }
      try check(ScanSummary([scanned]), against: &largeReference)
      largeFile.append(seconds)
    }
    let megabytes = Double(large.bytes.count) / 1e6
    results.append(
      result(String(format: "scan one %.1f MB file (1 core)", megabytes), samples: largeFile))

    log("generator: scan on \(cores) cores")
    var allCores = Samples()
    for _ in 0..<runs {
      let (seconds, scanned) = Stopwatch.time { Self.scanConcurrently(files) }
      try check(ScanSummary(scanned), against: &reference)
      allCores.append(seconds)
    }
    results.append(result("scan (\(cores) cores)", samples: allCores))

    log("generator: ProjectScanner.scanFiles (find, read and scan, \(cores) cores)")
    var project = Samples()
    for _ in 0..<runs {
      let (seconds, scanned) = Stopwatch.time {
        ProjectScanner.scanFiles(paths: ["."], relativeTo: root)
      }
      try check(ScanSummary(scanned), against: &reference)
      project.append(seconds)
    }
    results.append(result("find + read + scan (\(cores) cores)", samples: project))

    if let reference { warnIfUnexpected(reference) }
    try measureModelAndRender(files: files, oneCoreScan: oneCore, into: &results)
  }

  /// The model stage alone, then `Generator.run` in dry-run mode (scan, model, render every
  /// template, compare with an empty output folder, write nothing); rendering is what the dry
  /// run spends beyond scanning and the model.
  private func measureModelAndRender(
    files: [SourceFile], oneCoreScan: Samples, into results: inout [BenchResult]
  ) throws {
    let scanned = files.map { SourceScanner().scan($0) }
    log("generator: model")
    var model = Samples()
    for _ in 0..<runs {
      let (seconds, built) = Stopwatch.time { ModelBuilder().build(scanned) }
      try BenchCheck.equal(
        built.model.tables.count, shape.persistedStructs, "model: one table per persisted struct")
      try BenchCheck.equal(
        built.diagnostics.filter(\.isError).count, 0, "model: errors in the corpus")
      model.append(seconds)
    }
    var modelResult = result("model (\(shape.persistedStructs) tables)", samples: model)
    modelResult.megabytesPerSecond = nil
    results.append(modelResult)

    log("generator: Generator.run --dry-run (scan, model, render)")
    let root = corpus.root.deletingLastPathComponent()
    let options = GeneratorOptions(
      sources: [corpus.root.path], output: root.appendingPathComponent("DryRun").path,
      root: root.path, mode: .dryRun)
    var dryRun = Samples()
    for _ in 0..<runs {
      let (seconds, generated) = try Stopwatch.time { try Generator.run(options) }
      try BenchCheck.equal(generated.hasErrors, false, "dry run: errors")
      try BenchCheck.equal(
        generated.tableCount, shape.persistedStructs, "dry run: one table per persisted struct")
      guard generated.changes.count > shape.persistedStructs else {
        throw BenchCheckFailure(description: "dry run planned \(generated.changes.count) files")
      }
      dryRun.append(seconds)
    }
    results.append(result("scan + model + render (dry run, 1 core)", samples: dryRun))

    // The difference of medians: an estimate, printed so the render cost has its own line.
    var render = Samples()
    render.append(max(dryRun.median - oneCoreScan.median - model.median, 0))
    var renderResult = result("render (dry run - scan - model)", samples: render)
    renderResult.megabytesPerSecond = nil
    results.append(renderResult)
  }

  /// Scans files on every core, one file per iteration.
  static func scanConcurrently(_ files: [SourceFile]) -> [ScannedFile] {
    let slots = ScanSlots(count: files.count)
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      slots.store(SourceScanner().scan(files[index]), at: index)
    }
    return slots.values
  }

  /// Every run must find the same declarations: a scan that returned less did less work.
  private func check(_ summary: ScanSummary, against reference: inout ScanSummary?) throws {
    guard summary.structs > 0 else {
      throw BenchCheckFailure(description: "scan found no structs in the corpus")
    }
    if let reference {
      try BenchCheck.equal(summary, reference, "scan: same declarations on every run")
    } else {
      reference = summary
    }
  }

  /// The corpus is built to hold known counts; a different count is a scanner finding worth
  /// a look, but not a reason to withhold the timing.
  private func warnIfUnexpected(_ summary: ScanSummary) {
    let extraStructs = (1..<max(shape.structsPerFile, 1)).filter { $0 % 4 == 2 }.count
    let expected = ScanSummary(
      files: shape.files, structs: shape.files * (shape.structsPerFile + extraStructs),
      properties: shape.properties, enums: shape.files, diagnostics: 0)
    if summary != expected {
      log("generator: warning: scanner found \(summary), the corpus holds \(expected)")
    }
  }

  private func result(_ operation: String, samples: Samples) -> BenchResult {
    BenchResult(
      suite: "generator", operation: operation, implementation: nil, storage: nil,
      rows: corpus.paths.count, samples: samples, ratioToRaw: nil,
      megabytesPerSecond: Double(corpus.totalBytes) / 1e6 / samples.median)
  }
}

/// What a scan found, summed over files.
struct ScanSummary: Equatable, CustomStringConvertible {
  var files: Int
  var structs: Int
  var properties: Int
  var enums: Int
  var diagnostics: Int

  init(files: Int, structs: Int, properties: Int, enums: Int, diagnostics: Int) {
    self.files = files
    self.structs = structs
    self.properties = properties
    self.enums = enums
    self.diagnostics = diagnostics
  }

  init(_ scanned: [ScannedFile]) {
    self.init(
      files: scanned.count, structs: scanned.reduce(0) { $0 + $1.structs.count },
      properties: scanned.reduce(0) { $0 + $1.structs.reduce(0) { $0 + $1.properties.count } },
      enums: scanned.reduce(0) { $0 + $1.enums.count },
      diagnostics: scanned.reduce(0) { $0 + $1.diagnostics.count })
  }

  var description: String {
    "\(files) files, \(structs) structs, \(properties) properties, \(enums) enums, "
      + "\(diagnostics) diagnostics"
  }
}

/// Results written from `concurrentPerform`: each index once, by one iteration, under a lock.
private final class ScanSlots: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [ScannedFile?]

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  func store(_ value: ScannedFile, at index: Int) {
    lock.lock()
    slots[index] = value
    lock.unlock()
  }

  var values: [ScannedFile] {
    lock.lock()
    defer { lock.unlock() }
    return slots.compactMap { $0 }
  }
}
