/// Every struct and enum of a run by qualified name, to resolve type names the way Swift
/// looks them up: innermost scope first.
struct DeclarationIndex: Sendable {
  let structs: DeclarationTable<StructDeclaration>
  let enums: DeclarationTable<EnumDeclaration>
  /// Qualified names of the persisted structs.
  var persisted: Set<String> = []
  /// The table built for each persisted struct, set before references are resolved, with
  /// positions by name: a dictionary of tables held each table about three times.
  private var tables = CompactArray<TableModel>()
  private var tablePositions: [String: Int] = [:]
  /// Every name a scope prefix could complete into a declared name: `B.C` and `C` for `A.B.C`.
  /// A name not in here resolves to itself or to nothing, from any scope, so most lookups
  /// (`String`, a top-level type) skip the walk through the scope's prefixes.
  private var nestedSuffixes: Set<String> = []
  /// Names of types the sources conform to `DatabaseValueConvertible`, in a struct's or enum's
  /// own inheritance list or an `extension T: …, DatabaseValueConvertible`, each as written and
  /// by its last component (`App.Money` gives `App.Money` and `Money`).
  private(set) var databaseValueTypes: Set<String> = []
  /// Classes and extensions declaring `Codable`, by name as written.
  private var codableTypes: Set<String> = []
  /// Names of structs and enums declaring `Sendable` in their inheritance list or an
  /// `extension T: Sendable` (Swift accepts it only in the type's own file), as written.
  private var sendableTypes: Set<String> = []

  /// The `owned` properties' element types as written, with the struct they are written in:
  /// resolved once every name is known (see `ownedChildNames`).
  private var ownedElements: [(element: String, scope: String)] = []

  init(files: [ScannedFile], isPersisted: (StructDeclaration) -> Bool) {
    var persisted: Set<String> = []
    var declared: [(name: String, inherited: [String])] = []
    var ownedElements: [(element: String, scope: String)] = []
    // One read of each declaration: it is built from compact bytes (see `CompactArray`).
    structs = DeclarationTable(files.map(\.structs), name: \.name) { declaration, isFirst in
      if isFirst && isPersisted(declaration) { persisted.insert(declaration.name) }
      declared.append((declaration.name, declaration.inheritedTypes))
      for property in declaration.properties
      where property.annotations.contains(where: { $0.key == "owned" }) {
        guard let written = property.typeName,
          let (element, _) = OwnedPropertyCheck.elementType(written)
        else { continue }
        ownedElements.append((element, declaration.name))
      }
    }
    enums = DeclarationTable(files.map(\.enums), name: \.name) { declaration, _ in
      declared.append((declaration.name, declaration.inheritedTypes))
    }
    self.persisted = persisted
    self.ownedElements = ownedElements
    for file in files {
      declared += file.conformances.map { ($0.typeName, $0.inheritedTypes) }
      for conformance in file.conformances {
        for half in ["Codable", "Encodable", "Decodable"]
        where conformance.inheritedTypes.contains(half)
          || conformance.inheritedTypes.contains("Swift." + half)
        {
          codableTypes.insert(
            half == "Codable" ? conformance.typeName : half + " " + conformance.typeName)
        }
      }
    }
    for (name, inherited) in declared {
      if inherited.contains(where: Self.isDatabaseValue) {
        databaseValueTypes.insert(name)
        if let last = name.split(separator: ".").last { databaseValueTypes.insert(String(last)) }
      }
      if inherited.contains(where: Self.isSendable) { sendableTypes.insert(name) }
    }
    for name in Array(structs.names) + Array(enums.names) {
      var rest = Substring(name)
      while let dot = rest.firstIndex(of: ".") {
        rest = rest[rest.index(after: dot)...]
        nestedSuffixes.insert(String(rest))
      }
    }
  }

  /// Qualified names of every struct an `owned` property holds, directly or through other
  /// children, whatever the annotations on those structs.
  var ownedChildNames: Set<String> {
    Set(ownedElements.compactMap { resolve($0.element, from: $0.scope) })
  }

  /// Keeps `tables` as the tables of the persisted structs named `typeNames`, in order.
  mutating func setTables(_ tables: CompactArray<TableModel>, typeNames: [String]) {
    self.tables = tables
    tablePositions = Dictionary(
      zip(typeNames, typeNames.indices), uniquingKeysWith: { _, last in last })
  }

  /// The table built for the persisted struct named `qualifiedName`.
  func table(_ qualifiedName: String) -> TableModel? {
    tablePositions[qualifiedName].map { tables[$0] }
  }

  /// The qualified name `name` refers to from inside `scope` (`A.B`): `A.B.name`, `A.name`,
  /// then `name`; nil when no scanned struct or enum has it.
  func resolve(_ name: String, from scope: String) -> String? {
    guard nestedSuffixes.contains(name) else {
      return structs.contains(name) || enums.contains(name) ? name : nil
    }
    var parts = scope.split(separator: ".").map(String.init)
    while true {
      let candidate = (parts + [name]).joined(separator: ".")
      if structs.contains(candidate) || enums.contains(candidate) { return candidate }
      if parts.isEmpty { return nil }
      parts.removeLast()
    }
  }

