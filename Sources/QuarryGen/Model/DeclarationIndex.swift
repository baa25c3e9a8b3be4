/// Every struct and enum of a run by qualified name, to resolve type names the way Swift
/// looks them up: innermost scope first.
struct DeclarationIndex: Sendable {
  var structs: [String: StructDeclaration] = [:]
  var enums: [String: EnumDeclaration] = [:]
  /// Qualified names of the persisted structs.
  var persisted: Set<String> = []
  /// The table built for each persisted struct, filled before references are resolved.
  var tables: [String: TableModel] = [:]
  /// Every name a scope prefix could complete into a declared name: `B.C` and `C` for `A.B.C`.
  /// A name not in here resolves to itself or to nothing, from any scope, so most lookups
  /// (`String`, a top-level type) skip the walk through the scope's prefixes.
  private var nestedSuffixes: Set<String> = []

  init(files: [ScannedFile], isPersisted: (StructDeclaration) -> Bool) {
    for file in files {
      for declaration in file.structs where structs[declaration.name] == nil {
        structs[declaration.name] = declaration
        if isPersisted(declaration) { persisted.insert(declaration.name) }
      }
      for declaration in file.enums where enums[declaration.name] == nil {
        enums[declaration.name] = declaration
      }
    }
    for name in Array(structs.keys) + Array(enums.keys) {
      var rest = Substring(name)
      while let dot = rest.firstIndex(of: ".") {
        rest = rest[rest.index(after: dot)...]
        nestedSuffixes.insert(String(rest))
      }
    }
  }

  /// The qualified name `name` refers to from inside `scope` (`A.B`): `A.B.name`, `A.name`,
  /// then `name`; nil when no scanned struct or enum has it.
  func resolve(_ name: String, from scope: String) -> String? {
    guard nestedSuffixes.contains(name) else {
      return structs[name] != nil || enums[name] != nil ? name : nil
    }
    var parts = scope.split(separator: ".").map(String.init)
    while true {
      let candidate = (parts + [name]).joined(separator: ".")
      if structs[candidate] != nil || enums[candidate] != nil { return candidate }
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

  /// Whether a scanned struct declares `Codable` (or both halves of it).
  func isCodableStruct(_ qualifiedName: String) -> Bool {
    guard let declaration = structs[qualifiedName] else { return false }
    let inherited = Set(declaration.inheritedTypes)
    return inherited.contains("Codable")
      || (inherited.contains("Encodable") && inherited.contains("Decodable"))
  }
}
