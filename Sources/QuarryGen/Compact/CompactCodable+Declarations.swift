/// The scanner's declarations written field by field: the synthesized `Codable` path spends
/// most of a read in generic containers, and the generator reads every declaration of a run at
/// least once. `compactFieldCount` is each type's number of stored properties, which a test
/// compares with the type's own: a property added without its line here fails it.
extension Annotation: CompactCodable {
  static let compactFieldCount = 3

  func compactEncode(to encoder: CompactEncoder) throws {
    encoder.write(key)
    try value.compactEncode(to: encoder)
    encoder.write(location)
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    Annotation(
      key: try decoder.readString(), value: try AnnotationValue.compactDecode(from: decoder),
      location: try decoder.readLocation())
  }
}

extension AttributeDeclaration: CompactCodable {
  static let compactFieldCount = 2

  func compactEncode(to encoder: CompactEncoder) throws {
    encoder.write(name)
    encoder.write(arguments)
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    AttributeDeclaration(
      name: try decoder.readString(), arguments: try decoder.readOptionalString())
  }
}

extension PropertyDeclaration: CompactCodable {
  static let compactFieldCount = 20

  func compactEncode(to encoder: CompactEncoder) throws {
    encoder.write(name)
    encoder.write(typeName)
    encoder.write(isTypeInferred)
    encoder.write(isLet)
    encoder.write(isLazy)
    encoder.write(defaultValue)
    try encoder.write(each: attributes)
    encoder.write(access)
    encoder.write(setterAccess)
    try encoder.write(each: annotations)
    try sourceryAnnotations.compactEncode(to: encoder)
    encoder.write(docComment)
    encoder.write(location)
    encoder.write(conditions)
    encoder.write(isComputed)
    encoder.write(isStatic)
    encoder.write(isAsync)
    encoder.write(isThrowing)
    encoder.write(hasSetter)
    encoder.write(isInExtension)
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    PropertyDeclaration(
      name: try decoder.readString(), typeName: try decoder.readOptionalString(),
      isTypeInferred: try decoder.readBool(), isLet: try decoder.readBool(),
      isLazy: try decoder.readBool(), defaultValue: try decoder.readOptionalString(),
      attributes: try decoder.readArray(of: AttributeDeclaration.self),
      access: try decoder.readAccess(), setterAccess: try decoder.readOptionalAccess(),
      annotations: try decoder.readArray(of: Annotation.self),
      sourceryAnnotations: try .compactDecode(from: decoder),
      docComment: try decoder.readOptionalString(), location: try decoder.readLocation(),
      conditions: try decoder.readStrings(), isComputed: try decoder.readBool(),
      isStatic: try decoder.readBool(), isAsync: try decoder.readBool(),
      isThrowing: try decoder.readBool(), hasSetter: try decoder.readBool(),
      isInExtension: try decoder.readBool())
  }
}

extension ParameterDeclaration: CompactCodable {
  static let compactFieldCount = 6

  func compactEncode(to encoder: CompactEncoder) throws {
    encoder.write(argumentLabel)
    encoder.write(name)
    encoder.write(typeName)
    encoder.write(defaultValue)
    encoder.write(isVariadic)
    encoder.write(isInout)
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    ParameterDeclaration(
      argumentLabel: try decoder.readOptionalString(), name: try decoder.readString(),
      typeName: try decoder.readString(), defaultValue: try decoder.readOptionalString(),
      isVariadic: try decoder.readBool(), isInout: try decoder.readBool())
  }
}

extension MethodDeclaration: CompactCodable {
  static let compactFieldCount = 21

  func compactEncode(to encoder: CompactEncoder) throws {
    encoder.write(name)
    encoder.write(raw: kind)
    encoder.write(genericParameters)
    try encoder.write(each: parameters)
    encoder.write(returnTypeName)
    encoder.write(isAsync)
    encoder.write(isThrowing)
    encoder.write(isRethrowing)
    encoder.write(isStatic)
    encoder.write(isClass)
    encoder.write(isFailable)
    encoder.write(modifiers)
    encoder.write(genericWhereClause)
    encoder.write(access)
    try encoder.write(each: attributes)
    try encoder.write(each: annotations)
    try sourceryAnnotations.compactEncode(to: encoder)
    encoder.write(docComment)
    encoder.write(location)
    encoder.write(conditions)
    encoder.write(isInExtension)
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    MethodDeclaration(
      name: try decoder.readString(), kind: try decoder.readRaw(Kind.self),
      genericParameters: try decoder.readOptionalString(),
      parameters: try decoder.readArray(of: ParameterDeclaration.self),
      returnTypeName: try decoder.readOptionalString(), isAsync: try decoder.readBool(),
      isThrowing: try decoder.readBool(), isRethrowing: try decoder.readBool(),
      isStatic: try decoder.readBool(), isClass: try decoder.readBool(),
      isFailable: try decoder.readBool(), modifiers: try decoder.readStrings(),
      genericWhereClause: try decoder.readOptionalString(), access: try decoder.readAccess(),
      attributes: try decoder.readArray(of: AttributeDeclaration.self),
      annotations: try decoder.readArray(of: Annotation.self),
      sourceryAnnotations: try .compactDecode(from: decoder),
      docComment: try decoder.readOptionalString(), location: try decoder.readLocation(),
      conditions: try decoder.readStrings(), isInExtension: try decoder.readBool())
  }
}

