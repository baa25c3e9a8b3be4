import Foundation
import QuarryGen

// The command line stays thin: parse argv, call QuarryGen, print, exit. See `Options.usage`.
//
//   $ quarry generate Sources/App/Models --output Sources/App/Generated
//   created Sources/App/Generated/Bird+Quarry.swift
//   $ quarry generate Sources/App/Models --output Sources/App/Generated
//   quarry: 4 generated files up to date
//   $ quarry generate Sources/App/Models --output Sources/App/Generated --check
//   quarry: 4 generated files up to date

func printError(_ text: String) {
  FileHandle.standardError.write(Data(text.utf8))
}

func printOutput(_ text: String) {
  FileHandle.standardOutput.write(Data(text.utf8))
}

/// Writes `buffer` to standard output without copying it: one `write` unless the pipe takes
/// less. Stops quietly if standard output is closed.
func printOutput(buffer: UnsafeRawBufferPointer) {
  guard let start = buffer.baseAddress else { return }
  var offset = 0
  while offset < buffer.count {
    let written = write(STDOUT_FILENO, start + offset, buffer.count - offset)
    if written < 0 && errno == EINTR { continue }
    guard written > 0 else { return }
    offset += written
  }
}

#if canImport(Glibc)
  // glibc serves a large allocation from its own mapping, given back when it is freed, but
  // after the first such free it raises that threshold to the freed size, up to 32 MB: the
  // generator's megabyte pages of declarations and tables (see `CompactArray`) then come from
  // the heap, and the pages freed once the model is built stay in the process (200 MB of
  // declarations peaked 14% higher). A fixed threshold keeps them mapped.
  // `mallopt` is in <malloc.h>, which Glibc's module does not export; M_MMAP_THRESHOLD is -3.
  if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
    typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
    _ = unsafeBitCast(symbol, to: MallOpt.self)(-3, 256 * 1024)
  }
#endif

let command: Command
do {
  command = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  printError("quarry: error: \(error.message)\nUsage: see 'quarry --help'\n")
  exit(64)
}

switch command {
case .help(let text):
  printOutput(text)
case .version:
  printOutput("quarry \(QuarryVersion.current)\n")
case .scan(let paths):
  // The dump is written as it is made: neither it nor the declarations are held whole.
  let files = ScanDump.write(
    paths: paths, relativeTo: FileManager.default.currentDirectoryPath, to: printOutput(buffer:))
  let diagnostics = files.flatMap(\.diagnostics)
  if !diagnostics.isEmpty {
    printError(DiagnosticRenderer(files: files.map(\.file)).render(diagnostics))
  }
  exit(diagnostics.contains(where: \.isError) ? 1 : 0)
case .generate(let options, let verbosity, let regenerateCommand):
  do {
    let result = try Generator.run(options)
    printError(DiagnosticRenderer(files: result.files).render(result.diagnostics))
    let report = GenerationReport(
      result, verbosity: verbosity, regenerateCommand: regenerateCommand)
    printOutput(report.standardOutput)
    printError(report.standardError)
    exit(result.exitCode)
  } catch let failure as Generator.Failure {
    printError(failure.rendered + "\n")
    exit(1)
  } catch {
    printError("quarry: error: \(error)\n")
    exit(1)
  }
}
