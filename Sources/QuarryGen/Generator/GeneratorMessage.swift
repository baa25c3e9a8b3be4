/// Every message the driver reports itself, worded in one place (model and template messages
/// live with their stages).
enum GeneratorMessage: Sendable, Hashable {
  case missingSource(String)
  case defaultTemplatesNotFound
  case missingTemplatesFolder(String)
  case refusingToOverwrite(String)

  var text: String {
    switch self {
    case .missingSource(let path):
      "no such file or directory: '\(path)'"
    case .defaultTemplatesNotFound:
      "cannot find the default templates; pass '--templates <dir>' or set QUARRY_TEMPLATES"
    case .missingTemplatesFolder(let path):
      "templates folder '\(path)' does not exist"
    case .refusingToOverwrite(let path):
      "refusing to overwrite '\(path)': it does not start with the "
        + "'\(GeneratedHeader.marker)' header"
    }
  }
}