  /// `type` with every name of a scanned nested type qualified, so it reads the same outside
  /// the struct: `[Kind]?` inside `Bird` gives `[Bird.Kind]?`.
  func qualify(_ type: String, from scope: String) -> String {
    // Without nested declarations every name resolves to itself (or to nothing).
    if nestedSuffixes.isEmpty { return type }
    var output = ""
    var name = ""
    func flush() {
      guard !name.isEmpty else { return }
      let first = name.split(separator: ".").first.map(String.init) ?? name
      if let resolved = resolve(first, from: scope), resolved != first {
        output += resolved + name.dropFirst(first.count)
      } else {
        output += name
      }
      name = ""
    }
    for character in type {
      if character.isLetter || character.isNumber || character == "_"
        || (character == "." && !name.isEmpty)
      {
        name.append(character)
      } else {
        flush()
        output.append(character)
      }
    }
    flush()
    return output
  }

  /// `DatabaseValueConvertible`, also qualified by the module.
  static func isDatabaseValue(_ inherited: String) -> Bool {
    inherited == "DatabaseValueConvertible" || inherited == "Quarry.DatabaseValueConvertible"
  }

  /// Whether the sources conform `type` (resolved or as written) to `DatabaseValueConvertible`.
  func conformsToDatabaseValue(_ type: String) -> Bool {
    if databaseValueTypes.contains(type) { return true }
    guard let last = type.split(separator: ".").last else { return false }
    return databaseValueTypes.contains(String(last))
  }

  /// `Sendable`, `Swift.Sendable` or `@unchecked Sendable`, alone or in a composition
  /// (`Codable & Sendable`).
  static func isSendable(_ inherited: String) -> Bool {
    inherited.split(separator: "&").contains { part in
      var name = part.drop { $0 == " " }
      while name.last == " " { name = name.dropLast() }
      if name.hasPrefix("@unchecked ") { name = name.dropFirst("@unchecked ".count) }
      if name.hasPrefix("Swift.") { name = name.dropFirst("Swift.".count) }
      return name == "Sendable"
    }
  }

  /// Whether the sources declare `Sendable` for the struct or enum named `name` (qualified).
  func declaresSendable(_ name: String) -> Bool {
    if sendableTypes.contains(name) { return true }
    // An extension names a nested type as its file sees it (`extension Kind` inside nothing
    // else is `Kind`, `extension Bird.Kind` is qualified), so the last component counts too
    // when it is unique among the declarations.
    let last = name.split(separator: ".").last.map(String.init) ?? name
    return last != name && sendableTypes.contains(last) && !structs.contains(last)
      && !enums.contains(last)
  }

  /// Whether a scanned class or extension of `type` declares `Codable`.
  func isCodable(_ type: String) -> Bool { codableTypes.contains(type) }

  /// Whether a scanned struct declares `Codable` (or both halves of it).
  func isCodableStruct(_ qualifiedName: String) -> Bool {
    guard structs.contains(qualifiedName) else { return false }
    return codability(of: qualifiedName) == .codable
  }

  /// How much of `Codable` a scanned struct or enum declares, in its inheritance list or in
  /// extensions (by its qualified or its last name).
  enum Codability: Sendable, Equatable {
    case codable
    /// One half: `has` is `Decodable` and `lacks` is `Encodable`, or the other way round.
    case partly(has: String, lacks: String)
    case none
  }

  func codability(of qualifiedName: String) -> Codability {
    let inherited = Set(
      (structs[qualifiedName]?.inheritedTypes ?? enums[qualifiedName]?.inheritedTypes ?? [])
        .flatMap { $0.split(separator: "&").map { $0.trimmingSpaces.replacingSwiftPrefix } })
    let last = qualifiedName.split(separator: ".").last.map(String.init) ?? qualifiedName
    func declares(_ half: String) -> Bool {
      if inherited.contains(half) || inherited.contains("Codable") { return true }
      return [qualifiedName, last].contains { name in
        codableTypes.contains(name) || codableTypes.contains(half + " " + name)
      }
    }
    switch (declares("Encodable"), declares("Decodable")) {
    case (true, true): return .codable
    case (true, false): return .partly(has: "Encodable", lacks: "Decodable")
    case (false, true): return .partly(has: "Decodable", lacks: "Encodable")
    case (false, false): return .none
    }
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var text = self
    while text.first == " " { text = text.dropFirst() }
    while text.last == " " { text = text.dropLast() }
    return text
  }
}

extension Substring {
  fileprivate var replacingSwiftPrefix: String {
    String(hasPrefix("Swift.") ? dropFirst("Swift.".count) : self)
  }
}
