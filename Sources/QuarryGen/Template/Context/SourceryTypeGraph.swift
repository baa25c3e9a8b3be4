/// Every scanned type as Sourcery composes them: extensions folded into the type they extend
/// (its members and conformances join the type's, wherever the extension is), extensions of
/// types not scanned kept as types of kind `extension`, and each type's `based`, `implements`
/// and `inherits` followed through the types it inherits from.
///
/// ```swift
/// // `class A: B {}`, `class B: P {}`, `protocol P {}`, `extension A: Codable {}` give
/// // A.based = [B, Codable, P], A.inherits = [B], A.implements = [Codable, P].
/// ```
///
/// Sourcery lists in `implements` only protocols it scanned; Quarry also keeps names it does
/// not know (`Codable`), since it never sees system modules and templates test for them.
struct SourceryTypeGraph {
  /// One composed type.
  struct Entry {
    var name: String
    var localName: String
    var kind: String
    var access: AccessLevel
    var genericParameters: String?
    var genericWhereClause: String?
    var inheritedTypes: [String]
    var attributes: [AttributeDeclaration]
    var modifiers: [String]
    var docComment: String?
    var annotations: [Annotation]
    var sourceryAnnotations: [String: SourceryAnnotationValue]
    /// A struct's stored instance properties.
    var storedProperties: [PropertyDeclaration] = []
    var members: MemberDeclarations
    /// The enum declaration, for its cases and raw type.
    var enumDeclaration: EnumDeclaration?
    var isExtension = false
  }

  private(set) var entries: [Entry] = []
  /// Index in `entries` by name.
  private(set) var index: [String: Int] = [:]
  /// Per entry: every name it is based on, directly or through a scanned type, in order.
  private(set) var based: [[String]] = []
  private(set) var implements: [[String]] = []
  private(set) var inherits: [[String]] = []
  /// Per entry: the index of its superclass when it is a class inheriting a scanned class.
  private(set) var supertype: [Int?] = []

  init(structs: [StructDeclaration], enums: [EnumDeclaration], types: [TypeDeclaration]) {
    for declaration in structs {
      var entry = Entry(
        name: declaration.name, localName: declaration.localName, kind: "struct",
        access: declaration.access, genericParameters: declaration.genericParameters,
        genericWhereClause: declaration.genericWhereClause,
        inheritedTypes: declaration.inheritedTypes, attributes: declaration.attributes,
        modifiers: [], docComment: declaration.docComment, annotations: declaration.annotations,
        sourceryAnnotations: declaration.sourceryAnnotations, members: declaration.members)
      entry.storedProperties = declaration.properties
      add(entry)
    }
    for declaration in enums {
      var entry = Entry(
        name: declaration.name, localName: declaration.localName, kind: "enum",
        access: declaration.access, genericParameters: nil, genericWhereClause: nil,
        inheritedTypes: declaration.inheritedTypes, attributes: declaration.attributes,
        modifiers: [], docComment: declaration.docComment, annotations: declaration.annotations,
        sourceryAnnotations: declaration.sourceryAnnotations, members: declaration.members)
      entry.enumDeclaration = declaration
      add(entry)
    }
    for declaration in types where declaration.kind != .extension {
      add(Self.entry(declaration))
    }
    for declaration in types where declaration.kind == .extension {
      if let target = index[declaration.name] ?? resolve(declaration.name) {
        extend(target, with: declaration)
      } else {
        var entry = Self.entry(declaration)
        entry.isExtension = true
        add(entry)
      }
    }
    relate()
  }

  private static func entry(_ declaration: TypeDeclaration) -> Entry {
    Entry(
      name: declaration.name, localName: declaration.localName,
      kind: declaration.kind.rawValue, access: declaration.access,
      genericParameters: declaration.genericParameters,
      genericWhereClause: declaration.genericWhereClause,
      inheritedTypes: declaration.inheritedTypes, attributes: declaration.attributes,
      modifiers: declaration.modifiers, docComment: declaration.docComment,
      annotations: declaration.annotations,
      sourceryAnnotations: declaration.sourceryAnnotations, members: declaration.members)
  }

