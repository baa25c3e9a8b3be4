import Foundation

/// The whole pipeline behind `quarry generate`: collect sources, scan, build the model, render
/// the templates, then write, check or dry-run the output.
///
/// Keeps the command line thin: it parses arguments into `GeneratorOptions`, calls `run`,
/// prints the result's diagnostics and report, and exits with `exitCode`.
///
/// ```swift
/// let result = try Generator.run(GeneratorOptions(sources: ["Models"], output: "Generated"))
/// print(DiagnosticRenderer(files: result.files).render(result.diagnostics))
/// exit(result.exitCode)
/// ```
public enum Generator {
  /// Problems that are not the user's Swift: a missing template folder, a file in the way.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// Runs the pipeline once.
  ///
  /// - Throws: `Failure` when no templates can be found or a planned file is not quarry's,
  ///   or an I/O error from reading or writing files. User mistakes are diagnostics instead.
  public static func run(_ options: GeneratorOptions) throws -> GenerationResult {
    let workingDirectory = FileManager.default.currentDirectoryPath
    let root = RelativePath.absolute(options.root ?? ".", base: workingDirectory)
    let output = RelativePath.absolute(options.output, base: workingDirectory)
    var result = GenerationResult(
      outputDisplayPath: RelativePath.from(root, to: output), mode: options.mode)

    let scanned = scanSources(
      options.sources, base: workingDirectory, root: root, output: output, into: &result)
    let built = ModelBuilder().build(scanned)
    result.diagnostics += built.diagnostics
    result.tableCount = built.model.tables.count
    if result.hasErrors { return result }

    let templates = try templatesFolder(options.templates, base: workingDirectory)
    let renderer = TemplateRenderer(
      folder: templates, displayFolder: RelativePath.from(root, to: templates))
    var plan = renderer.render(built.model, scanned: scanned, diagnostics: &result.diagnostics)
    result.files += renderer.loadedFiles()
    if result.hasErrors { return result }
    if let singleFile = options.singleFile {
      plan = combined(plan, into: singleFile, sources: built.model.tables.map(\.sourcePath))
    }

    let writer = FileWriter(directory: output)
    do {
      result.changes =
        options.mode == .write ? try writer.apply(plan) : try writer.changes(for: plan)
    } catch let conflict as FileWriter.Conflict {
      let path = "\(result.outputDisplayPath)/\(conflict.path)"
      throw Failure(description: GeneratorMessage.refusingToOverwrite(path).text)
    }
    return result
  }

  /// Reads and scans every Swift file of `sources` once, on all cores, skipping the output
  /// folder and files quarry generated; files are shown relative to `root`, and a missing
  /// source is an error diagnostic.
  private static func scanSources(
    _ sources: [String], base: String, root: String, output: String,
    into result: inout GenerationResult
  ) -> [ScannedFile] {
    // Resolved like `root` and `output`, so display paths and the exclusion line up even
    // through symbolic links (`/tmp` and `/private/tmp`).
    let absolute = sources.map { RelativePath.absolute($0, base: base) }
    let (files, missing) = ProjectScanner.swiftFiles(
      in: absolute, relativeTo: base, excluding: [output]
    ) { path, _ in RelativePath.from(root, to: path) }
    let missingPaths = Set(missing)
    for (source, path) in zip(sources, absolute) where missingPaths.contains(path) {
      result.diagnostics.append(
        .error(
          GeneratorMessage.missingSource(source).text,
          at: SourceLocation(path: source, offset: 0)))
    }
    let scanned = ProjectScanner.scan(files) { GeneratedHeader.isGenerated($0) }
      .compactMap { $0 }
    for file in scanned {
      result.files.append(file.file)
      result.diagnostics += file.diagnostics
    }
    result.scannedFileCount = scanned.count
    return scanned
  }

  /// `--templates` when given, else the default templates (see `TemplateLocator`).
  private static func templatesFolder(_ given: String?, base: String) throws -> String {
    let folder: String
    if let given {
      folder = RelativePath.absolute(given, base: base)
    } else if let found = TemplateLocator.defaultDirectory() {
      folder = found
    } else {
      throw Failure(description: GeneratorMessage.defaultTemplatesNotFound.text)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw Failure(description: GeneratorMessage.missingTemplatesFolder(given ?? folder).text)
    }
    return folder
  }

  /// The plan's Swift files joined into one file named `name` (for the build tool plugin).
  private static func combined(_ plan: OutputPlan, into name: String, sources: [String])
    -> OutputPlan
  {
    let swiftFiles = plan.files.filter { $0.path.hasSuffix(".swift") }
    let body = SwiftFileCombiner.combine(swiftFiles.map { bodyWithoutHeader($0.contents) })
    let header = GeneratedHeader.line(forFileAt: name, sources: Set(sources).sorted())
    return OutputPlan(files: [
      GeneratedFile(path: name, contents: GeneratedText.file(header: header, body: body))
    ])
  }

  /// A generated file's text after its header line and the blank line below it.
  static func bodyWithoutHeader(_ contents: String) -> String {
    guard let newline = contents.firstIndex(of: "\n") else { return "" }
    return String(contents[contents.index(after: newline)...])
  }
}
