/// The outcome of `Generator.run`: diagnostics to print and what happened to each file.
public struct GenerationResult: Sendable {
  /// The input files `DiagnosticRenderer` needs: every template read and each source file a
  /// diagnostic points into (read again after the run, which keeps only declarations).
  public var files: [SourceFile]
  public var diagnostics: [Diagnostic]
  /// File changes, sorted by path, relative to the output directory; `unchanged` included.
  /// Empty when errors stopped the run before output.
  public var changes: [FileChange]
  /// The output directory as shown to users (relative to the root).
  public var outputDisplayPath: String
  public var mode: GeneratorOptions.Mode
  /// How many Swift files were scanned and how many tables came out, for `--verbose`.
  public var scannedFileCount: Int
  public var tableCount: Int

  public init(
    files: [SourceFile] = [], diagnostics: [Diagnostic] = [], changes: [FileChange] = [],
    outputDisplayPath: String = "", mode: GeneratorOptions.Mode = .write,
    scannedFileCount: Int = 0, tableCount: Int = 0
  ) {
    self.files = files
    self.diagnostics = diagnostics
    self.changes = changes
    self.outputDisplayPath = outputDisplayPath
    self.mode = mode
    self.scannedFileCount = scannedFileCount
    self.tableCount = tableCount
  }

  public var hasErrors: Bool { diagnostics.contains(where: \.isError) }

  /// Files that are not as planned: what `--check` lists. A kept file is not: no run will
  /// change it (the run's warning names it).
  public var outOfDate: [FileChange] {
    changes.filter { $0.kind != .unchanged && $0.kind != .keep }
  }

  /// Files quarry wrote, no longer generates and left in place because they were edited.
  public var kept: [FileChange] { changes.filter { $0.kind == .keep } }

  /// 1 when an error was reported or `--check` found something out of date, else 0.
  public var exitCode: Int32 {
    if hasErrors { return 1 }
    if mode == .check && !outOfDate.isEmpty { return 1 }
    return 0
  }
}
