import Foundation

/// Renders a template folder over the model into an `OutputPlan`.
///
/// Naming convention in the folder:
/// - `Table.stencil`: once per persisted struct, into `<Type>+Quarry.swift`;
/// - `Enum.stencil`: once per raw-value enum a column uses, into `<Enum>+Quarry.swift`;
/// - `Child.stencil`: once per struct an `owned` property holds, into `<Child>+Quarry.swift`;
/// - `Migration.stencil`: once per migration this run writes, into
///   `Migrations/<identifier>.swift` (see `SchemaDiff`);
/// - any other top-level `<Name>.stencil` not starting with `_`: once, into `<Name>` when the
///   name has an extension of its own (`Schema.sql.stencil` gives `Schema.sql`), else into
///   `<Name>.generated.swift` as Sourcery names it (`RealmObjects.stencil` gives
///   `RealmObjects.generated.swift`);
/// - `_Name.stencil` and templates in subfolders: only for `{% include %}`.
///
/// Every file gets the quarry header naming its source files, then tidy text.
struct TemplateRenderer {
  let engine: TemplateEngine
  let loader: DirectoryTemplateLoader
  /// `argument` in every template.
  let arguments: [String: TemplateValue]
  /// The one template to render when `--templates` names a file (`AutoMockable`); the
  /// folder's other templates are then only for `{% include %}` and `{% extends %}`.
  let selected: String?
  /// Whether some template's tags mention Sourcery's `types` or `type`. They cost as much as
  /// the model's own values to build, and the scan must keep every class, protocol and
  /// extension with its members for them (see `SourceScanner.keepsTypes`), so only then.
  let readsSourceryTypes: Bool

  init(
    folder: String, displayFolder: String, whitespace: TemplateWhitespace = .quarry,
    arguments: [String: TemplateValue] = [:], selected: String? = nil
  ) {
    let loader = DirectoryTemplateLoader(directory: folder, displayDirectory: displayFolder)
    self.loader = loader
    engine = TemplateEngine(loader: loader, whitespace: whitespace)
    self.arguments = arguments
    self.selected = selected
    readsSourceryTypes = loader.templateNames().contains { name in
      guard let file = loader.loadTemplate(named: name) else { return false }
      let words = TemplateWords.words(in: file)
      return words.contains("types") || words.contains("type")
    }
  }

  func render(
    _ model: SchemaModel, scanned: [ScannedFile], diagnostics: inout [Diagnostic]
  ) -> OutputPlan {
    let prepared = prepare(model, scanned: scanned, diagnostics: &diagnostics)
    // Files render on all cores; diagnostics are gathered afterwards in job order, so the
    // run's output never depends on thread timing.
    let rendered = prepared.jobs.concurrentMap { [engine] job in
      Self.render(job, context: prepared.context, engine: engine)
    }
    var seen: Set<Diagnostic> = []
    for found in rendered.lazy.map(\.diagnostics) {
      for diagnostic in found where seen.insert(diagnostic).inserted {
        diagnostics.append(diagnostic)
      }
    }
    return OutputPlan(files: rendered.map(\.file))
  }

