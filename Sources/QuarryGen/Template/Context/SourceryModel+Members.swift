/// Values of members: variables, methods, initializers, parameters and subscripts.
///
/// Keys of a variable: `name`, `typeName` (a `SourceryTypeName`: prints its name), `type` (the
/// known type of the unwrapped type name, looked up from the declaring type's scope outwards,
/// else null), `unwrappedTypeName`, `actualTypeName`, `isOptional`,
/// `isImplicitlyUnwrappedOptional`, `isArray`, `isDictionary`, `isSet`, `isTuple`,
/// `isClosure`, `isGeneric`, `defaultValue` (text or null), `annotations`, `documentation`,
/// `attributes` (name → `[attribute]`, each printing as written, `@Clamped(0...3)`, with
/// `name` and `arguments`), `modifiers`, `isMutable` (a stored `var`, or a computed property
/// with a setter), `isLazy`, `isFinal`, `isComputed`, `isStatic`, `isAsync`, `throws` (a
/// getter's `get async throws`), `readAccess`, `writeAccess` (`""` when not mutable),
/// `definedInTypeName`.
///
/// Keys of a method: `name` (`fetch(id: UUID)`), `selectorName` (`fetch(id:)`), `shortName`
/// (`fetch<T>`), `callName` (`fetch`), `parameters`, `returnTypeName` (`Void` when none is
/// written; an initializer's type), `actualReturnTypeName`, `unwrappedReturnTypeName`,
/// `returnType`, `isOptionalReturnType`, `isImplicitlyUnwrappedOptionalReturnType`,
/// `isAsync`, `throws`, `rethrows`, `isStatic`, `isClass`, `isInitializer`,
/// `isDeinitializer`, `isFailableInitializer`, `isConvenienceInitializer`, `isRequired`,
/// `isFinal`, `isMutating`, `isGeneric`, `isOptional`, `annotations`, `documentation`,
/// `accessLevel`, `attributes`, `modifiers`, `genericRequirements`, `definedInTypeName`.
/// Keys of a parameter: `name`, `argumentLabel` (null for `_`), `typeName`, `type`,
/// `unwrappedTypeName`, `isOptional`, `defaultValue`, `isVariadic`, `inout`, `annotations`;
/// it prints as written (`into store: inout Store`).
/// Keys of a subscript: `parameters`, `returnTypeName`, `returnType`, `actualReturnTypeName`,
/// `unwrappedReturnTypeName`, `isOptionalReturnType`, `isMutable`, `readAccess`,
/// `writeAccess`, `isAsync`, `throws`, `isStatic`, `isGeneric`, `annotations`, `attributes`,
/// `modifiers`, `documentation`, `definedInTypeName`.
extension SourceryModel {
  /// Where a member says it was declared in an extension, for Sourcery's `definedInExtension`
  /// filter; no template path can name it (it starts with a NUL byte).
  static let definedInExtensionKey = "\u{0}definedInExtension"

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
    if property.isStatic { modifiers.append(["name": "static"]) }
    // As in Sourcery: a stored `var` is mutable whatever its setter's access level; a
    // computed one when it has a setter.
    let isMutable = property.isComputed ? property.hasSetter : !property.isLet
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
        "isMutable": .bool(isMutable),
        "isLazy": .bool(property.isLazy),
        "isFinal": false,
        "isComputed": .bool(property.isComputed),
        "isStatic": .bool(property.isStatic),
        "isAsync": .bool(property.isAsync),
        "throws": .bool(property.isThrowing),
        "readAccess": .string(property.access.rawValue),
        "writeAccess": .string(
          isMutable ? (property.setterAccess ?? property.access).rawValue : ""),
        "definedInTypeName": declaring.map { typeNames.entry($0).value } ?? .null,
        definedInExtensionKey: .bool(property.isInExtension),
      ])
  }

  // MARK: - Methods

  static func methodValue(
    _ method: MethodDeclaration, definedIn declaring: String, typeNames: TypeNameCache,
    known: (String, String?) -> TemplateValue?
  ) -> TemplateValue {
    let isInitializer = method.kind == .initializer
    let callName = method.name
    let shortName = callName + (method.genericParameters.map { "<\($0)>" } ?? "")
    let parameters = method.parameters.map {
      parameterValue($0, scope: declaring, typeNames: typeNames, known: known)
    }
    let signature = method.parameters.map(parameterText).joined(separator: ", ")
    let selector = method.parameters.map { ($0.argumentLabel ?? "_") + ":" }.joined()
    let nameSuffix = isInitializer && method.isFailable ? "?" : ""
    let returnText: String
    if let written = method.returnTypeName {
      returnText = written
    } else if isInitializer {
      returnText = declaring + (method.isFailable ? "?" : "")
    } else {
      returnText = "Void"
    }
    let returnType = typeNames.entry(returnText)
    let modifiers = method.modifiers.map { TemplateValue.object(text: $0, ["name": .string($0)]) }
    return .object(
      text: callName + nameSuffix + "(" + signature + ")",
      [
        "name": .string(shortName + nameSuffix + "(" + signature + ")"),
        "selectorName": .string(callName + "(" + selector + ")"),
        "shortName": .string(shortName),
        "callName": .string(callName),
        "parameters": .array(parameters),
        "returnTypeName": returnType.value,
        "actualReturnTypeName": returnType.value,
        "unwrappedReturnTypeName": .string(returnType.unwrapped),
        "returnType": known(returnType.unwrapped, declaring) ?? .null,
        "isOptionalReturnType": .bool(returnType.isOptional),
        "isImplicitlyUnwrappedOptionalReturnType": .bool(returnType.isImplicitlyUnwrapped),
        "isAsync": .bool(method.isAsync),
        "throws": .bool(method.isThrowing),
        "rethrows": .bool(method.isRethrowing),
        "isStatic": .bool(method.isStatic && !method.isClass),
        "isClass": .bool(method.isClass),
        "isInitializer": .bool(isInitializer),
        "isDeinitializer": .bool(method.kind == .deinitializer),
        "isFailableInitializer": .bool(isInitializer && method.isFailable),
        "isConvenienceInitializer": .bool(method.modifiers.contains("convenience")),
        "isRequired": .bool(method.modifiers.contains("required")),
        "isFinal": .bool(method.modifiers.contains("final")),
        "isMutating": .bool(method.modifiers.contains("mutating")),
        "isOptional": .bool(method.modifiers.contains("optional")),
        "isGeneric": .bool(method.genericParameters != nil),
        "annotations": annotationsValue(method.annotations, method.sourceryAnnotations),
        "documentation": documentationValue(method.docComment),
        "accessLevel": .string(method.access.rawValue),
        "attributes": attributesValue(method.attributes),
        "modifiers": .array(modifiers),
        "genericRequirements": genericRequirementsValue(method.genericWhereClause),
        "definedInTypeName": typeNames.entry(declaring).value,
        definedInExtensionKey: .bool(method.isInExtension),
      ])
  }

  /// `into store: inout Store`, as the parameter is written.
  static func parameterText(_ parameter: ParameterDeclaration) -> String {
    var text = ""
    if let label = parameter.argumentLabel {
      if label != parameter.name { text += label + " " }
    } else {
      text += "_ "
    }
    text += parameter.name + ": " + (parameter.isInout ? "inout " : "") + parameter.typeName
    return text + (parameter.isVariadic ? "..." : "")
  }

  static func parameterValue(
    _ parameter: ParameterDeclaration, scope: String, typeNames: TypeNameCache,
    known: (String, String?) -> TemplateValue?
  ) -> TemplateValue {
    let typeName = typeNames.entry(parameter.typeName)
    return .object(
      text: parameterText(parameter),
      [
        "name": .string(parameter.name),
        "argumentLabel": parameter.argumentLabel.map(TemplateValue.string) ?? .null,
        "typeName": typeName.value,
        "type": known(typeName.unwrapped, scope) ?? .null,
        "unwrappedTypeName": .string(typeName.unwrapped),
        "isOptional": .bool(typeName.isOptional),
        "isClosure": typeName.value["isClosure"] ?? false,
        "defaultValue": parameter.defaultValue.map(TemplateValue.string) ?? .null,
        "isVariadic": .bool(parameter.isVariadic),
        "inout": .bool(parameter.isInout),
        "annotations": [:],
        "asSource": .string(parameterText(parameter)),
      ])
  }

  // MARK: - Subscripts

  static func subscriptValue(
    _ declaration: SubscriptDeclaration, definedIn declaring: String, typeNames: TypeNameCache,
    known: (String, String?) -> TemplateValue?
  ) -> TemplateValue {
    let returnType = typeNames.entry(declaration.returnTypeName)
    let signature = declaration.parameters.map(parameterText).joined(separator: ", ")
    let modifiers = declaration.modifiers.map {
      TemplateValue.object(text: $0, ["name": .string($0)])
    }
    return .object(
      text: "subscript(" + signature + ")",
      [
        "parameters": .array(
          declaration.parameters.map {
            parameterValue($0, scope: declaring, typeNames: typeNames, known: known)
          }),
        "returnTypeName": returnType.value,
        "actualReturnTypeName": returnType.value,
        "unwrappedReturnTypeName": .string(returnType.unwrapped),
        "returnType": known(returnType.unwrapped, declaring) ?? .null,
        "isOptionalReturnType": .bool(returnType.isOptional),
        "isMutable": .bool(declaration.isMutable),
        "readAccess": .string(declaration.access.rawValue),
        "writeAccess": .string(
          declaration.isMutable ? (declaration.setterAccess ?? declaration.access).rawValue : ""),
        "isAsync": .bool(declaration.isAsync),
        "throws": .bool(declaration.isThrowing),
        "isStatic": .bool(declaration.isStatic),
        "isGeneric": .bool(declaration.genericParameters != nil),
        "annotations": annotationsValue(declaration.annotations, declaration.sourceryAnnotations),
        "attributes": attributesValue(declaration.attributes),
        "modifiers": .array(modifiers),
        "documentation": documentationValue(declaration.docComment),
        "definedInTypeName": typeNames.entry(declaring).value,
        definedInExtensionKey: .bool(declaration.isInExtension),
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
