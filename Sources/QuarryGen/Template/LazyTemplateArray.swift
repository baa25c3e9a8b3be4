/// An array in a template's context whose elements are built when a template reads them and
/// dropped after: the generator's `tables` and its kin, so a run over thousands of tables holds
/// one table's values at a time, not every table's (issue 20).
///
/// `{% for table in tables %}` builds each element for its iteration only; `tables.count`,
/// `tables.first`, `tables.last` and `tables[3]` build at most one. Any other read (a filter,
/// `{{ tables }}`) sees the whole array, built for that read alone.
///
/// ```swift
/// let tables = LazyTemplateArray(count: model.tables.count) { ModelContext.tableValue(model.tables[$0]) }
/// let context = TemplateContext().adding(lazy: ["tables": tables])
/// ```
struct LazyTemplateArray: Sendable {
  let count: Int
  private let make: @Sendable (Int) -> TemplateValue

  init(count: Int, element: @escaping @Sendable (Int) -> TemplateValue) {
    self.count = count
    self.make = element
  }

  /// The element at `index`, built now; `index` must be in `0..<count`.
  subscript(index: Int) -> TemplateValue { make(index) }

  /// Every element, for reads that need the whole array.
  var materialized: TemplateValue { .array((0..<count).map(make)) }
}
