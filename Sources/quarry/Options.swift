import QuarryGen

/// The parsed command line. Parsing is by hand: the grammar is small and Quarry has no
/// package dependencies.
///
/// ```text
/// $ quarry generate Sources/App/Models --output Sources/App/Generated --check
/// $ quarry scan Sources/App/Models
/// ```
enum Command: Equatable {
  case generate(
    GeneratorOptions, verbosity: GenerationReport.Verbosity, regenerateCommand: String)
  case scan([String])
  case help(String)
  case version
}

/// A command-line mistake: printed with a pointer to `--help`, exit status 64.
struct UsageError: Error, Equatable {
  var message: String
}

enum Options {
  static let usage = """
    OVERVIEW: Generate SQLite persistence code from annotated Swift structs.

    USAGE: quarry generate <sources>... --output <dir> [options]
           quarry scan <paths>...
           quarry --help | --version

    SUBCOMMANDS:
      generate                Scan <sources> (files or folders) and write generated code.
      scan                    Print the declarations found in <paths> as JSON.

    GENERATE OPTIONS:
      --output <dir>          Folder receiving the generated files (required).
      --templates <dir>       Folder of .stencil templates replacing the defaults, or one
                              .stencil file to render alone (its folder's other templates
                              serve its includes).
      --root <dir>            Folder paths in headers and messages are relative to
                              (default: the current directory; '/' keeps them absolute).
      --single-file <name>    Combine all generated Swift into one file (build plugins).
      --per-source-file       One '<stem>.quarry.swift' per source file plus a shared
                              'QuarryTables.quarry.swift' (the build plugin's mode).
      --check                 Write nothing; list stale, missing or extra files and exit 1
                              if there are any.
      --dry-run               Write nothing; print what would change.
      --no-cache              Always scan and render, even when nothing changed since the
                              last clean run (whose file stamps live in the user's cache).
      --force                 Remove every generated file even though the sources hold
                              persisted structs (refused otherwise: a wrong --templates
                              folder would delete all the checked-in code).
      --args <key=value,...>  Values templates read as 'argument.key' (Sourcery's --args;
                              a bare key is 1; may be repeated).
      --stencil-whitespace    Keep Stencil's whitespace exactly (tag-only lines stay, no
                              tidying), to diff against Sourcery's output.
      --quiet                 Print only diagnostics.
      --verbose               Also print unchanged files and a summary.
      --regenerate-command <text>
                              The command '--check' tells to run when files are out of
                              date (default: 'quarry generate'; plugins name their own).

    EXIT STATUS: 0 on success (warnings allowed), 1 when an error was reported or --check
    found out-of-date files, 64 on a command-line mistake.

    """

  static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    guard let first = arguments.first else { throw UsageError(message: "missing subcommand") }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "--help", "-h", "help": return .help(usage)
    case "--version": return .version
    case "scan":
      if rest.contains("--help") || rest.contains("-h") { return .help(usage) }
      if let option = rest.first(where: { $0.hasPrefix("-") }) {
        throw UsageError(message: "unknown option '\(option)' for 'scan'")
      }
      guard !rest.isEmpty else { throw UsageError(message: "'scan' needs at least one path") }
      return .scan(rest)
    case "generate":
      return try parseGenerate(rest)
    default:
      let suggestion = EditDistance.suggestion(for: first, among: ["generate", "scan"])
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      throw UsageError(message: "unknown subcommand '\(first)'\(hint)")
    }
  }

  private static func parseGenerate(_ arguments: [String]) throws(UsageError) -> Command {
    var sources: [String] = []
    var output: String?
    var templates: String?
    var root: String?
    var singleFile: String?
    var perSourceFile = false
    var mode = GeneratorOptions.Mode.write
    var usesStamp = true
    var force = false
    var argumentTexts: [String] = []
    var whitespace = TemplateWhitespace.quarry
    var verbosity = GenerationReport.Verbosity.normal
    var regenerateCommand = "quarry generate"
    var index = 0
    func value(for option: String) throws(UsageError) -> String {
      index += 1
      guard index < arguments.count, !arguments[index].hasPrefix("--") else {
        throw UsageError(message: "option '\(option)' needs a value")
      }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--help", "-h": return .help(usage)
      case "--output", "-o": output = try value(for: argument)
      case "--templates": templates = try value(for: argument)
      case "--root": root = try value(for: argument)
      case "--single-file": singleFile = try value(for: argument)
      case "--per-source-file": perSourceFile = true
      case "--check", "--dry-run":
        let requested: GeneratorOptions.Mode = argument == "--check" ? .check : .dryRun
        if mode != .write && mode != requested {
          throw UsageError(message: "'--check' and '--dry-run' cannot be combined")
        }
        mode = requested
      case "--regenerate-command": regenerateCommand = try value(for: argument)
      case "--no-cache": usesStamp = false
      case "--force": force = true
      case "--args": argumentTexts.append(try value(for: argument))
      case "--stencil-whitespace": whitespace = .stencil
      case "--quiet", "-q", "--verbose", "-v":
        let requested: GenerationReport.Verbosity = argument.contains("q") ? .quiet : .verbose
        if verbosity != .normal && verbosity != requested {
          throw UsageError(message: "'--quiet' and '--verbose' cannot be combined")
        }
        verbosity = requested
      default:
        if argument.hasPrefix("-") {
          let known = [
            "--output", "--templates", "--root", "--single-file", "--check", "--dry-run",
            "--no-cache", "--force", "--quiet", "--verbose", "--regenerate-command", "--help",
            "--args", "--stencil-whitespace", "--per-source-file",
          ]
          let suggestion = EditDistance.suggestion(for: argument, among: known)
          let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
          throw UsageError(message: "unknown option '\(argument)'\(hint)")
        }
        sources.append(argument)
      }
      index += 1
    }
    guard !sources.isEmpty else {
      throw UsageError(message: "'generate' needs at least one source file or folder")
    }
    guard let output else { throw UsageError(message: "'generate' needs '--output <dir>'") }
    if perSourceFile && singleFile != nil {
      throw UsageError(message: "'--per-source-file' and '--single-file' cannot be combined")
    }
    let options = GeneratorOptions(
      sources: sources, output: output, templates: templates, root: root,
      singleFile: singleFile, mode: mode, usesStamp: usesStamp, force: force,
      arguments: GeneratorOptions.parseArguments(argumentTexts.joined(separator: ",")),
      whitespace: whitespace, perSourceFile: perSourceFile)
    return .generate(options, verbosity: verbosity, regenerateCommand: regenerateCommand)
  }
}
