/// How a template's whitespace reaches the output.
///
/// ```text
///     {% for name in names %}        quarry:  id⏎name⏎
///     {{ name }}                     stencil: ⏎    id⏎⏎    name⏎   (each tag line leaves its
///     {% endfor %}                            indentation and line ending behind)
/// ```
public enum TemplateWhitespace: String, Sendable, Hashable {
  /// Quarry's rules: a line holding only block tags and comments emits nothing, and the
  /// generator tidies each file (no trailing spaces, blank-line runs collapsed to one).
  case quarry
  /// Stencil's (and so Sourcery's): text outside tags is copied exactly, tag-only lines
  /// included, and the generator adds its header but does not tidy the body. For diffing
  /// against output Sourcery wrote from the same templates.
  case stencil
}
