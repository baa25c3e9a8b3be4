import Foundation

/// Random structs that change from release to release the ways the README's "Changing a
/// struct" allows (a property added anywhere, dropped, renamed, retyped, made optional or not,
/// made unique or not, indexed or not, moved, given another default; a reference added, removed
/// or given another action; the key moved; a table renamed; the struct an owned array holds
/// given a property, losing one, or one renamed, retyped or made optional or not; a struct
/// removed, its table and rows kept), with the rows each earlier release's database holds,
/// changed as each step says they must be. The expected rows are worked out here, from the
/// rules, never from what the generated code does.
///
/// ```swift
/// var schema = EvolvingSchema(seed: 7)
/// let version1 = schema.source        // Swift for the first release
/// let rows = schema.randomRows()      // a database of that release
/// schema.change(keeping: [rows])      // the next release; `rows` now as it must read
/// ```
struct EvolvingSchema {
  enum Kind: CaseIterable {
    case integer, double, text, bool
    /// Kinds whose PostgreSQL column type is their own (`UUID`, `BYTEA`, `JSONB`) or whose Swift
    /// value is not a literal (`Date`): a rebuilt table must keep each. They take no defaults
    /// (a non-optional one added to a table is made optional) and are never retyped.
    case uuid, data, date, json

    var swiftType: String {
      switch self {
      case .integer: "Int64"
      case .double: "Double"
      case .text: "String"
      case .bool: "Bool"
      case .uuid: "UUID"
      case .data: "Data"
      case .date: "Date"
      case .json: "[String]"
      }
    }

    /// Whether a column of this kind can take a literal default.
    var takesDefaults: Bool { [.integer, .double, .text, .bool].contains(self) }
  }

  /// A stored value, as SQLite's `quote()` prints it (a `UUID` is its upper-case text, a `Date`
  /// its seconds since 2001, a `[String]` its JSON text).
  enum Value: Hashable {
    case null, integer(Int64), double(Double), text(String), blob([UInt8])

    var quoted: String {
      switch self {
      case .null: "NULL"
      case .integer(let value): String(value)
      case .double(let value):
        value == value.rounded() ? String(Int64(value)) + ".0" : String(value)
      case .text(let value): "'" + value + "'"
      case .blob(let bytes): "X'" + Self.hex(bytes).uppercased() + "'"
      }
    }

    static func hex(_ bytes: [UInt8]) -> String {
      bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    var swiftLiteral: String {
      switch self {
      case .null: "nil"
      case .integer(let value): String(value)
      case .double(let value): String(value)
      case .text(let value): "\"" + value + "\""
      case .blob(let bytes): "Data([" + bytes.map { String($0) }.joined(separator: ", ") + "])"
      }
    }
  }

  struct Column {
    /// Stays with the column through renames, so rows can follow it.
    var identity: Int
    var property: String
    var kind: Kind
    var isOptional = false
    var isUnique = false
    var isIndexed = false
    /// Every value this column ever held is a decimal integer (so it may become `Int64`).
    var holdsIntegerText = false
    /// The literal default written after the type (`= 7`), when there is one.
    var swiftDefault: Value?
    /// `default = …` in the annotation, when there is one.
    var annotatedDefault: Value?
    /// Keys written for this release only (`renamedFrom = "…"`).
    var releaseKeys: [String] = []
    /// `references = T…` (an earlier table, so rows can be inserted in table order).
    var references: String?
    var onDelete: String?
    /// `primaryKey`: the key moved here from `id`.
    var isPrimaryKey = false
  }

  struct Table {
    var typeName: String
    var tableName: String
    /// `id` first, always the key.
    var columns: [Column]
    /// `renamedFrom = "…"`, for this release only.
    var renamedFrom: String?
    /// Columns this release dropped.
    var dropped: [String] = []
    /// The table's names before its renames: a database that skipped them has one of these.
    var formerNames: [String] = []
    /// An owned `[<Type>Kid]` property, `kids`, after the columns.
    var kids: Kids?

