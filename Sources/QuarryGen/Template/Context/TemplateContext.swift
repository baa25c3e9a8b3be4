/// The variables a template sees: a dictionary of `TemplateValue`s built once per run.
///
/// Built from scanned declarations with Sourcery's names (`types.structs`, `type.name`,
/// `variable.typeName.name`, …, see `TemplateContext+Declarations.swift`), plus `argument`
/// (values from the command line) and any keys the generator adds beside them.
///
/// ```swift
/// var context = TemplateContext(files: scannedFiles, arguments: ["module": "Birds"])
/// context["tables"] = .array(tableValues)          // the generator's own model
/// let perStruct = context.adding(["type": TemplateContext.typeValue(bird)])
/// ```
public struct TemplateContext: Sendable {
  public var values: [String: TemplateValue]
  /// Keys whose arrays are built element by element as templates read them (see
  /// `LazyTemplateArray`); a key in `values` hides the same key here.
  var lazyArrays: [String: LazyTemplateArray] = [:]

  /// A context holding exactly `values`.
  public init(_ values: [String: TemplateValue] = [:]) {
    self.values = values
  }

  /// A context with `types`, `type` (every type by name, Sourcery's `type.Bird`; a per-type
  /// template sees its own type there instead), `argument` and the `extra` keys (which win
  /// over the others).
  public init(
    structs: [StructDeclaration], enums: [EnumDeclaration] = [], types: [TypeDeclaration] = [],
    arguments: [String: TemplateValue] = [:], extra: [String: TemplateValue] = [:]
  ) {
    let model = SourceryModel(structs: structs, enums: enums, types: types)
    var values: [String: TemplateValue] = [
      "types": model.typesValue,
      "type": model.typesByName,
      "argument": .dictionary(arguments),
    ]
    values.merge(extra) { _, new in new }
    self.values = values
  }

  /// A context over every declaration of `files`, in file then declaration order.
  public init(
    files: [ScannedFile], arguments: [String: TemplateValue] = [:],
    extra: [String: TemplateValue] = [:]
  ) {
    self.init(
      structs: files.flatMap(\.structs), enums: files.flatMap(\.enums),
      types: files.flatMap(\.types), arguments: arguments, extra: extra)
  }

  public subscript(key: String) -> TemplateValue? {
    get { values[key] ?? lazyArrays[key]?.materialized }
    set {
      values[key] = newValue
      lazyArrays[key] = nil
    }
  }

  /// A copy with `values` added, replacing keys already present. Cheap: the existing tree is
  /// shared, not copied.
  public func adding(_ values: [String: TemplateValue]) -> TemplateContext {
    var copy = self
    copy.values.merge(values) { _, new in new }
    if !copy.lazyArrays.isEmpty {
      for key in values.keys { copy.lazyArrays[key] = nil }
    }
    return copy
  }

  /// A copy with the lazy arrays `arrays` added, replacing keys already present.
  func adding(lazy arrays: [String: LazyTemplateArray]) -> TemplateContext {
    var copy = self
    copy.lazyArrays.merge(arrays) { _, new in new }
    for key in arrays.keys { copy.values[key] = nil }
    return copy
  }
}
