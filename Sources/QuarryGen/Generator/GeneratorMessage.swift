/// Every message the driver reports itself, worded in one place (model and template messages
/// live with their stages).
enum GeneratorMessage: Sendable, Hashable {
  case missingSource(String)
  case defaultTemplatesNotFound
  case missingTemplatesFolder(String)
  case refusingToOverwrite(String, kind: String? = nil)
  case emptyTemplatesFolder(String)
  case refusingToRemoveAll(files: Int, output: String, tables: Int, templates: String)
  case missingMigrationTemplate([String])

  var text: String {
    switch self {
    case .missingSource(let path):
      "no such file or directory: '\(path)'"
    case .defaultTemplatesNotFound:
      "cannot find the default templates; pass '--templates <dir>' or set QUARRY_TEMPLATES"
    case .missingTemplatesFolder(let path):
      "templates folder '\(path)' does not exist"
    case .emptyTemplatesFolder(let path):
      "templates folder '\(path)' holds no '\(TemplateLocator.marker)' and no other top-level "
        + "'.stencil' template, so it would generate nothing; check '--templates'"
    case .refusingToRemoveAll(let files, let output, let tables, let templates):
      "refusing to remove all \(GenerationReport.plural(files, "generated file")) in "
        + "'\(output)' while the sources hold \(GenerationReport.plural(tables, "persisted struct")): "
        + "the templates in '\(templates)' produce none of them; check '--templates', or pass "
        + "'--force' to remove them"
    case .missingMigrationTemplate(let identifiers):
      "the schema changed and needs the migrations "
        + "\(identifiers.map { "'\($0)'" }.joined(separator: ", ")), but the templates folder "
        + "has no 'Migration.stencil' to write them with (copy it from quarry's default templates)"
    case .refusingToOverwrite(let path, let kind?):
      "refusing to overwrite '\(path)': it is \(kind), not a regular file quarry wrote; "
        + "remove it or choose another '--output'"
    case .refusingToOverwrite(let path, nil):
      "refusing to overwrite '\(path)': it does not start with the "
        + "'\(GeneratedHeader.marker)' header"
    }
  }
}