extension MemberDeclarations: CompactCodable {
  static let compactFieldCount = 4

  func compactEncode(to encoder: CompactEncoder) throws {
    try encoder.write(each: variables)
    try encoder.write(each: methods)
    try encoder.write(subscripts)
    try encoder.write(associatedTypes)
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    var members = MemberDeclarations()
    members.variables = try decoder.readArray(of: PropertyDeclaration.self)
    members.methods = try decoder.readArray(of: MethodDeclaration.self)
    members.subscripts = try decoder.read([SubscriptDeclaration].self)
    members.associatedTypes = try decoder.read([AssociatedTypeDeclaration].self)
    return members
  }
}

extension StructDeclaration: CompactCodable {
  static let compactFieldCount = 16

  func compactEncode(to encoder: CompactEncoder) throws {
    encoder.write(name)
    encoder.write(localName)
    encoder.write(access)
    encoder.write(declaredAccess)
    encoder.write(genericParameters)
    encoder.write(inheritedTypes)
    try encoder.write(each: attributes)
    encoder.write(docComment)
    try encoder.write(each: annotations)
    try encoder.write(each: properties)
    encoder.write(location)
    encoder.write(conditions)
    encoder.write(genericWhereClause)
    try sourceryAnnotations.compactEncode(to: encoder)
    encoder.write(staticMemberNames)
    try members.compactEncode(to: encoder)
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    var declaration = StructDeclaration(
      name: try decoder.readString(), localName: try decoder.readString(),
      access: try decoder.readAccess(), location: SourceLocation(path: "", offset: 0))
    declaration.declaredAccess = try decoder.readOptionalAccess()
    declaration.genericParameters = try decoder.readOptionalString()
    declaration.inheritedTypes = try decoder.readStrings()
    declaration.attributes = try decoder.readArray(of: AttributeDeclaration.self)
    declaration.docComment = try decoder.readOptionalString()
    declaration.annotations = try decoder.readArray(of: Annotation.self)
    declaration.properties = try decoder.readArray(of: PropertyDeclaration.self)
    declaration.location = try decoder.readLocation()
    declaration.conditions = try decoder.readStrings()
    declaration.genericWhereClause = try decoder.readOptionalString()
    declaration.sourceryAnnotations = try .compactDecode(from: decoder)
    declaration.staticMemberNames = try decoder.readStrings()
    declaration.members = try .compactDecode(from: decoder)
    return declaration
  }
}

extension EnumCaseDeclaration.AssociatedValue: CompactCodable {
  static let compactFieldCount = 4

  func compactEncode(to encoder: CompactEncoder) throws {
    encoder.write(localName)
    encoder.write(externalName)
    encoder.write(typeName)
    encoder.write(defaultValue)
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    Self(
      localName: try decoder.readOptionalString(), externalName: try decoder.readOptionalString(),
      typeName: try decoder.readString(), defaultValue: try decoder.readOptionalString())
  }
}

extension EnumCaseDeclaration: CompactCodable {
  static let compactFieldCount = 6

  func compactEncode(to encoder: CompactEncoder) throws {
    encoder.write(name)
    encoder.write(rawValue)
    try encoder.write(each: associatedValues)
    try sourceryAnnotations.compactEncode(to: encoder)
    encoder.write(location)
    encoder.write(conditions)
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    var declaration = EnumCaseDeclaration(
      name: try decoder.readString(), rawValue: try decoder.readOptionalString(),
      associatedValues: try decoder.readArray(of: AssociatedValue.self),
      location: SourceLocation(path: "", offset: 0))
    declaration.sourceryAnnotations = try .compactDecode(from: decoder)
    declaration.location = try decoder.readLocation()
    declaration.conditions = try decoder.readStrings()
    return declaration
  }
}

extension EnumDeclaration: CompactCodable {
  static let compactFieldCount = 15

  func compactEncode(to encoder: CompactEncoder) throws {
    encoder.write(name)
    encoder.write(localName)
    encoder.write(access)
    encoder.write(declaredAccess)
    encoder.write(rawType)
    encoder.write(inheritedTypes)
    try encoder.write(each: attributes)
    encoder.write(docComment)
    try encoder.write(each: annotations)
    encoder.write(cases)
    try encoder.write(each: caseDetails)
    try sourceryAnnotations.compactEncode(to: encoder)
    encoder.write(location)
    encoder.write(conditions)
    try members.compactEncode(to: encoder)
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    var declaration = EnumDeclaration(
      name: try decoder.readString(), localName: try decoder.readString(),
      access: try decoder.readAccess(), location: SourceLocation(path: "", offset: 0))
    declaration.declaredAccess = try decoder.readOptionalAccess()
    declaration.rawType = try decoder.readOptionalString()
    declaration.inheritedTypes = try decoder.readStrings()
    declaration.attributes = try decoder.readArray(of: AttributeDeclaration.self)
    declaration.docComment = try decoder.readOptionalString()
    declaration.annotations = try decoder.readArray(of: Annotation.self)
    declaration.cases = try decoder.readStrings()
    declaration.caseDetails = try decoder.readArray(of: EnumCaseDeclaration.self)
    declaration.sourceryAnnotations = try .compactDecode(from: decoder)
    declaration.location = try decoder.readLocation()
    declaration.conditions = try decoder.readStrings()
    declaration.members = try .compactDecode(from: decoder)
    return declaration
  }
}
