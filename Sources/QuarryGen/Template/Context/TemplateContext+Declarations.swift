/// Sourcery-compatible values for scanned declarations.
///
/// Keys of a struct (`type`): `name`, `localName`, `kind` (`struct`), `accessLevel`,
/// `annotations`, `inheritedTypes`, `based` and `implements` (name → name, for
/// `{% if type.based.Codable %}`), `isGeneric`, `storedVariables` (also `variables`,
/// `instanceVariables`, `allVariables`).
/// Keys of an enum: `name`, `localName`, `kind` (`enum`), `accessLevel`, `annotations`,
/// `inheritedTypes`, `based`, `implements`, `hasRawType`, `rawTypeName` (`{name}` or null),
/// `cases` (`[{name}]`).
/// Keys of a variable: `name`, `typeName` (`name`, `unwrappedTypeName`, `isOptional`,
/// `isImplicitlyUnwrappedOptional`, `isArray`, `isDictionary`), `unwrappedTypeName`,
/// `isOptional`, `isImplicitlyUnwrappedOptional`, `defaultValue` (text or null),
/// `annotations`, `attributes` (name → arguments text, `""` without arguments), `isMutable`,
/// `isLazy`, `readAccess`, `writeAccess`.
extension TemplateContext {
  /// `types`: `structs`, `enums`, `all` (structs then enums), and `implementing`, `based`,
  /// `inheriting` (inherited type name → the types that list it, as in Sourcery's
  /// `{% for type in types.implementing.AutoPersistable %}`; the scanner cannot tell protocols
  /// from classes, so the three are the same).
  public static func typesValue(
    structs: [StructDeclaration], enums: [EnumDeclaration]
  ) -> TemplateValue {
    // Each declaration's value depends on it alone: built on all cores, kept in order.
    let structValues = structs.concurrentMap(typeValue)
    let enumValues = enums.concurrentMap(typeValue)
    var byInheritedName: [String: [TemplateValue]] = [:]
    let inherited = structs.map(\.inheritedTypes) + enums.map(\.inheritedTypes)
    for (names, value) in zip(inherited, structValues + enumValues) {
      for name in Set(names) { byInheritedName[name, default: []].append(value) }
    }
    let implementing = TemplateValue.dictionary(byInheritedName.mapValues(TemplateValue.array))
    return [
      "structs": .array(structValues),
      "enums": .array(enumValues),
      "all": .array(structValues + enumValues),
      "implementing": implementing,
      "based": implementing,
      "inheriting": implementing,
    ]
  }

  /// The value a template sees as `type` for a struct.
  public static func typeValue(_ declaration: StructDeclaration) -> TemplateValue {
    let variables = TemplateValue.array(declaration.properties.map(variableValue))
    return .dictionary([
      "name": .string(declaration.name),
      "localName": .string(declaration.localName),
      "kind": "struct",
      "accessLevel": .string(declaration.access.rawValue),
      "annotations": annotationsValue(declaration.annotations),
      "inheritedTypes": .array(declaration.inheritedTypes.map(TemplateValue.string)),
      "based": namesValue(declaration.inheritedTypes),
      "implements": namesValue(declaration.inheritedTypes),
      "isGeneric": .bool(declaration.genericParameters != nil),
      "storedVariables": variables,
      "variables": variables,
      "instanceVariables": variables,
      "allVariables": variables,
    ])
  }

  /// The value a template sees as `type` for an enum.
  public static func typeValue(_ declaration: EnumDeclaration) -> TemplateValue {
    .dictionary([
      "name": .string(declaration.name),
      "localName": .string(declaration.localName),
      "kind": "enum",
      "accessLevel": .string(declaration.access.rawValue),
      "annotations": annotationsValue(declaration.annotations),
      "inheritedTypes": .array(declaration.inheritedTypes.map(TemplateValue.string)),
      "based": namesValue(declaration.inheritedTypes),
      "implements": namesValue(declaration.inheritedTypes),
      "hasRawType": .bool(declaration.rawType != nil),
      "rawTypeName": declaration.rawType.map { ["name": .string($0)] } ?? .null,
      "cases": .array(declaration.cases.map { ["name": .string($0)] }),
    ])
  }

