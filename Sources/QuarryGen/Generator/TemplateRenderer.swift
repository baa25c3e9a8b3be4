import Foundation

/// Renders a template folder over the model into an `OutputPlan`.
///
/// Naming convention in the folder:
/// - `Table.stencil`: once per persisted struct, into `<Type>+Quarry.swift`;
/// - `Enum.stencil`: once per raw-value enum a column uses, into `<Enum>+Quarry.swift`;
/// - any other top-level `<Name>.stencil` not starting with `_`: once, into `<Name>`
///   (`Schema.sql.stencil` gives `Schema.sql`);
/// - `_Name.stencil` and templates in subfolders: only for `{% include %}`.
///
/// Every file gets the quarry header naming its source files, then tidy text.
struct TemplateRenderer {
  let engine: TemplateEngine
  let loader: DirectoryTemplateLoader

  init(folder: String, displayFolder: String) {
    loader = DirectoryTemplateLoader(directory: folder, displayDirectory: displayFolder)
    engine = TemplateEngine(loader: loader)
  }

  func render(
    _ model: SchemaModel, scanned: [ScannedFile], diagnostics: inout [Diagnostic]
  ) -> OutputPlan {
    let base = TemplateContext(files: scanned, extra: ModelContext.values(model))
    let structs = Dictionary(
      scanned.flatMap(\.structs).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var plan = OutputPlan()
    var seen: Set<Diagnostic> = []
    func emit(
      _ template: String, _ path: String, _ sources: [String], _ context: TemplateContext,
      element: String?
    ) {
      let (output, found) = engine.render(
        templateNamed: template, context: context, element: element)
      for diagnostic in found where seen.insert(diagnostic).inserted {
        diagnostics.append(diagnostic)
      }
      let header = GeneratedHeader.line(forFileAt: path, sources: sources)
      plan.add(
        GeneratedFile(path: path, contents: GeneratedText.file(header: header, body: output)))
    }
    let names = loader.templateNames()
    if names.contains("Table") {
      for table in model.tables {
        var extra: [String: TemplateValue] = ["table": ModelContext.tableValue(table)]
        if let declaration = structs[table.typeName] {
          extra["type"] = TemplateContext.typeValue(declaration)
        }
        emit(
          "Table", "\(table.typeName)+Quarry.swift", [table.sourcePath], base.adding(extra),
          element: table.typeName)
      }
    }
    if names.contains("Enum") {
      for model in model.enums {
        emit(
          "Enum", "\(model.name)+Quarry.swift", [model.sourcePath],
          base.adding(["enum": ModelContext.enumValue(model)]), element: model.name)
      }
    }
    let sources = Set(model.tables.map(\.sourcePath)).sorted()
    for name in names where name != "Table" && name != "Enum" {
      if name.hasPrefix("_") || name.contains("/") { continue }
      emit(name, name, sources, base, element: nil)
    }
    return plan
  }

  /// Every template file, for rendering diagnostics with their source lines.
  func loadedFiles() -> [SourceFile] {
    loader.templateNames().compactMap { loader.loadTemplate(named: $0) }
  }
}
