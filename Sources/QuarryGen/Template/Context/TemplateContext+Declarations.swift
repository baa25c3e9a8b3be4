/// Sourcery-compatible values for scanned declarations (see `SourceryModel` for every key).
extension TemplateContext {
  /// `types`: `all`, `types`, `structs`, `enums`, `classes`, `actors`, `protocols`,
  /// `extensions`, each sorted by name as in Sourcery, and `implementing`, `based`,
  /// `inheriting` (name → the types implementing, based on or inheriting it, as in Sourcery's
  /// `{% for type in types.implementing.AutoPersistable %}`).
  public static func typesValue(
    structs: [StructDeclaration], enums: [EnumDeclaration], types: [TypeDeclaration] = []
  ) -> TemplateValue {
    SourceryModel(structs: structs, enums: enums, types: types).typesValue
  }

  /// The value a template sees as `type` for a struct, on its own (its variables' `type` is
  /// null: no other type is known).
  public static func typeValue(_ declaration: StructDeclaration) -> TemplateValue {
    SourceryModel(structs: [declaration], enums: []).structValues[0]
  }

  /// The value a template sees as `type` for an enum, on its own.
  public static func typeValue(_ declaration: EnumDeclaration) -> TemplateValue {
    SourceryModel(structs: [], enums: [declaration]).enumValues[0]
  }

  /// The value a template sees as `variable` for a stored property (its `type` is null).
  public static func variableValue(_ property: PropertyDeclaration) -> TemplateValue {
    SourceryModel.variableValue(
      property, definedIn: nil, typeNames: TypeNameCache([]), known: { _, _ in nil })
  }

  /// `// quarry: table = "birds", unique` → `["table": "birds", "unique": true]`; the last
  /// occurrence of a repeated key wins.
  public static func annotationsValue(_ annotations: [Annotation]) -> TemplateValue {
    .dictionary(annotationsDictionary(annotations))
  }

  static func annotationsDictionary(_ annotations: [Annotation]) -> [String: TemplateValue] {
    var dictionary: [String: TemplateValue] = [:]
    for annotation in annotations {
      dictionary[annotation.key] = annotationValue(annotation.value)
    }
    return dictionary
  }

  static func annotationValue(_ value: AnnotationValue) -> TemplateValue {
    switch value {
    case .bool(let bool): .bool(bool)
    case .string(let string): .string(string)
    case .number(let text): Double(text).map(TemplateValue.number) ?? .string(text)
    case .identifier(let identifier): .string(identifier)
    case .list(let values): .array(values.map(annotationValue))
    }
  }

  static func sourceryValue(_ value: SourceryAnnotationValue) -> TemplateValue {
    switch value {
    case .number(let number): .number(number)
    case .string(let string): .string(string)
    case .array(let values): .array(values.map(sourceryValue))
    case .dictionary(let values): .dictionary(values.mapValues(sourceryValue))
    }
  }
}