    var kidTypeName: String { typeName + "Kid" }
    /// Follows the owner's table through renames.
    var kidTableName: String { tableName + "_kids" }
  }

  /// The struct an owned property holds: its own table, keyed by its owner's key and a
  /// position.
  struct Kids {
    var columns: [Column]
    /// Columns this release dropped.
    var dropped: [String] = []
  }

  /// A child row's owner key and position, beside its columns' identities.
  static let ownerIdentity = -1
  static let positionIdentity = -2

  /// One database's rows: table type name -> rows, each column identity -> value (a table's
  /// owned children under `kidTypeName`).
  typealias Rows = [String: [[Int: Value]]]

  private(set) var tables: [Table] = []
  /// Structs removed from the models, as they were in the release before: their tables stay,
  /// with their rows, in every database that had them.
  private(set) var removed: [Table] = []
  private(set) var release = 1
  /// What changed in the latest release, in words, for failure messages.
  private(set) var changes: [String] = []
  private var random: SeededGenerator
  private var nextIdentity = 0

  init(seed: UInt64, tableCount: Int = 6) {
    random = SeededGenerator(seed: seed)
    for number in 0..<tableCount {
      var columns = [Column(identity: identity(), property: "id", kind: .integer)]
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        columns.append(newColumn())
      }
      if number > 0 && Bool.random(using: &random) {
        let identity = identity()
        var column = Column(identity: identity, property: "c\(identity)", kind: .integer)
        column.isOptional = Bool.random(using: &random)
        column.references = "T\(Int.random(in: 0..<number, using: &random))"
        columns.insert(column, at: Int.random(in: 1...columns.count, using: &random))
      }
      var table = Table(typeName: "T\(number)", tableName: "t\(number)", columns: columns)
      if Int.random(in: 0..<3, using: &random) == 0 {
        table.kids = Kids(
          columns: (0..<Int.random(in: 1...3, using: &random)).map { _ in kidColumn() })
      }
      tables.append(table)
    }
  }

  /// A column of an owned child: neither unique nor indexed.
  private mutating func kidColumn() -> Column {
    var column = newColumn()
    column.isUnique = false
    column.isIndexed = false
    return column
  }

  private mutating func identity() -> Int {
    defer { nextIdentity += 1 }
    return nextIdentity
  }

  private mutating func newColumn() -> Column {
    let number = identity()
    var column = Column(
      identity: number, property: "c\(number)",
      kind: Kind.allCases.randomElement(using: &random) ?? .text)
    column.isOptional = Bool.random(using: &random)
    column.holdsIntegerText = column.kind == .text && Bool.random(using: &random)
    switch Int.random(in: 0..<4, using: &random) {
    case 0 where column.kind != .bool && column.kind != .json: column.isUnique = true
    case 1 where column.kind != .json: column.isIndexed = true
    default: break
    }
    return column
  }

