import Foundation

/// Stencil's `{% now "format" %}`: the current date and time in a `DateFormatter` format
/// (default `yyyy-MM-dd 'at' HH:mm`), in the POSIX locale and the machine's time zone.
///
/// ```text
/// // Generated on {% now "yyyy-MM-dd" %}
/// ```
/// A template using it is no longer byte-identical across runs, which Quarry's own templates
/// are; keep it to files that are not checked in.
final class NowNode: Sendable {
  let format: Expression?
  let location: SourceLocation

  init(format: Expression?, location: SourceLocation) {
    self.format = format
    self.location = location
  }

  static let defaultFormat = "yyyy-MM-dd 'at' HH:mm"

  func render(in renderer: inout Renderer) {
    var pattern = Self.defaultFormat
    if let format {
      guard let value = renderer.evaluate(format) else { return }
      guard case .string(let string) = value else {
        renderer.report(.nowFormat(kind: value.kindDescription), at: location)
        return
      }
      pattern = string
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = pattern
    renderer.output += formatter.string(from: Date())
  }
}

extension TemplateParser {
  mutating func parseNow(_ tag: BlockTag) -> Node? {
    guard !tag.tokens.isEmpty else { return .now(NowNode(format: nil, location: tag.location)) }
    guard let format = parseExpression(in: tag, from: 0) else { return nil }
    return .now(NowNode(format: format, location: tag.location))
  }
}
