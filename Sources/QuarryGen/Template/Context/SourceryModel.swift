/// Sourcery's type model built from scanned structs and enums, as template values.
///
/// Keys of a type (`type`): `name`, `localName`, `globalName`, `kind` (`struct`/`enum`),
/// `accessLevel`, `isGeneric`, `annotations` (`// quarry:` and `// sourcery:` ones),
/// `documentation` (doc comment lines), `attributes`, `modifiers`, `inheritedTypes`, `based`,
/// `implements` and `inherits` (name → name; `inherits` is empty: structs and enums inherit
/// from no class), `parentName`, `parent`, `containedTypes`, `containedType` (local name →
/// type), `isExtension` (false), `storedVariables`, `variables`, `instanceVariables`,
/// `allVariables`, `computedVariables`, `staticVariables` (empty: the scanner keeps stored
/// instance properties only), `methods`, `allMethods`, `initializers`, `staticMethods`,
/// `instanceMethods`, `subscripts` (empty), `supertype` (null). Enums add `cases` (`name`,
/// `rawValue`, `associatedValues` with `localName`, `externalName`, `typeName`, `type`,
/// `defaultValue`, `annotations`; `hasAssociatedValue`, `annotations`, `documentation`,
/// `indirect`), `hasAssociatedValues`, `hasRawType`, `rawTypeName`, `rawType`.
///
/// Keys of a variable: `name`, `typeName` (a `SourceryTypeName`: prints its name), `type` (the
/// known struct or enum of the unwrapped type name, looked up from the declaring type's scope
/// outwards, else null), `unwrappedTypeName`, `actualTypeName`, `isOptional`,
/// `isImplicitlyUnwrappedOptional`, `isArray`, `isDictionary`, `isSet`, `isTuple`,
/// `isClosure`, `isGeneric`, `defaultValue` (text or null), `annotations`, `documentation`,
/// `attributes` (name → `[attribute]`, each printing as written, `@Clamped(0...3)`, with
/// `name` and `arguments`), `modifiers`, `isMutable`, `isLazy`, `isFinal`, `isComputed`,
/// `isStatic`, `isAsync`, `throws` (false), `readAccess`, `writeAccess` (`""` for `let`),
/// `definedInTypeName`.
///
/// A type or a variable prints as its name. The `type` of a variable, `parent` and the
/// elements of `containedTypes` are one level deep: their own variables' `type` is null.
struct SourceryModel {
  let structValues: [TemplateValue]
  let enumValues: [TemplateValue]
  let byInheritedName: [String: [TemplateValue]]