  /// The files to render, in order, and the context they share: everything short of
  /// rendering, so that a caller can render and write a few at a time (see
  /// `Generator.runStreaming`). Diagnostics are about template names and output paths.
  func prepare(
    _ model: SchemaModel, scanned: [ScannedFile], diagnostics: inout [Diagnostic]
  ) -> (jobs: [Job], context: TemplateContext) {
    let names = selected.map { [$0] } ?? loader.templateNames()
    // Without `readsSourceryTypes`, `types` and `type` stay as `null`, so the names a
    // misspelt variable's suggestion is drawn from are unchanged.
    let extra = ModelContext.values(model)
    // The tables' own values are built as each file reads them (a table's file, the loop of
    // QuarryTables.swift) and dropped after: held together they took 30 KB a table (issue 20).
    let base =
      (readsSourceryTypes
      ? TemplateContext(files: scanned, arguments: arguments, extra: extra)
      : TemplateContext(structs: [], arguments: arguments, extra: extra).adding([
        "types": .null, "type": .null,
      ])).adding(lazy: ModelContext.lazyArrays(model))
    // A table's `type` is its struct's entry in Sourcery's `type` (types by name), built
    // once for the base context, not built again per file.
    let typesByName = base.values["type"]

    var jobs: [Job] = []
    // One array per source file, shared by the jobs of its elements, not one per job.
    var sourceLists: [String: [String]] = [:]
    func sources(_ path: String) -> [String] {
      if let list = sourceLists[path] { return list }
      sourceLists[path] = [path]
      return [path]
    }
    if names.contains("Table") {
      let tables = model.tables
      // Each job reads its table again when it renders: holding each job's table would hold
      // every table as Swift values (see `CompactArray`).
      let values: Job.Values = { position in
        let table = tables[position]
        let type = readsSourceryTypes ? (typesByName?[table.typeName] ?? .null) : .null
        return ["table": ModelContext.tableValue(table), "type": type]
      }
      for (position, table) in tables.enumerated() {
        jobs.append(
          Job(
            template: "Table", path: Self.outputName(forElement: table.typeName),
            sources: sources(table.sourcePath), values: values, position: position,
            element: table.typeName, subject: .table, location: table.location))
      }
    }
    if names.contains("Enum") {
      let enums = model.enums
      let values: Job.Values = { ["enum": ModelContext.enumValue(enums[$0])] }
      for (position, model) in enums.enumerated() {
        jobs.append(
          Job(
            template: "Enum", path: Self.outputName(forElement: model.name),
            sources: sources(model.sourcePath), values: values, position: position,
            element: model.name, subject: .enumeration,
            location: SourceLocation(path: model.sourcePath, offset: 0)))
      }
    }
    if names.contains("Child") {
      let children = model.children
      let values: Job.Values = { ["child": ModelContext.childValue(children[$0])] }
      for (position, child) in children.enumerated() {
        jobs.append(
          Job(
            template: "Child", path: Self.outputName(forElement: child.typeName),
            sources: sources(child.sourcePath), values: values, position: position,
            element: child.typeName, subject: .child, location: child.location))
      }
    }
    if names.contains("Migration") {
      var locations: [String: SourceLocation] = [:]
      if !model.migrations.isEmpty {
        for table in model.tables { locations[table.typeName] = table.location }
      }
      let migrations = model.migrations
      let values: Job.Values = { ["migration": ModelContext.migrationValue(migrations[$0])] }
      for (position, migration) in migrations.enumerated() {
        jobs.append(
          Job(
            template: "Migration", path: migration.path, sources: sources(migration.sourcePath),
            values: values, position: position, element: migration.identifier,
            subject: .migration(tableTypeName: migration.tableTypeName),
            location: locations[migration.tableTypeName]
              ?? SourceLocation(path: migration.sourcePath, offset: 0)))
      }
    }
    let allSources = Set(model.tables.map(\.sourcePath)).sorted()
    let perElement: Set<String> = ["Table", "Enum", "Child", "Migration"]
    for name in names where !perElement.contains(name) {
      if name.hasPrefix("_") || name.contains("/") { continue }
      let templatePath = loader.displayDirectory + "/" + name + ".stencil"
      let location = SourceLocation(path: templatePath, offset: 0)
      if let problem = Self.outputNameProblem(forTemplate: name) {
        diagnostics.append(
          .error(
            "template file '\(SwiftLiteral.oneLine(name)).stencil' \(problem); rename it "
              + "('Name.stencil' writes 'Name.generated.swift', 'Name.txt.stencil' writes "
              + "'Name.txt')", at: location))
        continue
      }
      jobs.append(
        Job(
          template: name, path: Self.outputName(forTemplate: name), sources: allSources,
          values: { _ in [:] }, position: 0, element: nil,
          subject: .template(path: templatePath), location: location))
    }
    jobs = Self.withoutDuplicatePaths(jobs, diagnostics: &diagnostics)
    return (jobs, base)
  }

