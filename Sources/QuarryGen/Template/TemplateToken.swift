/// One piece of a template: literal text or a tag, as byte ranges into the template file.
struct TemplateToken: Sendable {
  enum Kind: Sendable, Equatable {
    /// Literal text, emitted as is (after the whitespace rules have trimmed it).
    case text
    /// `{{ … }}`.
    case variable
    /// `{% … %}`.
    case block
    /// `{# … #}`.
    case comment
    /// The line ending of a line that held only block tags and comments (Quarry's whitespace
    /// mode): printed only when the output does not already end a line, so dropping a tag
    /// line never glues the text before it to the text after it.
    case lineBreak
  }

  var kind: Kind
  /// For text, the bytes to emit; for tags, the contents between the delimiters and any `-`.
  var start: Int
  var end: Int
  /// The whole tag, delimiters included (equal to `start..<end` for text).
  var tagStart: Int
  var tagEnd: Int
  /// `{%-`, `{{-`, `{#-`: trim whitespace, newlines included, before the tag.
  var trimsBefore = false
  /// `-%}`, `-}}`, `-#}`: trim whitespace, newlines included, after the tag.
  var trimsAfter = false
  /// Stencil's `{%+` or `+%}`: keep the whitespace around the tag, so in Quarry's mode the
  /// tag's line is printed even when it holds only tags.
  var keepsWhitespace = false
}