  init(structs: [StructDeclaration], enums: [EnumDeclaration]) {
    // Type names repeat (`String`, `Int?`): each written one is taken apart once and its value
    // shared by every variable that writes it.
    var written: Set<String> = []
    for declaration in structs {
      written.insert(declaration.name)
      for property in declaration.properties { written.insert(property.typeName ?? "") }
    }
    for declaration in enums {
      if let rawType = declaration.rawType { written.insert(rawType) }
      for detail in declaration.caseDetails {
        for value in detail.associatedValues { written.insert(value.typeName) }
      }
    }
    let names = TypeNameCache(Array(written))
    // Pass 1: every type without links to the others, so links can point at them.
    let shallowStructs = structs.concurrentMap {
      Self.structValue($0, typeNames: names, known: { _, _ in nil })
    }
    let shallowEnums = enums.concurrentMap {
      Self.enumValue($0, typeNames: names, known: { _, _ in nil })
    }
    var shallow: [String: TemplateValue] = [:]
    for (declaration, value) in zip(structs, shallowStructs) where shallow[declaration.name] == nil
    {
      shallow[declaration.name] = value
    }
    for (declaration, value) in zip(enums, shallowEnums) where shallow[declaration.name] == nil {
      shallow[declaration.name] = value
    }
    var children: [String: [TemplateValue]] = [:]
    for name in shallow.keys.sorted() {
      guard let dot = name.lastIndex(of: ".") else { continue }
      children[String(name[..<dot]), default: []].append(shallow[name, default: .null])
    }
    let lookup = shallow
    // A written name resolved as Swift does: nested in the declaring type first, then outwards.
    let known: (String, String?) -> TemplateValue? = { name, scope in
      var scope = scope
      while let current = scope {
        if let value = lookup[current + "." + name] { return value }
        scope = current.lastIndex(of: ".").map { String(current[..<$0]) }
      }
      return lookup[name]
    }
    // Pass 2: links. Only what has some changes: a variable naming a scanned type gets its
    // `type`, a nested or enclosing type its `containedTypes` and `parent`.
    func linked(_ value: TemplateValue, name: String) -> TemplateValue {
      let contained = children[name] ?? []
      let parentName = name.lastIndex(of: ".").map { String(name[..<$0]) }
      guard !contained.isEmpty || parentName != nil,
        case .dictionary(var dictionary) = value
      else { return value }
      dictionary["containedTypes"] = .array(contained)
      var byLocalName: [String: TemplateValue] = [:]
      for child in contained {
        if case .string(let local)? = child["localName"] { byLocalName[local] = child }
      }
      dictionary["containedType"] = .dictionary(byLocalName)
      if let parentName, let parent = lookup[parentName] { dictionary["parent"] = parent }
      return .dictionary(dictionary)
    }
    structValues = zip(structs, shallowStructs).map { declaration, value in
      var links: [(index: Int, type: TemplateValue)] = []
      for (index, property) in declaration.properties.enumerated() {
        guard let typeName = property.typeName,
          let type = known(names.unwrapped(typeName), declaration.name)
        else { continue }
        links.append((index, type))
      }
      guard !links.isEmpty, case .dictionary(var dictionary) = value,
        case .array(var variables)? = dictionary["storedVariables"]
      else { return linked(value, name: declaration.name) }
      for link in links {
        guard case .dictionary(var variable) = variables[link.index] else { continue }
        variable["type"] = link.type
        variables[link.index] = .dictionary(variable)
      }
      for key in ["storedVariables", "variables", "instanceVariables", "allVariables"] {
        dictionary[key] = .array(variables)
      }
      return linked(.dictionary(dictionary), name: declaration.name)
    }
    enumValues = zip(enums, shallowEnums).map { declaration, value in
      let hasLinks =
        declaration.rawType.map { known($0, declaration.name) != nil } ?? false
        || declaration.caseDetails.contains { detail in
          detail.associatedValues.contains { known(names.unwrapped($0.typeName), declaration.name) != nil }
        }
      let full = hasLinks ? Self.enumValue(declaration, typeNames: names, known: known) : value
      return linked(full, name: declaration.name)
    }
    var byInheritedName: [String: [TemplateValue]] = [:]
    let inherited = structs.map(\.inheritedTypes) + enums.map(\.inheritedTypes)
    for (names, value) in zip(inherited, structValues + enumValues) {
      for name in Set(names) { byInheritedName[name, default: []].append(value) }
    }
    self.byInheritedName = byInheritedName
  }

  /// `types`, every list sorted by type name as Sourcery sorts them (stable for equal names).
  var typesValue: TemplateValue {
    let implementing = TemplateValue.dictionary(
      byInheritedName.mapValues { .array(Self.sortedByName($0)) })
    return [
      "structs": .array(Self.sortedByName(structValues)),
      "enums": .array(Self.sortedByName(enumValues)),
      "all": .array(Self.sortedByName(structValues + enumValues)),
      "classes": [],
      "protocols": [],
      "extensions": [],
      "implementing": implementing,
      "based": implementing,
      "inheriting": implementing,
    ]
  }

  private static func sortedByName(_ values: [TemplateValue]) -> [TemplateValue] {
    let names = values.map { value -> String in
      if case .string(let name)? = value["name"] { return name }
      return ""
    }
    return values.indices.sorted { lhs, rhs in
      names[lhs] != names[rhs] ? names[lhs] < names[rhs] : lhs < rhs
    }.map { values[$0] }
  }

  /// Sourcery's top-level `type`: every type by name.
  var typesByName: TemplateValue {
    var dictionary: [String: TemplateValue] = [:]
    for value in structValues + enumValues {
      if case .string(let name)? = value["name"], dictionary[name] == nil {
        dictionary[name] = value
      }
    }
    return .dictionary(dictionary)
  }

  // MARK: - Types

  private static func commonKeys(
    name: String, localName: String, kind: String, access: AccessLevel,
    annotations: [Annotation], sourcery: [String: SourceryAnnotationValue],
    docComment: String?, attributes: [AttributeDeclaration], inheritedTypes: [String]
  ) -> [String: TemplateValue] {
    let parentName = name.lastIndex(of: ".").map { TemplateValue.string(String(name[..<$0])) }
    return [
      "name": .string(name),
      "localName": .string(localName),
      "globalName": .string(name),
      "kind": .string(kind),
      "accessLevel": .string(access.rawValue),
      "annotations": annotationsValue(annotations, sourcery),
      "documentation": documentationValue(docComment),
      "attributes": attributesValue(attributes),
      "modifiers": [],
      "inheritedTypes": .array(inheritedTypes.map(TemplateValue.string)),
      "based": namesValue(inheritedTypes),
      "implements": namesValue(inheritedTypes),
      "inherits": [:],
      "parentName": parentName ?? .null,
      "parent": .null,
      "containedTypes": [],
      "containedType": [:],
      "isExtension": false,
      "supertype": .null,
      "methods": [],
      "allMethods": [],
      "initializers": [],
      "staticMethods": [],
      "instanceMethods": [],
      "classMethods": [],
      "subscripts": [],
      "computedVariables": [],
      "staticVariables": [],
    ]
  }