  private mutating func value(for column: Column) -> Value {
    if column.isOptional && Int.random(in: 0..<4, using: &random) == 0 { return .null }
    switch column.kind {
    case .integer: return .integer(Int64.random(in: -60...60, using: &random))
    case .double: return .double(Double(Int.random(in: -40...40, using: &random)) / 4)
    case .bool: return .integer(Int64.random(in: 0...1, using: &random))
    case .text:
      if column.holdsIntegerText { return .text(String(Int.random(in: -60...60, using: &random))) }
      return .text(word())
    case .uuid:
      let hex = (0..<32).map { _ in
        String(Int.random(in: 0..<16, using: &random), radix: 16).uppercased()
      }
      return .text(
        [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { hex[$0].joined() }.joined(
          separator: "-"))
    case .data:
      return .blob(
        (0..<Int.random(in: 0...3, using: &random)).map { _ in
          UInt8.random(in: 0...255, using: &random)
        })
    case .date:
      // Seconds since 2001, in quarters: exact in a Double and as PostgreSQL prints it.
      return .double(Double(Int.random(in: -4000...4000, using: &random)) / 4)
    case .json:
      let words = (0..<Int.random(in: 0...2, using: &random)).map { _ in word() }
      return .text("[" + words.map { "\"" + $0 + "\"" }.joined(separator: ",") + "]")
    }
  }

  private mutating func word() -> String {
    let letters = ["a", "b", "c", "d", "é", "ß", "z"]
    let count = Int.random(in: 0...3, using: &random)
    return (0..<count).map { _ in letters.randomElement(using: &random) ?? "a" }.joined()
  }

  /// A default of the column's type, for a column added or made non-optional.
  private mutating func defaultValue(for column: Column) -> Value {
    switch column.kind {
    case .text where column.holdsIntegerText: .text(String(Int.random(in: -9...9, using: &random)))
    case .integer: .integer(Int64.random(in: -9...9, using: &random))
    case .double: .double(Double(Int.random(in: -9...9, using: &random)) / 2)
    case .bool: .integer(Int64.random(in: 0...1, using: &random))
    case .text: .text(["d", "none", ""].randomElement(using: &random) ?? "d")
    case .uuid, .data, .date, .json: .null
    }
  }

  /// A value no random one equals: for a unique column whose random values ran out.
  private static func distinct(_ id: Int64, kind: Kind) -> Value {
    switch kind {
    case .integer, .bool: .integer(100 + id)
    case .double, .date: .double(Double(100 + id))
    case .text: .text(String(100 + id))
    case .uuid: .text(String(format: "00000000-0000-0000-0000-%012lld", 100 + id))
    case .data: .blob([0xFF, UInt8(truncatingIfNeeded: id)])
    case .json: .text("[\"\(100 + id)\"]")
    }
  }

  /// Random rows for a database of this release; unique columns hold distinct values.
  mutating func randomRows() -> Rows {
    var rows: Rows = [:]
    for table in tables {
      var made: [[Int: Value]] = []
      for id in 1...Int64.random(in: 1...4, using: &random) {
        var row: [Int: Value] = [table.columns[0].identity: .integer(id)]
        for column in table.columns.dropFirst() {
          if let parent = column.references {
            let count = Int64(rows[parent, default: []].count)
            let isNull = column.isOptional && Int.random(in: 0..<3, using: &random) == 0
            row[column.identity] =
              isNull || count == 0 ? .null : .integer(Int64.random(in: 1...count, using: &random))
            continue
          }
          var candidate = value(for: column)
          var tries = 0
          let isUnique = column.isUnique || column.isPrimaryKey
          while isUnique && candidate != .null
            && made.contains(where: { $0[column.identity] == candidate }) && tries < 50
          {
            candidate = value(for: column)
            tries += 1
          }
          if isUnique && made.contains(where: { $0[column.identity] == candidate }) {
            candidate = Self.distinct(id, kind: column.kind)
          }
          row[column.identity] = candidate
        }
        made.append(row)
      }
      rows[table.typeName] = made
      if let kids = table.kids {
        var children: [[Int: Value]] = []
        for id in 1...Int64(made.count) {
          for position in 0..<Int64.random(in: 0...2, using: &random) {
            var row: [Int: Value] = [
              Self.ownerIdentity: .integer(id), Self.positionIdentity: .integer(position),
            ]
            for column in kids.columns { row[column.identity] = value(for: column) }
            children.append(row)
          }
        }
        rows[table.kidTypeName] = children
      }
    }
    return rows
  }

  /// The next release: each table changes in zero to two ways, and `databases` (every earlier
  /// release's rows) become what they must read after `migrate`.
  mutating func change(keeping databases: inout [Rows]) {
    release += 1
    changes = []
    for position in tables.indices {
      tables[position].renamedFrom = nil
      tables[position].dropped = []
      for column in tables[position].columns.indices {
        tables[position].columns[column].releaseKeys = []
      }
      tables[position].kids?.dropped = []
      for column in tables[position].kids?.columns.indices ?? 0..<0 {
        tables[position].kids?.columns[column].releaseKeys = []
      }
    }
    added = []
    // A struct removed: first, so none of this release's changes reach its table. Not one a
    // reference points at (a kept table's, or a removed one's, which would block a key move).
    let referred = Set((tables + removed).flatMap { $0.columns.compactMap(\.references) })
    if tables.count > 3 && Int.random(in: 0..<4, using: &random) == 0,
      let gone = tables.indices.filter({ !referred.contains(tables[$0].typeName) })
        .randomElement(using: &random)
    {
      changes.append("\(tables[gone].typeName): removed")
      removed.append(tables.remove(at: gone))
    }
    for position in tables.indices {
      for _ in 0..<Int.random(in: 0...2, using: &random) {
        change(table: position, keeping: &databases)
      }
    }
    // A column added in this release holds, in existing rows, the SQL DEFAULT it has at the
    // end of the release (a Swift default counts only on a non-optional property).
    for table in tables {
      for (key, columns) in [
        (table.typeName, table.columns), (table.kidTypeName, table.kids?.columns ?? []),
      ] {
        for column in columns where added.contains(column.identity) {
          let filled = column.annotatedDefault ?? (column.isOptional ? nil : column.swiftDefault)
          for database in databases.indices {
            guard var rows = databases[database][key] else { continue }
            for row in rows.indices { rows[row][column.identity] = filled ?? .null }
            databases[database][key] = rows
          }
        }
      }
    }
  }

  /// The columns added in the latest release.
  private var added: Set<Int> = []

  private mutating func change(table position: Int, keeping databases: inout [Rows]) {
    var table = tables[position]
    defer { tables[position] = table }
    let typeName = table.typeName
    // The key column (`id`, or where `primaryKey` moved it) is only renamed or moved.
    let others = Array(table.columns.indices.dropFirst()).filter {
      !table.columns[$0].isPrimaryKey
    }
    func values(_ identity: Int) -> [Value] {
      databases.flatMap { $0[typeName, default: []].compactMap { $0[identity] } }
    }
    func update(_ identity: Int, _ transform: (Value) -> Value) {
      for database in databases.indices {
        guard var rows = databases[database][typeName] else { continue }
        for row in rows.indices { rows[row][identity] = rows[row][identity].map(transform) }
        databases[database][typeName] = rows
      }
    }
    switch Int.random(in: 0..<16, using: &random) {
    case 0, 1:
      var column = newColumn()
      if !column.kind.takesDefaults { column.isOptional = true }
      if !column.isOptional { column.swiftDefault = defaultValue(for: column) }
      // A unique column added to rows would give them all the same default.
      if column.isUnique { column.isUnique = false }
      let at = Int.random(in: 1...table.columns.count, using: &random)
      table.columns.insert(column, at: at)
      added.insert(column.identity)
      changes.append("\(typeName): added \(column.property) at \(at)")
    case 2:
      // Not one renamed in this release: `dropped` names a column as the previous release
      // did.
      guard let at = others.randomElement(using: &random),
        !added.contains(table.columns[at].identity), table.columns[at].releaseKeys.isEmpty
      else { return }
      let column = table.columns.remove(at: at)
      // A later release may add a column of the same name: the old one is gone by then.
      table.dropped.append(column.property)
      for database in databases.indices {
        guard var rows = databases[database][typeName] else { continue }
        for row in rows.indices { rows[row][column.identity] = nil }
        databases[database][typeName] = rows
      }
      changes.append("\(typeName): dropped \(column.property)")
    case 3:
      guard let at = Array(table.columns.indices.dropFirst()).randomElement(using: &random),
        table.columns[at].releaseKeys.isEmpty, !added.contains(table.columns[at].identity)
      else { return }
      let old = table.columns[at].property
      table.columns[at].property = "\(old)r\(release)"
      table.columns[at].releaseKeys.append("renamedFrom = \"\(old)\"")
      changes.append("\(typeName): renamed \(old)")
    case 4:
      guard let at = others.randomElement(using: &random), table.columns[at].references == nil
      else { return }
      let column = table.columns[at]
      let identity = column.identity
      switch column.kind {
      case .integer:
        table.columns[at].kind = .double
        update(identity) {
          if case .integer(let number) = $0 { return .double(Double(number)) }
          return $0
        }
      case .text where column.holdsIntegerText:
        table.columns[at].kind = .integer
        update(identity) {
          if case .text(let text) = $0, let number = Int64(text) { return .integer(number) }
          return $0
        }
      default: return
      }
      table.columns[at].holdsIntegerText = false
      if let value = column.swiftDefault { table.columns[at].swiftDefault = retyped(value) }
      if let value = column.annotatedDefault {
        table.columns[at].annotatedDefault = retyped(value)
      }
      changes.append("\(typeName): \(column.property) now \(table.columns[at].kind.swiftType)")
    case 5:
      guard let at = others.randomElement(using: &random) else { return }
      let identity = table.columns[at].identity
      if table.columns[at].isOptional {
        // NULLs filled with one default would be duplicates, or point at no row.
        if table.columns[at].isUnique || table.columns[at].references != nil
          || !table.columns[at].kind.takesDefaults
        {
          return
        }
        let filled = defaultValue(for: table.columns[at])
        table.columns[at].isOptional = false
        if Bool.random(using: &random) {
          table.columns[at].annotatedDefault = filled
        } else {
          table.columns[at].swiftDefault = filled
        }
        update(identity) { $0 == .null ? filled : $0 }
        changes.append("\(typeName): \(table.columns[at].property) not optional")
      } else {
        table.columns[at].isOptional = true
        changes.append("\(typeName): \(table.columns[at].property) optional")
      }
    case 6:
      guard let at = others.randomElement(using: &random) else { return }
      if table.columns[at].isUnique {
        table.columns[at].isUnique = false
      } else {
        guard !added.contains(table.columns[at].identity), table.columns[at].references == nil
        else { return }
        let present = values(table.columns[at].identity).filter { $0 != .null }
        // A default shared by future rows would break it; so would duplicates now.
        guard Set(present).count == present.count, table.columns[at].kind != .bool,
          table.columns[at].kind != .json,
          table.columns[at].swiftDefault == nil,
          table.columns[at].annotatedDefault == nil
        else { return }
        table.columns[at].isUnique = true
        table.columns[at].isIndexed = false
      }
      changes.append("\(typeName): \(table.columns[at].property) unique toggled")
    case 7:
      guard let at = others.randomElement(using: &random), !table.columns[at].isUnique,
        table.columns[at].kind != .json
      else {
        return
      }
      table.columns[at].isIndexed.toggle()
      changes.append("\(typeName): \(table.columns[at].property) index toggled")
    case 8:
      guard table.columns.count > 2,
        let from = Array(table.columns.indices.dropFirst()).randomElement(using: &random)
      else { return }
      let column = table.columns.remove(at: from)
      let to = Int.random(in: 1...table.columns.count, using: &random)
      table.columns.insert(column, at: to)
      changes.append("\(typeName): moved \(column.property) from \(from) to \(to)")
    case 9:
      // A reference removed, or its action changed.
      guard let at = others.first(where: { table.columns[$0].references != nil }) else { return }
      var actions: [String?] = [nil, "cascade", "restrict"]
      if table.columns[at].isOptional { actions.append("setNull") }
      if Bool.random(using: &random) {
        table.columns[at].references = nil
        table.columns[at].onDelete = nil
        changes.append("\(typeName): \(table.columns[at].property) refers to nothing")
      } else {
        table.columns[at].onDelete = actions.randomElement(using: &random) ?? nil
        changes.append("\(typeName): \(table.columns[at].property) onDelete changed")
      }
    case 10:
      // A reference added to an integer column whose every value names a row of the parent.
      guard position > 0,
        let at = others.randomElement(using: &random),
        table.columns[at].kind == .integer, table.columns[at].references == nil,
        !table.columns[at].isUnique, table.columns[at].swiftDefault == nil,
        table.columns[at].annotatedDefault == nil, !added.contains(table.columns[at].identity)
      else { return }
      // A parent whose key is still `id`, as the column's values are ids.
      // (And not one it refers to already: a second reference gets no inverse, and a warning.)
      let parents = tables[0..<position].filter { parent in
        !parent.columns.contains(where: \.isPrimaryKey)
          && !table.columns.contains { $0.references == parent.typeName }
      }
      guard let parent = parents.randomElement(using: &random)?.typeName else { return }
      let identity = table.columns[at].identity
      let fits = databases.allSatisfy { database in
        let count = Int64(database[parent, default: []].count)
        return database[typeName, default: []].allSatisfy { row in
          guard case .integer(let number) = row[identity] ?? .null else { return true }
          return (1...max(count, 1)).contains(number) && count > 0
        }
      }
      guard fits else { return }
      table.columns[at].references = parent
      changes.append("\(typeName): \(table.columns[at].property) refers to \(parent)")
    case 11:
      // The key moved to a unique column, once, on a table no reference points at.
      let referred = (tables + removed).contains { other in
        other.columns.contains { $0.references == typeName }
      }
      // (Nor one with children: their key column would be named after the new key.)
      guard !referred, table.kids == nil, !table.columns.contains(where: \.isPrimaryKey),
        let at = others.randomElement(using: &random), table.columns[at].isUnique,
        !table.columns[at].isOptional, [.integer, .text].contains(table.columns[at].kind),
        !added.contains(table.columns[at].identity)
      else { return }
      table.columns[at].isPrimaryKey = true
      table.columns[at].isUnique = false
      changes.append("\(typeName): key moved to \(table.columns[at].property)")
    case 12:
      // Only a default changed: existing rows keep their values.
      guard let at = others.randomElement(using: &random), !table.columns[at].isOptional,
        !table.columns[at].isUnique, table.columns[at].references == nil,
        table.columns[at].kind.takesDefaults
      else { return }
      let value = defaultValue(for: table.columns[at])
      if table.columns[at].annotatedDefault != nil {
        table.columns[at].annotatedDefault = value
      } else {
        table.columns[at].swiftDefault = value
      }
      changes.append("\(typeName): \(table.columns[at].property) default changed")
    case 14, 15:
      guard var kids = table.kids else { return }
      changeKids(&kids, of: table, keeping: &databases)
      table.kids = kids
    default:
      guard table.renamedFrom == nil else { return }
      table.renamedFrom = table.tableName
      table.formerNames.append(table.tableName)
      table.tableName += "v\(release)"
      let old = table.renamedFrom ?? ""
      changes.append("\(typeName): table renamed from \(old)")
    }
  }

  /// One change to the columns of `table`'s owned child: one added anywhere, dropped,
  /// renamed, retyped, or made optional or not, the rows following as for a table's.
  private mutating func changeKids(
    _ kids: inout Kids, of table: Table, keeping databases: inout [Rows]
  ) {
    let key = table.kidTypeName
    func update(_ identity: Int, _ transform: (Value?) -> Value?) {
      for database in databases.indices {
        guard var rows = databases[database][key] else { continue }
        for row in rows.indices { rows[row][identity] = transform(rows[row][identity]) }
        databases[database][key] = rows
      }
    }
    let at = Int.random(in: 0..<kids.columns.count, using: &random)
    let column = kids.columns[at]
    let isSettled = !added.contains(column.identity) && column.releaseKeys.isEmpty
    switch Int.random(in: 0..<5, using: &random) {
    case 0:
      var new = kidColumn()
      if !new.kind.takesDefaults { new.isOptional = true }
      if !new.isOptional { new.swiftDefault = defaultValue(for: new) }
      kids.columns.insert(new, at: Int.random(in: 0...kids.columns.count, using: &random))
      added.insert(new.identity)
      changes.append("\(key): added \(new.property)")
    case 1 where kids.columns.count > 1 && isSettled:
      kids.columns.remove(at: at)
      kids.dropped.append(column.property)
      update(column.identity) { _ in nil }
      changes.append("\(key): dropped \(column.property)")
    case 2 where isSettled:
      kids.columns[at].property += "r\(release)"
      kids.columns[at].releaseKeys.append("renamedFrom = \"\(column.property)\"")
      changes.append("\(key): renamed \(column.property)")
    case 3 where column.kind == .integer || column.holdsIntegerText:
      kids.columns[at].kind = column.kind == .integer ? .double : .integer
      kids.columns[at].holdsIntegerText = false
      kids.columns[at].swiftDefault = column.swiftDefault.map(retyped)
      kids.columns[at].annotatedDefault = column.annotatedDefault.map(retyped)
      update(column.identity) { $0.map(self.retyped) }
      changes.append("\(key): \(column.property) now \(kids.columns[at].kind.swiftType)")
    case 4 where column.isOptional && column.kind.takesDefaults:
      let filled = defaultValue(for: column)
      kids.columns[at].isOptional = false
      kids.columns[at].annotatedDefault = filled
      update(column.identity) { $0 == .null ? filled : $0 }
      changes.append("\(key): \(column.property) not optional")
    case 4 where !column.isOptional:
      kids.columns[at].isOptional = true
      changes.append("\(key): \(column.property) optional")
    default: return
    }
  }

  private func retyped(_ value: Value) -> Value {
    switch value {
    case .integer(let number): .double(Double(number))
    case .text(let text): Int64(text).map(Value.integer) ?? value
    default: value
    }
  }

  /// The models of this release, one file.
  var source: String {
    var lines = ["import Foundation", ""]
    for table in tables {
      var keys = ["table = \"\(table.tableName)\""]
      if let old = table.renamedFrom { keys.append("renamedFrom = \"\(old)\"") }
      if !table.dropped.isEmpty {
        keys.append("dropped = [" + table.dropped.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
      }
      lines.append("// quarry: " + keys.joined(separator: ", "))
      lines.append("struct \(table.typeName): Sendable, Equatable {")
      lines += table.columns.flatMap(Self.declaration)
      if table.kids != nil {
        lines += ["  // quarry: owned", "  var kids: [\(table.kidTypeName)] = []"]
      }
      lines.append("}")
      lines.append("")
      if let kids = table.kids {
        if !kids.dropped.isEmpty {
          lines.append(
            "// quarry: dropped = ["
              + kids.dropped.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
        }
        lines.append("struct \(table.kidTypeName): Sendable, Equatable {")
        lines += kids.columns.flatMap(Self.declaration)
        lines.append("}")
        lines.append("")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// A property's lines: its `// quarry:` keys, then its declaration.
  private static func declaration(_ column: Column) -> [String] {
    var keys = column.releaseKeys
    if column.isPrimaryKey { keys.append("primaryKey") }
    if column.isUnique { keys.append("unique") }
    if column.isIndexed { keys.append("index") }
    if let parent = column.references { keys.append("references = " + parent) }
    if let action = column.onDelete { keys.append("onDelete = " + action) }
    if let value = column.annotatedDefault {
      keys.append("default = " + value.swiftLiteral(for: column.kind))
    }
    let type = column.kind.swiftType + (column.isOptional ? "?" : "")
    let initial = column.swiftDefault.map { " = " + $0.swiftLiteral(for: column.kind) } ?? ""
    return (keys.isEmpty ? [] : ["  // quarry: " + keys.joined(separator: ", ")])
      + ["  var \(column.property): \(type)\(initial)"]
  }

  /// The statements that insert `rows` through the generated code.
  func inserts(_ rows: Rows) -> String {
    tables.flatMap { table in
      rows[table.typeName, default: []].map { row in
        func arguments(_ row: [Int: Value], _ columns: [Column]) -> String {
          columns.map { column in
            "\(column.property): " + (row[column.identity] ?? .null).swiftLiteral(for: column.kind)
          }.joined(separator: ", ")
        }
        var text = arguments(row, table.columns)
        if let kids = table.kids {
          let owner = row[table.columns[0].identity]
          let children = rows[table.kidTypeName, default: []].filter {
            $0[Self.ownerIdentity] == owner
          }.sorted { Self.position($0) < Self.position($1) }
          text +=
            ", kids: ["
            + children.map { "\(table.kidTypeName)(\(arguments($0, kids.columns)))" }.joined(
              separator: ", ") + "]"
        }
        return "try db.insert(\(table.typeName)(\(text)))"
      }
    }.joined(separator: "\n")
  }

  /// The rows part of `MigrationDump`'s text for `rows`: tables by name, rows by key (on
  /// PostgreSQL each value as JSON, rows by their text); removed structs' tables too, unless
  /// `withLeftovers` is false.
  func dumpedRows(_ rows: Rows, postgres: Bool = false, withLeftovers: Bool = true) -> String {
    // Each table and child table: its name, rows key and columns (a child's owner key and
    // position first, both integers).
    var dumped: [(name: String, key: String, columns: [(identity: Int, kind: Kind)])] = []
    for table in tables + (withLeftovers ? removed : []) where rows[table.typeName] != nil {
      dumped.append((table.tableName, table.typeName, table.columns.map { ($0.identity, $0.kind) }))
      if let kids = table.kids {
        dumped.append(
          (
            table.kidTableName, table.kidTypeName,
            [(Self.ownerIdentity, .integer), (Self.positionIdentity, .integer)]
              + kids.columns.map { ($0.identity, $0.kind) }
          ))
      }
    }
    var lines = ["rows"]
    for table in dumped.sorted(by: { $0.name < $1.name }) {
      lines.append(table.name)
      let printed = rows[table.key, default: []].map { row in
        "  "
          + table.columns.map { column in
            let value = row[column.identity] ?? .null
            return postgres ? value.json(for: column.kind) : value.quoted
          }.joined(separator: ", ")
      }
      // Both dumps order a table's lines by their text.
      lines += printed.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
    return lines.joined(separator: "\n")
  }

  private static func position(_ row: [Int: Value]) -> Int64 {
    if case .integer(let number) = row[positionIdentity] { return number }
    return 0
  }

  var typeNames: [String] { tables.map(\.typeName) }

  /// The tables of removed structs that a database of `rows` may hold, under any name they
  /// had, their child tables included.
  func leftoverTables(in rows: Rows) -> Set<String> {
    Set(
      removed.filter { rows[$0.typeName] != nil }.flatMap { table in
        let names = [table.tableName] + table.formerNames
        return names + (table.kids == nil ? [] : names.map { $0 + "_kids" })
      })
  }
}

extension EvolvingSchema.Value {
  /// As PostgreSQL's `to_jsonb` prints it for a column of `kind` (a whole `DOUBLE PRECISION`
  /// without its `.0`, a `Bool` as `true`/`false`, a `UUID` in lower case, `BYTEA` as its
  /// `\\x` hex text, `JSONB` as itself with a space after each comma).
  func json(for kind: EvolvingSchema.Kind) -> String {
    switch self {
    case .null: return "null"
    case .integer(let number) where kind == .bool: return number == 0 ? "false" : "true"
    case .integer(let number): return String(number)
    case .double(let value): return value == value.rounded() ? String(Int64(value)) : String(value)
    case .text(let text) where kind == .uuid: return "\"" + text.lowercased() + "\""
    case .text(let text) where kind == .json: return text.replacingOccurrences(of: ",", with: ", ")
    case .text(let text): return "\"" + text + "\""
    case .blob(let bytes): return "\"\\\\x" + Self.hex(bytes) + "\""
    }
  }

  /// As written in Swift for a property of `kind` (a Bool column stores 0 and 1).
  func swiftLiteral(for kind: EvolvingSchema.Kind) -> String {
    switch (kind, self) {
    case (.bool, .integer(let number)): return number == 0 ? "false" : "true"
    case (.uuid, .text(let text)): return "UUID(uuidString: \"\(text)\")!"
    case (.date, .double(let seconds)): return "Date(timeIntervalSinceReferenceDate: \(seconds))"
    case (.json, .text(let text)): return text
    default: return swiftLiteral
    }
  }
}
