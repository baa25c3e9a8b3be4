/// One piece of a parsed template. A closed set: a new tag is one case plus one file in
/// `Nodes/` holding its parsing and rendering.
///
/// Tag payloads are immutable final classes so walking the tree retains one reference per
/// node instead of every field of a struct: rendering is dominated by reference counting.
enum Node: Sendable {
  /// Literal text, whitespace rules already applied.
  case text(String)
  /// The line ending of a dropped tag-only line: printed unless the output already ends a
  /// line (see `TemplateLexer`).
  case lineBreak(String)
  /// `{{ expression }}`.
  case output(Expression)
  /// `{% for %}…{% empty %}…{% endfor %}`.
  case forLoop(ForNode)
  /// `{% if %}…{% elif %}…{% else %}…{% endif %}`.
  case conditional(IfNode)
  /// `{% include "name" %}`.
  case include(IncludeNode)
  /// `{% set name = expression %}`.
  case set(SetNode)
  /// `{% filter name %}…{% endfilter %}`.
  case filterBlock(FilterBlockNode)
  /// `{% fits width %}…{% else %}…{% endfits %}`.
  case fits(FitsNode)
  /// StencilSwiftKit's `{% macro name a b %}…{% endmacro %}`: defines, prints nothing.
  case macro(MacroNode)
  /// StencilSwiftKit's `{% call name x y %}`.
  case call(CallNode)
  /// StencilSwiftKit's `{% map list into result using item %}…{% endmap %}`.
  case map(MapNode)
  /// `{% extends "Base" %}`: renders the base template with this one's blocks.
  case extends(ExtendsNode)
  /// `{% block name %}…{% endblock %}`.
  case block(BlockNode)
  /// `{% break %}`, `{% continue %}`.
  case loopControl(LoopControlNode)
  /// `{% now "format" %}`.
  case now(NowNode)
  /// StencilSwiftKit's `{% import "name" %}`.
  case importTemplate(ImportNode)
}