  static func structValue(
    _ declaration: StructDeclaration, typeNames: TypeNameCache,
    known: (String, String?) -> TemplateValue?
  ) -> TemplateValue {
    var keys = commonKeys(
      name: declaration.name, localName: declaration.localName, kind: "struct",
      access: declaration.access, annotations: declaration.annotations,
      sourcery: declaration.sourceryAnnotations, docComment: declaration.docComment,
      attributes: declaration.attributes, inheritedTypes: declaration.inheritedTypes)
    let variables = TemplateValue.array(
      declaration.properties.map {
        variableValue($0, definedIn: declaration.name, typeNames: typeNames, known: known)
      })
    keys["isGeneric"] = .bool(declaration.genericParameters != nil)
    keys["storedVariables"] = variables
    keys["variables"] = variables
    keys["instanceVariables"] = variables
    keys["allVariables"] = variables
    return .object(text: declaration.name, keys)
  }

  static func enumValue(
    _ declaration: EnumDeclaration, typeNames: TypeNameCache,
    known: (String, String?) -> TemplateValue?
  ) -> TemplateValue {
    var keys = commonKeys(
      name: declaration.name, localName: declaration.localName, kind: "enum",
      access: declaration.access, annotations: declaration.annotations,
      sourcery: declaration.sourceryAnnotations, docComment: declaration.docComment,
      attributes: declaration.attributes, inheritedTypes: declaration.inheritedTypes)
    let details =
      declaration.caseDetails.count == declaration.cases.count
      ? declaration.caseDetails
      : declaration.cases.map { EnumCaseDeclaration(name: $0, location: declaration.location) }
    let cases = details.map { detail -> TemplateValue in
      let values = detail.associatedValues.map { value -> TemplateValue in
        let typeName = typeNames.entry(value.typeName)
        return [
          "localName": value.localName.map(TemplateValue.string) ?? .null,
          "externalName": value.externalName.map(TemplateValue.string) ?? .null,
          "typeName": typeName.value,
          "type": known(typeName.unwrapped, declaration.name) ?? .null,
          "unwrappedTypeName": .string(typeName.unwrapped),
          "isOptional": .bool(typeName.isOptional),
          "defaultValue": value.defaultValue.map(TemplateValue.string) ?? .null,
          "annotations": [:],
        ]
      }
      return .object(
        text: detail.name,
        [
          "name": .string(detail.name),
          "rawValue": detail.rawValue.map { .string(unquoted($0)) } ?? .null,
          "associatedValues": .array(values),
          "hasAssociatedValue": .bool(!values.isEmpty),
          "annotations": annotationsValue([], detail.sourceryAnnotations),
          "documentation": [],
          "indirect": false,
        ])
    }
    keys["isGeneric"] = false
    keys["cases"] = .array(cases)
    keys["hasAssociatedValues"] = .bool(details.contains { !$0.associatedValues.isEmpty })
    keys["hasRawType"] = .bool(declaration.rawType != nil)
    keys["rawTypeName"] = declaration.rawType.map { typeNames.entry($0).value } ?? .null
    keys["rawType"] = declaration.rawType.flatMap { known($0, declaration.name) } ?? .null
    keys["storedVariables"] = []
    keys["variables"] = []
    keys["instanceVariables"] = []
    keys["allVariables"] = []
    return .object(text: declaration.name, keys)
  }

  // MARK: - Variables