  /// Renders one job into its file, with the diagnostics the template reported.
  static func render(_ job: Job, context base: TemplateContext, engine: TemplateEngine) -> (
    file: GeneratedFile, diagnostics: [Diagnostic]
  ) {
    let (output, found) = engine.render(
      templateNamed: job.template, context: base.adding(job.extra()), element: job.element)
    let header = GeneratedHeader.line(forFileAt: job.path, sources: job.sources)
    let contents =
      engine.whitespace == .stencil
      ? header + "\n\n" + output : GeneratedText.file(header: header, body: output)
    return (GeneratedFile(path: job.path, contents: contents, sources: job.sources), found)
  }

  /// The file a table's, enum's or owned child's template writes: `<Name>+Quarry.swift`.
  static func outputName(forElement name: String) -> String {
    name + "+Quarry.swift"
  }

  /// The file a once-rendered template writes: its name when that has an extension
  /// (`Schema.sql`), else Sourcery's `<Name>.generated.swift`.
  static func outputName(forTemplate name: String) -> String {
    name.utf8.contains(UInt8(ascii: ".")) ? name : name + ".generated.swift"
  }

  /// Why a once-rendered template's name gives no usable output name, or nil.
  static func outputNameProblem(forTemplate name: String) -> String? {
    if name.isEmpty || name.allSatisfy({ $0 == "." }) {
      return "has no name before '.stencil', so it names no output file"
    }
    if name.hasPrefix(".") {
      return "would write the hidden file '\(SwiftLiteral.oneLine(outputName(forTemplate: name)))'"
    }
    return nil
  }

  /// `jobs` with each output path once: a later job whose file an earlier one writes (a
  /// struct and an enum of one name in two folders, a template named `Bird+Quarry.swift`) is
  /// an error naming both, never a second write of the same file.
  private static func withoutDuplicatePaths(_ jobs: [Job], diagnostics: inout [Diagnostic])
    -> [Job]
  {
    // Positions, not jobs: a dictionary of jobs held a second copy of every one (issue 20).
    var firstByPath: [String: Int] = [:]
    firstByPath.reserveCapacity(jobs.count)
    var kept: [Job] = []
    kept.reserveCapacity(jobs.count)
    for (index, job) in jobs.enumerated() {
      guard let first = firstByPath[job.path].map({ jobs[$0] }) else {
        firstByPath[job.path] = index
        kept.append(job)
        continue
      }
      diagnostics.append(
        .error(
          "\(job.what) and \(first.what) would both be written to "
            + "'\(SwiftLiteral.oneLine(job.path))'; rename one of them", at: job.location))
    }
    return kept
  }

  /// One file to render: a template, the keys it sees besides the shared ones, and where the
  /// output goes. A run holds one per output file (65,000 for 32,700 tables), so a job is
  /// small: what it needs is built when it renders or fails.
  struct Job: Sendable {
    var template: String
    var path: String
    var sources: [String]
    /// Builds the keys of the element at `position`, shared by the jobs of one template.
    var values: Values
    var position: Int
    /// The model element named in template errors.
    var element: String?
    /// What writes the file, for the duplicate-output error.
    var subject: Subject
    /// Where that error points.
    var location: SourceLocation

    /// The keys the file sees besides the shared ones, built now.
    func extra() -> [String: TemplateValue] { values(position) }

    typealias Values = @Sendable (Int) -> [String: TemplateValue]

    enum Subject: Sendable {
      case table, enumeration, child
      case migration(tableTypeName: String)
      case template(path: String)
    }

    /// `struct 'Kind' in 'A/Kind.swift'`, `template 'Templates/Schema.sql.stencil'`.
    var what: String {
      let element = element ?? ""
      let source = sources.first ?? ""
      switch subject {
      case .table: return "struct '\(element)' in '\(source)'"
      case .enumeration: return "enum '\(element)' in '\(source)'"
      case .child: return "owned struct '\(element)' in '\(source)'"
      case .migration(let table): return "migration '\(element)' of struct '\(table)'"
      case .template(let path): return "template '\(path)'"
      }
    }
  }

  /// Every template file, for rendering diagnostics with their source lines.
  func loadedFiles() -> [SourceFile] {
    loader.templateNames().compactMap { loader.loadTemplate(named: $0) }
  }
}
