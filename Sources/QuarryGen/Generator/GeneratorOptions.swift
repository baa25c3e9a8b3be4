/// What one `quarry generate` run should do; the command line fills it in.
///
/// ```swift
/// var options = GeneratorOptions(sources: ["Sources/App/Models"], output: "Sources/App/Generated")
/// options.mode = .check
/// let result = try Generator.run(options)
/// ```
public struct GeneratorOptions: Sendable, Hashable {
  public enum Mode: String, Sendable, Hashable {
    /// Write changed files and remove stale ones.
    case write
    /// Write nothing; report stale, missing and extra files, failing when there are any.
    case check
    /// Write nothing; report what `write` would do.
    case dryRun
  }

  /// Files and folders to scan, as given (relative to `root`, or absolute).
  public var sources: [String]
  /// The folder receiving generated files.
  public var output: String
  /// A folder of `.stencil` templates replacing the defaults.
  public var templates: String?
  /// The folder paths are shown relative to, in headers and diagnostics; the working
  /// directory when nil.
  public var root: String?
  /// When set, every generated Swift file is combined into this one file and `Schema.sql` is
  /// left out: a build tool plugin must name its outputs before it knows the structs.
  public var singleFile: String?
  public var mode: Mode
  /// Whether a write run may skip all work when the stamp of the last clean run still matches
  /// every source, template and generated file (see `GenerationStamp`); `--no-cache` turns
  /// it off.
  public var usesStamp: Bool
  /// Whether a write run may remove every generated file while the sources still hold
  /// persisted structs (see `RemovalGuard`); `--force` turns it on.
  public var force: Bool
  /// Values templates read as `argument.name` (Sourcery's `--args`); see `parseArguments`.
  public var arguments: [String: TemplateValue]
  /// `.stencil` keeps Stencil's whitespace exactly (`--stencil-whitespace`), for diffing
  /// against Sourcery's output; `.quarry` (the default) drops tag-only lines and tidies.
  public var whitespace: TemplateWhitespace

  public init(
    sources: [String], output: String, templates: String? = nil, root: String? = nil,
    singleFile: String? = nil, mode: Mode = .write, usesStamp: Bool = true, force: Bool = false,
    arguments: [String: TemplateValue] = [:], whitespace: TemplateWhitespace = .quarry
  ) {
    self.force = force
    self.arguments = arguments
    self.whitespace = whitespace
    self.sources = sources
    self.output = output
    self.templates = templates
    self.root = root
    self.singleFile = singleFile
    self.mode = mode
    self.usesStamp = usesStamp
  }

  /// Sourcery's `--args` text: `key=value` or a bare `key` (the number 1, Sourcery's `true`),
  /// separated by commas; values typed as in `// sourcery:` annotations (`2` a number,
  /// `\"a b\"` or `name` a string, `[1, 2]` an array); a key given twice collects an array.
  ///
  /// ```swift
  /// GeneratorOptions.parseArguments("module=Birds,verbose,version=2")
  /// // ["module": "Birds", "verbose": 1, "version": 2]
  /// ```
  public static func parseArguments(_ text: String) -> [String: TemplateValue] {
    SourceryAnnotationReader.parse(text, namespaces: false).mapValues(TemplateContext.sourceryValue)
  }
}
