/// The value of one composed type (see `SourceryModel` for its keys).
extension SourceryModel {
  static func typeValue(
    _ entry: SourceryTypeGraph.Entry, relations: Relations, typeNames: TypeNameCache,
    known: (String, String?) -> TemplateValue?
  ) -> TemplateValue {
    let parentName = entry.name.lastIndex(of: ".").map {
      TemplateValue.string(String(entry.name[..<$0]))
    }
    // Stored properties and the members' variables, in source order: a struct's own body
    // first (both lists come from it), then its extensions'.
    var variables:
      [(
        isOwn: Bool, offset: Int, value: TemplateValue, isStatic: Bool,
        isComputed: Bool
      )] = []
    for property in entry.storedProperties {
      variables.append(
        (
          true, property.location.offset,
          variableValue(property, definedIn: entry.name, typeNames: typeNames, known: known),
          false, false
        ))
    }
    for property in entry.members.variables {
      variables.append(
        (
          !property.isInExtension, property.location.offset,
          variableValue(property, definedIn: entry.name, typeNames: typeNames, known: known),
          property.isStatic, property.isComputed
        ))
    }
    if !entry.storedProperties.isEmpty && !entry.members.variables.isEmpty {
      let ordered = variables.enumerated().sorted { lhs, rhs in
        let left = lhs.element
        let right = rhs.element
        if left.isOwn != right.isOwn { return left.isOwn }
        if left.isOwn && left.offset != right.offset { return left.offset < right.offset }
        return lhs.offset < rhs.offset
      }
      variables = ordered.map(\.element)
    }
    let methods = entry.members.methods.map {
      methodValue($0, definedIn: entry.name, typeNames: typeNames, known: known)
    }
    let all = TemplateValue.array(variables.map(\.value))
    let modifierValues = entry.modifiers.map {
      TemplateValue.object(text: $0, ["name": .string($0)])
    }
    var keys: [String: TemplateValue] = [
      "name": .string(entry.name),
      "localName": .string(entry.localName),
      "globalName": .string(entry.name),
      "kind": .string(entry.kind),
      "accessLevel": .string(entry.access.rawValue),
      "isGeneric": .bool(entry.genericParameters != nil),
      "annotations": annotationsValue(entry.annotations, entry.sourceryAnnotations),
      "documentation": documentationValue(entry.docComment),
      "attributes": attributesValue(entry.attributes),
      "modifiers": .array(modifierValues),
      "isFinal": .bool(entry.modifiers.contains("final")),
      "inheritedTypes": .array(entry.inheritedTypes.map(TemplateValue.string)),
      "based": namesValue(relations.based),
      "implements": namesValue(relations.implements),
      "inherits": namesValue(relations.inherits),
      "parentName": parentName ?? .null,
      "parent": .null,
      "containedTypes": [],
      "containedType": [:],
      "isExtension": .bool(entry.isExtension),
      "supertype": .null,
      "variables": all,
      "allVariables": all,
      "storedVariables": .array(variables.filter { !$0.isStatic && !$0.isComputed }.map(\.value)),
      "computedVariables": .array(variables.filter { !$0.isStatic && $0.isComputed }.map(\.value)),
      "staticVariables": .array(variables.filter(\.isStatic).map(\.value)),
      "instanceVariables": .array(variables.filter { !$0.isStatic }.map(\.value)),
      "methods": .array(methods),
      "allMethods": .array(methods),
      "initializers": .array(methods.filter { $0["isInitializer"] == true }),
      "staticMethods": .array(methods.filter { $0["isStatic"] == true }),
      "classMethods": .array(methods.filter { $0["isClass"] == true }),
      "instanceMethods": .array(
        methods.filter { $0["isStatic"] != true && $0["isClass"] != true }),
      "subscripts": .array(
        entry.members.subscripts.map {
          subscriptValue($0, definedIn: entry.name, typeNames: typeNames, known: known)
        }),
      "genericRequirements": genericRequirementsValue(entry.genericWhereClause),
      "associatedTypes": associatedTypesValue(entry.members.associatedTypes, typeNames),
    ]
    if let declaration = entry.enumDeclaration {
      addEnumKeys(declaration, to: &keys, typeNames: typeNames, known: known)
    }
    return .object(text: entry.name, keys)
  }

  private static func addEnumKeys(
    _ declaration: EnumDeclaration, to keys: inout [String: TemplateValue],
    typeNames: TypeNameCache, known: (String, String?) -> TemplateValue?
  ) {
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
    keys["cases"] = .array(cases)
    keys["hasAssociatedValues"] = .bool(details.contains { !$0.associatedValues.isEmpty })
    keys["hasRawType"] = .bool(declaration.rawType != nil)
    keys["rawTypeName"] = declaration.rawType.map { typeNames.entry($0).value } ?? .null
    keys["rawType"] = declaration.rawType.flatMap { known($0, declaration.name) } ?? .null
  }

  /// `where T: Codable, T.Element == Int` → Sourcery's `GenericRequirement`s.
  static func genericRequirementsValue(_ clause: String?) -> TemplateValue {
    guard let clause else { return [] }
    var requirements: [TemplateValue] = []
    for requirement in SourceryTypeName.split(clause, at: ",") where !requirement.isEmpty {
      let isEquality = requirement.contains("==")
      let parts: [String]
      if isEquality {
        parts = requirement.components(separatedBy: "==")
      } else {
        parts = SourceryTypeName.split(requirement, at: ":")
      }
      guard parts.count == 2 else { continue }
      let left = parts[0].trimmingCharacters(in: .whitespaces)
      let right = parts[1].trimmingCharacters(in: .whitespaces)
      let syntax = isEquality ? "==" : ":"
      requirements.append(
        .object(
          text: "\(left) \(syntax) \(right)",
          [
            "leftType": .object(text: left, ["name": .string(left)]),
            "rightType": .object(
              text: right, ["typeName": .object(text: right, ["name": .string(right)])]),
            "relationship": .string(isEquality ? "equals" : "conformsTo"),
            "relationshipSyntax": .string(syntax),
          ]))
    }
    return .array(requirements)
  }

  static func associatedTypesValue(
    _ associatedTypes: [AssociatedTypeDeclaration], _ typeNames: TypeNameCache
  ) -> TemplateValue {
    var dictionary: [String: TemplateValue] = [:]
    for associated in associatedTypes {
      dictionary[associated.name] = .object(
        text: associated.name,
        [
          "name": .string(associated.name),
          "typeName": associated.typeName.map { typeNames.entry($0).value } ?? .null,
        ])
    }
    return .dictionary(dictionary)
  }
}
