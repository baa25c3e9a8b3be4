/// Sourcery's type model built from scanned declarations, as template values.
///
/// `types`: `all` (every type but protocols), `types` (every type), `structs`, `enums`,
/// `classes`, `actors`, `protocols`, `extensions` (extensions of types not scanned), each
/// sorted by name; `based`, `implementing`, `inheriting` (name → the types based on,
/// implementing or inheriting it, through every scanned type in between). Extensions are
/// folded into their type (see `SourceryTypeGraph`).
///
/// Keys of a type (`type`): `name`, `localName`, `globalName`, `kind` (`struct`, `enum`,
/// `class`, `actor`, `protocol`, `extension`), `accessLevel`, `isGeneric`, `annotations`
/// (`// quarry:` and `// sourcery:` ones), `documentation` (doc comment lines), `attributes`,
/// `modifiers`, `isFinal`, `inheritedTypes`, `based`, `implements`, `inherits` (name → name),
/// `supertype` (a scanned superclass, else null), `parentName`, `parent`, `containedTypes`,
/// `containedType` (local name → type), `isExtension`, `variables` (every property declared
/// in the type and its extensions, static ones included, in source order), `storedVariables`,
/// `computedVariables`, `staticVariables`, `instanceVariables`, `allVariables` (with the
/// superclass's), `methods` (functions, initializers and deinitializers), `allMethods`,
/// `initializers`, `staticMethods`, `classMethods`, `instanceMethods`, `subscripts`,
/// `genericRequirements` (`leftType.name`, `rightType.typeName`, `relationship` `equals` or
/// `conformsTo`, `relationshipSyntax` `==` or `:`), `associatedTypes` (protocols: name →
/// `name`, `typeName`). Enums add `cases` (`name`, `rawValue`, `associatedValues` with
/// `localName`, `externalName`, `typeName`, `type`, `defaultValue`, `annotations`;
/// `hasAssociatedValue`, `annotations`, `documentation`, `indirect`), `hasAssociatedValues`,
/// `hasRawType`, `rawTypeName`, `rawType`. Members' keys are in `SourceryModel+Members`.
///
/// A type or a variable prints as its name. Links between types (`type` of a variable,
/// `parent`, `supertype`, `containedTypes`) are one level deep: the linked type's own links
/// are null or empty.
struct SourceryModel {
  /// In declaration order, for `TemplateContext.typeValue`.
  let structValues: [TemplateValue]
  let enumValues: [TemplateValue]
  private let graph: SourceryTypeGraph
  private let values: [TemplateValue]

  init(structs: [StructDeclaration], enums: [EnumDeclaration], types: [TypeDeclaration] = []) {
    let graph = SourceryTypeGraph(structs: structs, enums: enums, types: types)
    self.graph = graph
    // Type names repeat (`String`, `Int?`): each written one is taken apart once and its value
    // shared by every variable that writes it.
    var written: Set<String> = []
    for entry in graph.entries {
      written.insert(entry.name)
      for property in entry.storedProperties { written.insert(property.typeName ?? "") }
      for variable in entry.members.variables { written.insert(variable.typeName ?? "") }
      if let declaration = entry.enumDeclaration {
        if let rawType = declaration.rawType { written.insert(rawType) }
        for detail in declaration.caseDetails {
          for value in detail.associatedValues { written.insert(value.typeName) }
        }
      }
    }
    let names = TypeNameCache(Array(written))
    let entries = graph.entries
    let relations = entries.indices.map { position in
      Relations(
        based: graph.based[position], implements: graph.implements[position],
        inherits: graph.inherits[position])
    }
    // Pass 1: every type without links to the others, so links can point at them.
    let shallow = entries.indices.map { $0 }.concurrentMap { position in
      Self.typeValue(
        entries[position], relations: relations[position], typeNames: names,
        known: { _, _ in nil })
    }
    let known: (String, String?) -> TemplateValue? = { name, scope in
      graph.lookup(name, from: scope).map { shallow[$0] }
    }
    var children: [Int: [TemplateValue]] = [:]
    for position in entries.indices.sorted(by: { entries[$0].name < entries[$1].name }) {
      let name = entries[position].name
      guard let dot = name.lastIndex(of: "."), let parent = graph.index[String(name[..<dot])]
      else { continue }
      children[parent, default: []].append(shallow[position])
    }
    // Pass 2: only what has links is built again, with them.
    let composed = entries.indices.map { position in
      let entry = entries[position]
      var value =
        Self.hasLinks(entry, typeNames: names, known: known)
        ? Self.typeValue(entry, relations: relations[position], typeNames: names, known: known)
        : shallow[position]
      let contained = children[position] ?? []
      let parentName = entry.name.lastIndex(of: ".").map { String(entry.name[..<$0]) }
      let supertype = graph.supertype[position]
      guard !contained.isEmpty || parentName != nil || supertype != nil,
        case .dictionary(var dictionary) = value
      else { return value }
      if !contained.isEmpty {
        dictionary["containedTypes"] = .array(contained)
        var byLocalName: [String: TemplateValue] = [:]
        for child in contained {
          if case .string(let local)? = child["localName"] { byLocalName[local] = child }
        }
        dictionary["containedType"] = .dictionary(byLocalName)
      }
      if let parentName, let parent = graph.index[parentName] {
        dictionary["parent"] = shallow[parent]
      }
      if let supertype {
        dictionary["supertype"] = shallow[supertype]
        // Sourcery's `all…` lists add what the superclasses declare.
        var chain: [Int] = []
        var next: Int? = supertype
        while let current = next, !chain.contains(current), current != position {
          chain.append(current)
          next = graph.supertype[current]
        }
        for key in ["allVariables", "allMethods"] {
          var all: [TemplateValue] = []
          if case .array(let own)? = dictionary[key] { all = own }
          for ancestor in chain {
            let own = key == "allVariables" ? "variables" : "methods"
            if case .array(let inherited)? = shallow[ancestor][own] { all += inherited }
          }
          dictionary[key] = .array(all)
        }
      }
      value = .dictionary(dictionary)
      return value
    }
    values = composed
    var structValues: [TemplateValue] = []
    var enumValues: [TemplateValue] = []
    for declaration in structs {
      structValues.append(graph.index[declaration.name].map { composed[$0] } ?? .null)
    }
    for declaration in enums {
      enumValues.append(graph.index[declaration.name].map { composed[$0] } ?? .null)
    }
    self.structValues = structValues
    self.enumValues = enumValues
  }

