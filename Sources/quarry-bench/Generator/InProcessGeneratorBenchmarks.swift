import Foundation
import QuarryGen

/// Scanning and rendering through QuarryGen's public API, inside this process.
struct InProcessGeneratorBenchmarks {
  let corpus: CorpusGenerator.Corpus
  let shape: CorpusShape
  let runs: Int
  let log: (String) -> Void

  func run(into results: inout [BenchResult]) throws {
    // Filled in once the scanner and the generator are merged into main.
    log("generator: scanner and renderer not merged yet; skipped")
  }
}