  /// The value a template sees as `variable` for a stored property.
  public static func variableValue(_ property: PropertyDeclaration) -> TemplateValue {
    let typeName = TypeNameParts(property.typeName ?? "")
    let typeNameValue: TemplateValue = [
      "name": .string(typeName.name),
      "unwrappedTypeName": .string(typeName.unwrapped),
      "isOptional": .bool(typeName.isOptional),
      "isImplicitlyUnwrappedOptional": .bool(typeName.isImplicitlyUnwrapped),
      "isArray": .bool(typeName.isArray),
      "isDictionary": .bool(typeName.isDictionary),
    ]
    var attributes: [String: TemplateValue] = [:]
    for attribute in property.attributes {
      attributes[attribute.name] = .string(attribute.arguments ?? "")
    }
    return .dictionary([
      "name": .string(property.name),
      "typeName": typeNameValue,
      "unwrappedTypeName": .string(typeName.unwrapped),
      "isOptional": .bool(typeName.isOptional),
      "isImplicitlyUnwrappedOptional": .bool(typeName.isImplicitlyUnwrapped),
      "defaultValue": property.defaultValue.map(TemplateValue.string) ?? .null,
      "annotations": annotationsValue(property.annotations),
      "attributes": .dictionary(attributes),
      // As in Sourcery: any `var` is mutable, whatever its setter's access level.
      "isMutable": .bool(!property.isLet),
      "isLazy": .bool(property.isLazy),
      "readAccess": .string(property.access.rawValue),
      "writeAccess": .string(
        property.isLet ? "" : (property.setterAccess ?? property.access).rawValue),
    ])
  }

  /// `// quarry: table = "birds", unique` → `["table": "birds", "unique": true]`; the last
  /// occurrence of a repeated key wins.
  public static func annotationsValue(_ annotations: [Annotation]) -> TemplateValue {
    var dictionary: [String: TemplateValue] = [:]
    for annotation in annotations {
      dictionary[annotation.key] = annotationValue(annotation.value)
    }
    return .dictionary(dictionary)
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

  private static func namesValue(_ names: [String]) -> TemplateValue {
    var dictionary: [String: TemplateValue] = [:]
    for name in names { dictionary[name] = .string(name) }
    return .dictionary(dictionary)
  }
}

/// A written type name taken apart the way Sourcery's `TypeName` presents it.
struct TypeNameParts {
  /// As written: `Double?`.
  var name: String
  /// Without the optional marker: `Double`.
  var unwrapped: String
  var isOptional: Bool
  var isImplicitlyUnwrapped: Bool
  var isArray: Bool
  var isDictionary: Bool

  init(_ written: String) {
    name = written
    isImplicitlyUnwrapped = written.hasSuffix("!")
    if written.hasSuffix("?") || isImplicitlyUnwrapped {
      unwrapped = String(written.dropLast())
      isOptional = true
    } else if written.hasPrefix("Optional<") && written.hasSuffix(">") {
      unwrapped = String(written.dropFirst("Optional<".count).dropLast())
      isOptional = true
    } else {
      unwrapped = written
      isOptional = false
    }
    if unwrapped.hasPrefix("(") && unwrapped.hasSuffix(")") && isOptional {
      // `(() -> Void)?` unwraps to the function type without its parentheses.
      unwrapped = String(unwrapped.dropFirst().dropLast())
    }
    let isBracketed = unwrapped.hasPrefix("[") && unwrapped.hasSuffix("]")
    let hasTopLevelColon = Self.hasTopLevelColon(unwrapped)
    isDictionary =
      (isBracketed && hasTopLevelColon) || unwrapped.hasPrefix("Dictionary<")
    isArray = (isBracketed && !hasTopLevelColon) || unwrapped.hasPrefix("Array<")
  }

  /// Whether `[K: V]` has its `:` at the first bracket level.
  private static func hasTopLevelColon(_ text: String) -> Bool {
    var depth = 0
    for character in text {
      switch character {
      case "[", "(", "<": depth += 1
      case "]", ")", ">": depth -= 1
      case ":" where depth == 1: return true
      default: break
      }
    }
    return false
  }
}
