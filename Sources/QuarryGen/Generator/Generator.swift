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
    /// The path the failure is about, as users see it, when there is one.
    public var path: String?

    public init(description: String, path: String? = nil) {
      self.description = description
      self.path = path
    }

    /// The line to print: `path: error: …`, or `quarry: error: …` without a path.
    public var rendered: String {
      "\(path.map(SwiftLiteral.oneLine) ?? "quarry"): error: \(SwiftLiteral.oneLine(description))"
    }
  }

  /// Runs the pipeline once.
  ///
  /// - Throws: `Failure` when no templates can be found or a planned file is not quarry's,
  ///   or an I/O error from reading or writing files. User mistakes are diagnostics instead.
  public static func run(_ options: GeneratorOptions) throws -> GenerationResult {
    var read: [String: ReadSource] = [:]
    let result = try run(options, read: &read)
    return withSourceLines(result, read: read)
  }

  private static func run(_ options: GeneratorOptions, read: inout [String: ReadSource]) throws
    -> GenerationResult
  {
    let workingDirectory = FileManager.default.currentDirectoryPath
    let root = RelativePath.absolute(options.root ?? ".", base: workingDirectory)
    let output = RelativePath.absolute(options.output, base: workingDirectory)
    var result = GenerationResult(
      outputDisplayPath: RelativePath.from(root, to: output), mode: options.mode)
    if let failure = options.singleFile.flatMap(OutputFolderCheck.singleFileName) {
      throw failure
    }
    if let failure = OutputFolderCheck.overlap(
      output: OutputFolderCheck.standardized(options.output, base: workingDirectory),
      outputDisplay: result.outputDisplayPath,
      sources: options.sources.map {
        ($0, OutputFolderCheck.standardized($0, base: workingDirectory))
      })
    {
      throw failure
    }

    let files = findSources(
      options.sources, base: workingDirectory, root: root, output: output, into: &result)
    // The stamp and the scan (which needs to know whether a template reads Sourcery's `types`)
    // read the templates folder; a folder that cannot be used fails below, after the scan's
    // diagnostics.
    let templateFolder = Result { try templatesFolder(options.templates, base: workingDirectory) }
    // A write run with nothing changed since the last clean one stops here (see
    // `GenerationStamp`); --check, --dry-run and --no-cache always compare.
    let stamp =
      options.mode == .write && options.usesStamp && !result.hasErrors
      ? (try? templateFolder.get()).flatMap {
        Self.stamp(files, templates: $0.folder, options, workingDirectory)
      } : nil
    if let stamp, let location = GenerationStamp.location(forOutput: output),
      let saved = GenerationStamp.load(from: location), saved.key == stamp.key,
      saved.inputs == stamp.inputs,
      GenerationStamp.signatures(
        of: GenerationStamp.outputPaths(folder: output, files: saved.outputFiles))
        == saved.outputs
    {
      result.changes = saved.outputFiles.map { FileChange(.unchanged, $0) }
      result.scannedFileCount = saved.scannedFileCount
      result.tableCount = saved.tableCount
      return result
    }

    let templateRenderer = templateFolder.map { templates in
      TemplateRenderer(
        folder: templates.folder, displayFolder: RelativePath.from(root, to: templates.folder),
        whitespace: options.whitespace, arguments: options.arguments,
        selected: templates.selected)
    }
    let keepsTypes = (try? templateRenderer.get())?.readsSourceryTypes ?? true
    var scanned = scanSources(files, keepingTypes: keepsTypes, read: &read, into: &result)
    var built = ModelBuilder().build(scanned)
    // Only templates that read Sourcery's `types` read the declarations again.
    if !keepsTypes { scanned = [] }
    result.diagnostics += built.diagnostics
    result.tableCount = built.model.tables.count
    if result.hasErrors { return result }

    let (templates, selected) = try templateFolder.get()
    // Migrations live in the checked-in folder only: the build tool plugin's output is
    // rebuilt from nothing, so it has no previous schema to compare with; a run of one
    // selected template writes only that template's file.
    var model = built.model
    built.model = SchemaModel()
    var keptMigrations: [GeneratedFile] = []
    if options.singleFile == nil && !options.perSourceFile && selected == nil {
      keptMigrations = migrations(for: &model, output: output, diagnostics: &result.diagnostics)
      if result.hasErrors { return result }
    }
    let renderer = try templateRenderer.get()
    if !model.migrations.isEmpty && !renderer.loader.templateNames().contains("Migration") {
      throw Failure(
        description: GeneratorMessage.missingMigrationTemplate(
          model.migrations.map(\.identifier)
        ).text)
    }
    let writer = FileWriter(directory: output)
    let scannedPaths = Set(files.map(\.display))
    let outputDisplay = result.outputDisplayPath
    let tableCount = result.tableCount
    // The checks every change list passes before anything is written.
    let checks = { (changes: [FileChange]) throws in
      if !options.force {
        if let failure = OutputFolderCheck.foreignSources(
          changes, manifest: writer.manifest(), scanned: scannedPaths, root: root,
          outputDisplay: outputDisplay, givenSources: options.sources)
        {
          throw failure
        }
      }
      if options.mode == .write && !options.force,
        let refusal = RemovalGuard.refusal(
          changes, tableCount: tableCount, output: outputDisplay,
          templates: RelativePath.from(root, to: templates))
      {
        throw Failure(description: refusal)
      }
    }
    let plannedNames: [String]
    do {
      if options.singleFile == nil && !options.perSourceFile {
        // One file per job: rendered, compared and staged a batch at a time, so the run never
        // holds every generated file (see `renderAndWrite`).
        // The jobs are handed over, not shared: `renderAndWrite` lets go of those done.
        var jobs: [TemplateRenderer.Job]
        let context: TemplateContext
        (jobs, context) = renderer.prepare(
          model, scanned: scanned, diagnostics: &result.diagnostics)
        result.files += renderer.loadedFiles()
        if result.hasErrors { return result }
        // The declarations and the model are in the context now; the rest can go.
        scanned = []
        model = SchemaModel()
        plannedNames = (jobs.map(\.path) + keptMigrations.map(\.path)).sorted()
        let changes = try OutputLock.withLock(
          onFolder: output, exclusive: options.mode == .write,
          waiting: { waitingNotice(outputDisplay) }
        ) {
          try renderAndWrite(
            jobs: &jobs, context: context, engine: renderer.engine,
            kept: keptMigrations, writer: writer, mode: options.mode, result: &result,
            checks: checks)
        }
        guard let changes else { return result }
        result.changes = changes
      } else {
        let rendered = renderer.render(model, scanned: scanned, diagnostics: &result.diagnostics)
        var plan = OutputPlan(files: rendered.files + keptMigrations)
        result.files += renderer.loadedFiles()
        if result.hasErrors { return result }
        if let singleFile = options.singleFile {
          plan = combined(plan, into: singleFile, sources: model.tables.map(\.sourcePath))
        } else {
          plan = perSource(plan, model, sources: files.map(\.display))
        }
        plannedNames = plan.files.map(\.path)
        // Comparing and writing happen under the folder's lock, so a concurrent run into the
        // same folder waits and then compares against what this one wrote.
        result.changes = try OutputLock.withLock(
          onFolder: output, exclusive: options.mode == .write,
          waiting: { waitingNotice(outputDisplay) }
        ) {
          let changes = try writer.changes(for: plan)
          try checks(changes)
          if options.mode == .write { return try writer.apply(plan, changes: changes) }
          // A checked-in manifest that no longer lists what the run writes is out of date
          // like any generated file (a folder without one, from an older quarry, is not: the
          // next write adds it). Digests are left out: a file whose digest changed is itself
          // out of date, and a manifest of an older quarry, without digests, is not.
          if let manifest = writer.manifest(), manifest.files != OutputManifest(plan).files {
            return (changes + [FileChange(.update, OutputManifest.fileName)]).sorted()
          }
          return changes
        }
      }
    } catch let conflict as FileWriter.Conflict {
      let path = "\(result.outputDisplayPath)/\(conflict.path)"
      throw Failure(
        description: GeneratorMessage.refusingToOverwrite(path, kind: conflict.kind).text)
    } catch let failure as OutputError {
      throw Failure(description: failure.message, path: RelativePath.from(root, to: failure.path))
    }
    if var stamp, result.diagnostics.isEmpty,
      !GenerationStamp.isRecentlyModified(stamp.inputs.compactMap(Self.path(ofSignatureLine:))),
      let location = GenerationStamp.location(forOutput: output)
    {
      let names = plannedNames
      if let outputs = GenerationStamp.signatures(
        of: GenerationStamp.outputPaths(folder: output, files: names))
      {
        stamp.outputs = outputs
        stamp.outputFiles = names
        stamp.scannedFileCount = result.scannedFileCount
        stamp.tableCount = result.tableCount
        stamp.save(to: location)
      }
    }
    return result
  }

  /// Says on standard error why a run has not finished: another one holds the folder.
  private static func waitingNotice(_ output: String) {
    FileHandle.standardError.write(
      Data(
        "quarry: waiting for another quarry run to finish writing '\(SwiftLiteral.oneLine(output))'\n"
          .utf8))
  }

  /// The inputs half of this run's stamp, taken before any source is read; nil when the
  /// run cannot be skipped (a missing source or template folder).
  private static func stamp(
    _ sources: [(absolute: String, display: String)], templates: String,
    _ options: GeneratorOptions, _ workingDirectory: String
  ) -> GenerationStamp? {
    guard !sources.isEmpty, let enumerator = FileManager.default.enumerator(atPath: templates)
    else { return nil }
    var templateFiles: [String] = []
    while let name = enumerator.nextObject() as? String {
      templateFiles.append(templates + "/" + name)
    }
    guard
      let inputs = GenerationStamp.signatures(
        of: sources.map(\.absolute) + templateFiles.sorted() + [templates])
    else { return nil }
    let executable = Bundle.main.executablePath.flatMap(GenerationStamp.signature(of:)) ?? ""
    let key = [
      QuarryVersion.current, executable, workingDirectory,
      options.sources.joined(separator: "\u{1}"),
      options.output, options.templates ?? "", options.root ?? "", options.singleFile ?? "",
      options.perSourceFile ? "per-source-file" : "",
      TemplateValue.dictionary(options.arguments).renderedText, options.whitespace.rawValue,
    ].joined(separator: "\u{2}")
    return GenerationStamp(
      key: GenerationStamp.digest(key), inputs: inputs, outputs: [], outputFiles: [],
      scannedFileCount: 0,
      tableCount: 0)
  }

  /// The path in a `GenerationStamp.signatures` line.
  private static func path(ofSignatureLine line: String) -> String? {
    line.firstIndex(of: " ").map { String(line[line.index(after: $0)...]) }
  }

  /// The Swift files of `sources`, skipping the output folder, shown relative to `root`; a
  /// missing source is an error diagnostic.
  private static func findSources(
    _ sources: [String], base: String, root: String, output: String,
    into result: inout GenerationResult
  ) -> [(absolute: String, display: String)] {
    // Resolved like `root` and `output`, so display paths and the exclusion line up even
    // through symbolic links (`/tmp` and `/private/tmp`).
    let absolute = sources.map { RelativePath.absolute($0, base: base) }
    let (files, missing) = ProjectScanner.swiftFiles(
      in: absolute, relativeTo: base,
      excluding: Array(Set([output, OutputFolderCheck.realPath(output)]))
    ) { path, _ in RelativePath.from(root, to: path) }
    let missingPaths = Set(missing)
    for (source, path) in zip(sources, absolute) where missingPaths.contains(path) {
      result.diagnostics.append(
        .error(
          GeneratorMessage.missingSource(source).text,
          at: SourceLocation(path: source, offset: 0)))
    }
    return files
  }

  /// Reads and scans `files` once, on all cores, skipping files quarry generated.
  ///
  /// The results keep their declarations but not their bytes: held to the end for the
  /// diagnostics' source lines, they were a whole copy of the input beside the model (issue
  /// 20). `read` remembers where each file is and its length, so that `withSourceLines` reads
  /// again only the files a diagnostic points into, and only when they have not changed since.
  private static func scanSources(
    _ files: [(absolute: String, display: String)], keepingTypes keepsTypes: Bool,
    read: inout [String: ReadSource], into result: inout GenerationResult
  ) -> [ScannedFile] {
    let absolutePaths = Dictionary(files.map { ($0.display, $0.absolute) }) { first, _ in first }
    var scanned = ProjectScanner.scan(files, keepsTypes: keepsTypes) {
      GeneratedHeader.isGenerated($0)
    }.compactMap { $0 }
    for index in scanned.indices {
      let file = scanned[index].file
      read[file.path] = ReadSource(
        absolutePath: absolutePaths[file.path] ?? file.path, size: file.bytes.count)
      scanned[index].file = SourceFile(path: file.path, bytes: [])
      result.diagnostics += scanned[index].diagnostics
    }
    result.scannedFileCount = scanned.count
    return scanned
  }

  /// A scanned file, by display path: where to read it again and how long it was.
  private struct ReadSource {
    var absolutePath: String
    var size: Int
  }

  /// `result` with the scanned files its diagnostics point into, read again.
  ///
  /// A file whose length changed since the scan is left out: its lines may have moved, and
  /// the diagnostic then names the file without a line rather than a wrong one.
  private static func withSourceLines(_ result: GenerationResult, read: [String: ReadSource])
    -> GenerationResult
  {
    var named = Set(result.diagnostics.map(\.location.path))
    for diagnostic in result.diagnostics {
      named.formUnion(diagnostic.notes.compactMap(\.location?.path))
    }
    named.subtract(result.files.map(\.path))
    var result = result
    for path in named.sorted() {
      guard let source = read[path] else { continue }
      let bytes = ExistingFile.contents(atPath: source.absolutePath, followingLinks: true) ?? []
      if bytes.count == source.size { result.files.append(SourceFile(path: path, bytes: bytes)) }
    }
    return result
  }

  /// `--templates` when given, else the default templates (see `TemplateLocator`). A given
  /// `.stencil` file, as Sourcery accepts one, is its folder with only that template rendered.
  private static func templatesFolder(_ given: String?, base: String) throws -> (
    folder: String, selected: String?
  ) {
    var folder: String
    if let given {
      folder = RelativePath.absolute(given, base: base)
    } else if let found = TemplateLocator.defaultDirectory() {
      folder = found
    } else {
      throw Failure(description: GeneratorMessage.defaultTemplatesNotFound.text)
    }
    var isDirectory: ObjCBool = false
    if folder.hasSuffix(".stencil"),
      FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      let name = String((folder as NSString).lastPathComponent.dropLast(".stencil".count))
      folder = (folder as NSString).deletingLastPathComponent
      return (folder, name)
    }
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw Failure(description: GeneratorMessage.missingTemplatesFolder(given ?? folder).text)
    }
    // A folder with nothing to render would make the run remove every generated file.
    let hasTemplate = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .contains { $0.hasSuffix(".stencil") && !$0.hasPrefix("_") && !$0.hasPrefix(".") }
    guard hasTemplate else {
      throw Failure(description: GeneratorMessage.emptyTemplatesFolder(given ?? folder).text)
    }
    return (folder, nil)
  }

  /// The plan's Swift files joined into one file named `name` (for the build tool plugin).
  private static func combined(_ plan: OutputPlan, into name: String, sources: [String])
    -> OutputPlan
  {
    let swiftFiles = plan.files.filter { $0.path.hasSuffix(".swift") }
    let body = SwiftFileCombiner.combine(swiftFiles.map { bodyWithoutHeader($0.contents) })
    let sources = Set(sources).sorted()
    let header = GeneratedHeader.line(forFileAt: name, sources: sources)
    return OutputPlan(files: [
      GeneratedFile(
        path: name, contents: GeneratedText.file(header: header, body: body), sources: sources)
    ])
  }

  /// The plan's Swift files regrouped by source (`--per-source-file`, for the build tool
  /// plugin): each source's tables, enums and owned children go to its `SourceOutputNames`
  /// file, which exists even when empty since the plugin declared it; the rest (the
  /// `QuarryTables` registry, other once-rendered templates) to the shared file.
  private static func perSource(_ plan: OutputPlan, _ model: SchemaModel, sources: [String])
    -> OutputPlan
  {
    var owners: [String: String] = [:]
    for table in model.tables {
      owners[TemplateRenderer.outputName(forElement: table.typeName)] = table.sourcePath
    }
    for model in model.enums {
      owners[TemplateRenderer.outputName(forElement: model.name)] = model.sourcePath
    }
    for child in model.children {
      owners[TemplateRenderer.outputName(forElement: child.typeName)] = child.sourcePath
    }
    let names = SourceOutputNames.names(for: sources)
    var groups: [String: (sources: Set<String>, bodies: [String])] = [:]
    for source in sources { groups[names[source] ?? SourceOutputNames.shared] = ([source], []) }
    groups[SourceOutputNames.shared] = (Set(model.tables.map(\.sourcePath)), [])
    for file in plan.files where file.path.hasSuffix(".swift") {
      let name = owners[file.path].flatMap { names[$0] } ?? SourceOutputNames.shared
      groups[name, default: ([], [])].bodies.append(bodyWithoutHeader(file.contents))
    }
    return OutputPlan(
      files: groups.map { name, group in
        let sources = group.sources.sorted()
        let header = GeneratedHeader.line(forFileAt: name, sources: sources)
        let body = SwiftFileCombiner.combine(group.bodies)
        return GeneratedFile(
          path: name, contents: GeneratedText.file(header: header, body: body), sources: sources)
      })
  }

  /// A generated file's text after its header lines (one, or one per source), starting with
  /// the blank line below them; `GeneratedText.file` always puts that blank line there.
  static func bodyWithoutHeader(_ contents: String) -> String {
    guard let blankLine = contents.range(of: "\n\n") else { return "" }
    return String(contents[contents.index(after: blankLine.lowerBound)...])
  }
}