  static func variableValue(
    _ property: PropertyDeclaration, definedIn declaring: String?, typeNames: TypeNameCache,
    known: (String, String?) -> TemplateValue?
  ) -> TemplateValue {
    let typeName = typeNames.entry(property.typeName ?? "")
    let typeNameValue = typeName.value
    var modifiers: [TemplateValue] = []
    if property.access != .internal {
      modifiers.append(["name": .string(property.access.rawValue)])
    }
    if property.isLazy { modifiers.append(["name": "lazy"]) }
    return .object(
      text: property.name,
      [
        "name": .string(property.name),
        "typeName": typeNameValue,
        "type": property.typeName == nil ? .null : (known(typeName.unwrapped, declaring) ?? .null),
        "unwrappedTypeName": .string(typeName.unwrapped),
        "actualTypeName": typeNameValue,
        "isOptional": .bool(typeName.isOptional),
        "isImplicitlyUnwrappedOptional": .bool(typeName.isImplicitlyUnwrapped),
        "isArray": typeNameValue["isArray"] ?? false,
        "isDictionary": typeNameValue["isDictionary"] ?? false,
        "isSet": typeNameValue["isSet"] ?? false,
        "isTuple": typeNameValue["isTuple"] ?? false,
        "isClosure": typeNameValue["isClosure"] ?? false,
        "isGeneric": typeNameValue["isGeneric"] ?? false,
        "defaultValue": property.defaultValue.map(TemplateValue.string) ?? .null,
        "annotations": annotationsValue(property.annotations, property.sourceryAnnotations),
        "documentation": documentationValue(property.docComment),
        "attributes": attributesValue(property.attributes),
        "modifiers": .array(modifiers),
        // As in Sourcery: any `var` is mutable, whatever its setter's access level.
        "isMutable": .bool(!property.isLet),
        "isLazy": .bool(property.isLazy),
        "isFinal": false,
        "isComputed": false,
        "isStatic": false,
        "isAsync": false,
        "throws": false,
        "readAccess": .string(property.access.rawValue),
        "writeAccess": .string(
          property.isLet ? "" : (property.setterAccess ?? property.access).rawValue),
        "definedInTypeName": declaring.map { typeNames.entry($0).value } ?? .null,
      ])
  }

  // MARK: - Shared parts

  /// `// quarry:` annotations (Quarry's values) with `// sourcery:` ones (Sourcery's values)
  /// over them.
  static func annotationsValue(
    _ annotations: [Annotation], _ sourcery: [String: SourceryAnnotationValue]
  ) -> TemplateValue {
    var dictionary = TemplateContext.annotationsDictionary(annotations)
    for (key, value) in sourcery { dictionary[key] = TemplateContext.sourceryValue(value) }
    return .dictionary(dictionary)
  }

  /// Sourcery's `documentation`: the doc comment's lines.
  static func documentationValue(_ docComment: String?) -> TemplateValue {
    guard let docComment else { return [] }
    return .array(
      docComment.split(separator: "\n", omittingEmptySubsequences: false).map {
        .string(String($0))
      })
  }

  /// Sourcery's `attributes`: name → the attributes of that name, each printing as written.
  static func attributesValue(_ attributes: [AttributeDeclaration]) -> TemplateValue {
    var dictionary: [String: TemplateValue] = [:]
    for attribute in attributes {
      var arguments: [String: TemplateValue] = [:]
      if let text = attribute.arguments {
        for argument in SourceryTypeName.split(text, at: ",") where !argument.isEmpty {
          let parts = SourceryTypeName.split(argument, at: ":")
          if parts.count == 2 {
            arguments[parts[0]] = .string(unquoted(parts[1]))
          } else {
            arguments[argument] = .number(1)
          }
        }
      }
      let source = "@" + attribute.name + (attribute.arguments.map { "(\($0))" } ?? "")
      let value = TemplateValue.object(
        text: source,
        [
          "name": .string(attribute.name), "arguments": .dictionary(arguments),
          "asSource": .string(source),
        ])
      if case .array(let existing)? = dictionary[attribute.name] {
        dictionary[attribute.name] = .array(existing + [value])
      } else {
        dictionary[attribute.name] = [value]
      }
    }
    return .dictionary(dictionary)
  }

  static func namesValue(_ names: [String]) -> TemplateValue {
    var dictionary: [String: TemplateValue] = [:]
    for name in names { dictionary[name] = .string(name) }
    return .dictionary(dictionary)
  }

  /// `"x"` → `x`: Sourcery gives string raw values without their quotes.
  static func unquoted(_ text: String) -> String {
    guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
    return String(text.dropFirst().dropLast())
  }
}

/// Each written type name taken apart once, its value shared by every use.
struct TypeNameCache: Sendable {
  struct Entry: Sendable {
    var value: TemplateValue
    var unwrapped: String
    var isOptional: Bool
    var isImplicitlyUnwrapped: Bool
  }

  private let entries: [String: Entry]

  init(_ names: [String]) {
    let built = names.concurrentMap(Self.build)
    entries = Dictionary(zip(names, built), uniquingKeysWith: { first, _ in first })
  }

  private static func build(_ name: String) -> Entry {
    let parts = SourceryTypeName(name)
    return Entry(
      value: parts.value, unwrapped: parts.unwrapped, isOptional: parts.isOptional,
      isImplicitlyUnwrapped: parts.isImplicitlyUnwrapped)
  }

  /// The entry of `name`, built now when it was not collected up front.
  func entry(_ name: String) -> Entry {
    entries[name] ?? Self.build(name)
  }

  func unwrapped(_ name: String) -> String { entry(name).unwrapped }
}
