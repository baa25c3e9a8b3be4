/// Command-line options of `quarry-bench`, parsed by hand (no external packages).
///
/// ```
/// $ quarry-bench --quick --suite runtime --json
/// ```
struct BenchOptions: Sendable, Equatable {
  /// Which group of benchmarks to run.
  enum Suite: String, Sendable, CaseIterable {
    case runtime, observation, generator, relations, cursor, migration, postgres
  }

  /// Print one JSON array instead of tables.
  var emitsJSON = false
  /// Run small sizes: a smoke test for CI, not figures to compare.
  var isQuick = false
  /// The suites to run, in order.
  var suites: [Suite] = Suite.allCases
  /// Timed runs per measurement; the median is reported.
  var runs = 5
  /// Write the synthetic corpus here and exit, to profile or inspect it without timing.
  var corpusDirectory: String?
  /// Runtime implementations to run (`raw`, `generated`, `naive`); nil runs all. Narrowing
  /// keeps a profiler run (callgrind is ~50× slower) short.
  var implementations: Set<String>?

  /// Usage text for `--help` and for mistakes (exit code 64).
  static let usage = """
    usage: quarry-bench [--json] [--quick]
                        [--suite runtime|observation|generator|relations|cursor|migration|postgres]
                        [--runs N] [--only raw,generated,naive] [--write-corpus DIR]

      --json       print one JSON array of results instead of tables
      --quick      small sizes, for a smoke test in CI
      --suite S    run only the runtime, the observation, the generator, the relations, the
                   cursor, the migration or the postgres suite (which starts a throwaway
                   PostgreSQL server: initdb and pg_ctl must be installed)
      --runs N     timed runs per measurement (default 5, at least 5 for figures you quote)
      --only LIST  run only these runtime implementations (ratios need raw), e.g. for callgrind
      --write-corpus DIR
                   only write the generator suite's synthetic corpus into DIR (for profiling)
      --help       show this text
    """

  /// Parses the arguments after the program name.
  ///
  /// - Throws: `BenchOptions.UsageError` for an unknown flag or a bad value.
  static func parse(_ arguments: [String]) throws -> BenchOptions {
    var options = BenchOptions()
    var index = 0
    func value(after flag: String) throws -> String {
      index += 1
      guard index < arguments.count else { throw UsageError("'\(flag)' needs a value") }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--json":
        options.emitsJSON = true
      case "--quick":
        options.isQuick = true
      case "--suite":
        let name = try value(after: argument)
        guard let suite = Suite(rawValue: name) else {
          throw UsageError(
            "unknown suite '\(name)'; use 'runtime', 'observation', 'generator', 'relations', "
              + "'cursor', 'migration' or 'postgres'")
        }
        options.suites = [suite]
      case "--runs":
        let text = try value(after: argument)
        guard let runs = Int(text), runs >= 1 else {
          throw UsageError("'--runs' needs a positive number, got '\(text)'")
        }
        options.runs = runs
      case "--only":
        let names = try value(after: argument).split(separator: ",").map(String.init)
        let known: Set = ["raw", "generated", "naive"]
        guard let unknown = names.first(where: { !known.contains($0) }) else {
          options.implementations = Set(names)
          break
        }
        throw UsageError("unknown implementation '\(unknown)'; use raw, generated or naive")
      case "--write-corpus":
        options.corpusDirectory = try value(after: argument)
      case "--help", "-h":
        throw UsageError(nil)
      default:
        throw UsageError("unknown argument '\(argument)'")
      }
      index += 1
    }
    return options
  }

  /// A command-line mistake; `message` is nil when only the usage text should be shown.
  struct UsageError: Error {
    var message: String?
    init(_ message: String?) { self.message = message }
  }
}
