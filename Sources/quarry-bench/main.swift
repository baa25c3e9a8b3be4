import CSQLite
import Foundation

// quarry-bench: release-mode benchmarks of the Quarry runtime and generator (issue 7).
// `swift run -c release quarry-bench --help` lists the options.

func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

let options: BenchOptions
do {
  options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch let error as BenchOptions.UsageError {
  if let message = error.message { printError("quarry-bench: error: \(message)") }
  printError(BenchOptions.usage)
  exit(error.message == nil ? 0 : 64)
}

#if DEBUG
  printError("quarry-bench: warning: debug build; run with `-c release` for meaningful figures")
#endif

let sizes = BenchSizes(isQuick: options.isQuick)
if let corpusDirectory = options.corpusDirectory {
  do {
    let corpus = try CorpusGenerator.write(
      sizes.corpus, to: URL(fileURLWithPath: corpusDirectory).appendingPathComponent("Models"))
    printError("quarry-bench: wrote \(corpus.paths.count) files, \(corpus.totalBytes) bytes")
    exit(0)
  } catch {
    printError("quarry-bench: error: \(error)")
    exit(1)
  }
}
let directory = FileManager.default.temporaryDirectory
  .appendingPathComponent("quarry-bench-\(ProcessInfo.processInfo.processIdentifier)")
do {
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
} catch {
  printError("quarry-bench: error: cannot create \(directory.path): \(error)")
  exit(1)
}

var results: [BenchResult] = []
var failures = 0
for suite in options.suites {
  // A failing suite is reported; what it measured before failing and the other suites print.
  do {
    switch suite {
    case .runtime:
      printError("runtime: building \(sizes.rows) rows of input")
      let workload = RuntimeWorkload(
        rowCount: sizes.rows, operationCount: sizes.operations, runs: options.runs)
      try RuntimeSuite(
        workload: workload, runs: options.runs, directory: directory,
        implementations: options.implementations, log: printError
      ).run(into: &results)
    case .relations:
      try RelationsSuite(
        recipeCount: sizes.relationRows, authorCount: sizes.relationRows, runs: options.runs,
        log: printError
      ).run(into: &results)
    case .migration:
      try MigrationSuite(rowCount: sizes.migrationRows, runs: options.runs, log: printError)
        .run(into: &results)
    case .observation:
      try ObservationSuite(
        latencyWrites: sizes.latencyWrites, throughputWrites: sizes.throughputWrites,
        runs: options.runs, directory: directory, log: printError
      ).run(into: &results)
    case .cursor:
      try CursorSuite(
        rowCount: sizes.cursorRows, runs: options.runs, directory: directory, log: printError
      ).run(into: &results)
    case .postgres:
      let workload = RuntimeWorkload(
        rowCount: sizes.rows, operationCount: sizes.operations, runs: options.runs)
      try PostgresSuite(workload: workload, runs: options.runs, log: printError)
        .run(into: &results)
    case .generator:
      try GeneratorSuite(
        sizes: sizes, runs: options.runs, directory: directory, log: printError
      ).run(into: &results)
    }
  } catch {
    printError("quarry-bench: error: \(suite.rawValue) suite: \(error)")
    failures += 1
  }
}

if options.emitsJSON {
  print(JSONReport.render(results))
} else {
  let header = """
    quarry-bench\(options.isQuick ? " --quick" : ""): median of \(options.runs) runs, \
    SQLite \(String(cString: sqlite3_libversion())), \
    \(ProcessInfo.processInfo.activeProcessorCount) cores
    """
  print(TableReport.render(results, header: header))
}
try? FileManager.default.removeItem(at: directory)
exit(failures == 0 ? 0 : 1)