  /// Adds an entry, or (an extension of an unknown type met again) folds it into the first.
  private mutating func add(_ entry: Entry) {
    if let existing = index[entry.name] {
      // Two declarations of one name (in `#if` branches): the first is the type, as before;
      // a second unknown extension adds its members.
      if entries[existing].isExtension && entry.isExtension {
        entries[existing].members.append(entry.members)
        entries[existing].inheritedTypes.appendUnique(entry.inheritedTypes)
      }
      return
    }
    index[entry.name] = entries.count
    entries.append(entry)
  }

  /// `extension Module.Bird`, `extension Swift.Array`: the scanned type of the last
  /// components, when there is one.
  private func resolve(_ name: String) -> Int? {
    var rest = Substring(name)
    while let dot = rest.firstIndex(of: ".") {
      rest = rest[rest.index(after: dot)...]
      if let found = index[String(rest)] { return found }
    }
    return nil
  }

  private mutating func extend(_ target: Int, with declaration: TypeDeclaration) {
    entries[target].members.append(declaration.members)
    entries[target].inheritedTypes.appendUnique(declaration.inheritedTypes)
    // The type's own annotations win over an extension's.
    entries[target].annotations = declaration.annotations + entries[target].annotations
    for (key, value) in declaration.sourceryAnnotations
    where entries[target].sourceryAnnotations[key] == nil {
      entries[target].sourceryAnnotations[key] = value
    }
  }

  /// `based`, `implements`, `inherits` and `supertype` of every entry.
  private mutating func relate() {
    based = Array(repeating: [], count: entries.count)
    implements = based
    inherits = based
    supertype = Array(repeating: nil, count: entries.count)
    for position in entries.indices {
      var seen: Set<String> = []
      var names: [String] = []
      var pending = entries[position].inheritedTypes.map { ($0, entries[position].name) }
      var cursor = 0
      while cursor < pending.count {
        let (written, scope) = pending[cursor]
        cursor += 1
        let name = Self.bareName(written)
        guard seen.insert(name).inserted else { continue }
        names.append(name)
        if let found = lookup(name, from: scope), found != position {
          pending += entries[found].inheritedTypes.map { ($0, entries[found].name) }
        }
      }
      based[position] = names
      for name in names {
        let kind = lookup(name, from: entries[position].name).map { entries[$0].kind }
        switch kind {
        case "class"?: inherits[position].append(name)
        case "protocol"?, nil: implements[position].append(name)
        default: break
        }
      }
      if entries[position].kind == "class", let first = entries[position].inheritedTypes.first,
        let found = lookup(Self.bareName(first), from: entries[position].name),
        entries[found].kind == "class"
      {
        supertype[position] = found
      }
    }
  }

  /// A name as Swift resolves it: nested in `scope` first, then outwards.
  func lookup(_ name: String, from scope: String?) -> Int? {
    var scope = scope
    while let current = scope {
      if let found = index[current + "." + name] { return found }
      scope = current.lastIndex(of: ".").map { String(current[..<$0]) }
    }
    return index[name]
  }

  /// `Store<Item>` → `Store`; `any P` → `P`: what `based` keys are.
  static func bareName(_ written: String) -> String {
    var name = Substring(written)
    for prefix in ["any ", "some ", "@unchecked ", "@preconcurrency ", "@retroactive "]
    where name.hasPrefix(prefix) {
      name = name.dropFirst(prefix.count)
    }
    if let angle = name.firstIndex(of: "<") { name = name[..<angle] }
    return String(name)
  }
}

extension MemberDeclarations {
  mutating func append(_ other: MemberDeclarations) {
    variables += other.variables
    methods += other.methods
    subscripts += other.subscripts
    associatedTypes += other.associatedTypes
  }
}

extension Array where Element == String {
  fileprivate mutating func appendUnique(_ names: [String]) {
    for name in names where !contains(name) { append(name) }
  }
}