  /// Whether a type names another scanned type anywhere a link goes.
  private static func hasLinks(
    _ entry: SourceryTypeGraph.Entry, typeNames: TypeNameCache,
    known: (String, String?) -> TemplateValue?
  ) -> Bool {
    func links(_ typeName: String?) -> Bool {
      guard let typeName, !typeName.isEmpty else { return false }
      return known(typeNames.unwrapped(typeName), entry.name) != nil
    }
    if entry.storedProperties.contains(where: { links($0.typeName) }) { return true }
    if entry.members.variables.contains(where: { links($0.typeName) }) { return true }
    if entry.members.methods.contains(where: { method in
      links(method.returnTypeName) || method.parameters.contains { links($0.typeName) }
    }) {
      return true
    }
    guard let declaration = entry.enumDeclaration else { return false }
    return declaration.rawType.map { known($0, entry.name) != nil } ?? false
      || declaration.caseDetails.contains { detail in
        detail.associatedValues.contains { links($0.typeName) }
      }
  }

  /// `types`, every list sorted by type name as Sourcery sorts them (stable for equal names).
  var typesValue: TemplateValue {
    let sorted = Self.sortedByName(values)
    func kind(_ kind: String) -> TemplateValue {
      .array(sorted.filter { $0["kind"] == .string(kind) && $0["isExtension"] != true })
    }
    var based: [String: [TemplateValue]] = [:]
    var implementing: [String: [TemplateValue]] = [:]
    var inheriting: [String: [TemplateValue]] = [:]
    for position in Self.sortedIndices(values) {
      for name in graph.based[position] { based[name, default: []].append(values[position]) }
      for name in graph.implements[position] {
        implementing[name, default: []].append(values[position])
      }
      for name in graph.inherits[position] {
        inheriting[name, default: []].append(values[position])
      }
    }
    return [
      "all": .array(sorted.filter { $0["kind"] != "protocol" }),
      "types": .array(sorted),
      "structs": kind("struct"),
      "enums": kind("enum"),
      "classes": kind("class"),
      "actors": kind("actor"),
      "protocols": kind("protocol"),
      "extensions": .array(sorted.filter { $0["isExtension"] == true }),
      "implementing": .dictionary(implementing.mapValues(TemplateValue.array)),
      "based": .dictionary(based.mapValues(TemplateValue.array)),
      "inheriting": .dictionary(inheriting.mapValues(TemplateValue.array)),
    ]
  }

  private static func sortedIndices(_ values: [TemplateValue]) -> [Int] {
    let names = values.map { value -> String in
      if case .string(let name)? = value["name"] { return name }
      return ""
    }
    return values.indices.sorted { lhs, rhs in
      names[lhs] != names[rhs] ? names[lhs] < names[rhs] : lhs < rhs
    }
  }

  private static func sortedByName(_ values: [TemplateValue]) -> [TemplateValue] {
    sortedIndices(values).map { values[$0] }
  }

  /// Sourcery's top-level `type`: every type by name.
  var typesByName: TemplateValue {
    var dictionary: [String: TemplateValue] = [:]
    for value in values {
      if case .string(let name)? = value["name"], dictionary[name] == nil {
        dictionary[name] = value
      }
    }
    return .dictionary(dictionary)
  }
}

/// A type's `based`, `implements` and `inherits` names.
struct Relations {
  var based: [String] = []
  var implements: [String] = []
  var inherits: [String] = []
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
