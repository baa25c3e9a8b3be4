extension ReadTransaction {
  /// The rows associated with `owner`: the books of an author.
  ///
  /// ```swift
  /// let hers: [Book] = try db.read { try $0.fetchAll(Author.books, of: author) }
  /// ```
  public func fetchAll<Owner, Target>(_ association: HasMany<Owner, Target>, of owner: Owner)
    throws -> [Target]
  {
    guard let key = association.key(owner) else { return [] }
    let condition = SQLNode.binary(
      .column(table: Target.table.name, name: association.column), "=", .value(key))
    return try fetchAll(Target.all().filter(SQLExpression(condition)))
  }

  /// The targets linked to `owner` through the link table: the tags of a book.
  ///
  /// ```swift
  /// let tags: [Tag] = try db.read { try $0.fetchAll(Book.tags, of: dune) }
  /// ```
  public func fetchAll<Owner, Link, Target>(
    _ association: HasManyThrough<Owner, Link, Target>, of owner: Owner
  ) throws -> [Target] {
    guard let key = association.key(owner) else { return [] }
    var links = SelectCore(
      tableName: Link.table.name,
      selection: .expressions([.column(table: Link.table.name, name: association.targetColumn)]))
    links.filter = .binary(
      .column(table: Link.table.name, name: association.ownerColumn), "=", .value(key))
    let condition = SQLNode.inSubquery(Query<Target>.keyNode(Target.self), links)
    return try fetchAll(Target.all().filter(SQLExpression(condition)))
  }

  /// The row whose unique reference points at `owner`, or nil when there is none.
  ///
  /// ```swift
  /// let cover: Cover? = try db.read { try $0.fetchOne(Book.cover, of: dune) }
  /// ```
  public func fetchOne<Owner, Target>(_ association: HasOne<Owner, Target>, of owner: Owner)
    throws -> Target?
  {
    guard let key = association.key(owner) else { return nil }
    let condition = SQLNode.binary(
      .column(table: Target.table.name, name: association.column), "=", .value(key))
    return try fetchOne(Target.all().filter(SQLExpression(condition)))
  }

  /// The row `owner` refers to, or nil when there is none.
  ///
  /// ```swift
  /// let his: Author? = try db.read { try $0.fetchOne(Book.author, of: book) }
  /// ```
  public func fetchOne<Owner, Target>(_ association: BelongsTo<Owner, Target>, of owner: Owner)
    throws -> Target?
  {
    try fetchOne(Target.self, id: association.foreignKey(owner))
  }

  /// The row `owner`'s optional reference points at; nil when it is NULL or dangling.
  public func fetchOne<Owner, Target>(
    _ association: OptionalBelongsTo<Owner, Target>, of owner: Owner
  ) throws -> Target? {
    guard let key = association.foreignKey(owner) else { return nil }
    return try fetchOne(Target.self, id: key)
  }

  /// The rows of the query, each with its included value: the referenced row, the associated
  /// rows, or tuples of them for nested `including`; one more query per association.
  ///
  /// ```swift
  /// let pairs: [(Book, Author)] = try db.read { try $0.fetchAll(Book.all().including(Book.author)) }
  /// ```
  ///
  /// - Throws: ``RecordNotFoundError`` when a row a `BelongsTo` refers to is missing (foreign
  ///   keys off), ``SQLiteError`` otherwise.
  public func fetchAll<T, Association>(_ query: IncludingQuery<T, Association>) throws
    -> [(T, Association.Included)]
  where Association: IncludableAssociation, Association.Owner == T {
    let owners = try fetchAll(query.query)
    let included = try query.association.loadIncluded(
      for: owners, refinement: query.refinement, in: self)
    var pairs: [(T, Association.Included)] = []
    pairs.reserveCapacity(owners.count)
    for index in owners.indices { pairs.append((owners[index], included[index])) }
    return pairs
  }

  /// The rows of `Target` whose keys are `keys`, by key, with their owned children.
  func referencedRows<Target: TableRecord>(_ type: Target.Type, keys: [Target.PrimaryKey])
    throws -> [Target.PrimaryKey: Target]
  where Target.PrimaryKey: Hashable & DatabaseValueConvertible {
    let unique = Array(Set(keys))
    guard !unique.isEmpty else { return [:] }
    let table = SQLIdentifier.quote(Target.table.name)
    let column = table + "." + SQLIdentifier.quote(Target.table.keyColumnName)
    var targets: [Target] = []
    var targetKeys: [Target.PrimaryKey] = []
    let keyIndex = Int32(Target.table.columns.count)
    try forEachRow(
      sql: "SELECT \(Self.qualifiedColumns(Target.table)), \(column) FROM \(table)",
      keyColumn: column, keys: unique, table: Target.table.name
    ) { row in
      targets.append(try Target(row: row))
      targetKeys.append(try row.decode(at: keyIndex))
    }
    if Target.hasOwnedChildren { try Target.loadOwnedChildren(&targets, in: self, everyRow: false) }
    return Dictionary(zip(targetKeys, targets), uniquingKeysWith: { first, _ in first })
  }

  /// The rows of `sql` whose last column holds each owner's key, one array per owner.
  ///
  /// The key column is matched by its stored value (``StoredKeyPositions``) and the rows are
  /// decoded by `Target`'s own specialized loop, so no per-row work goes through `T.PrimaryKey`.
  func groupedRows<T: TableRecord, Target: TableRecord>(
    _ owners: [T], key: (T) -> T.PrimaryKey?, everyRow: Bool, sql: String, keyColumn: String,
    clauses: (filter: RenderedSQL?, ordering: RenderedSQL?)
  ) throws -> [[Target]] where T.PrimaryKey: Hashable & DatabaseValueConvertible {
    var positions = StoredKeyPositions()
    positions.reserveCapacity(owners.count)
    var keys: [T.PrimaryKey] = []
    // Owners that occur more than once (the one author of several books, in
    // `Book.author.including(Author.books)`): each later occurrence gets the first one's rows.
    var repeats: [(position: Int, first: Int)] = []
    for (position, owner) in owners.enumerated() {
      guard let key = key(owner),
        let first = positions.insert(try key.databaseValue(), at: position)
      else { continue }
      if first != position {
        repeats.append((position, first))
      } else if !everyRow {
        keys.append(key)
      }
    }
    var groups = Array(repeating: [Target](), count: owners.count)
    if !positions.isEmpty {
      let keyIndex = Int32(Target.table.columns.count)
      try forEachStatement(
        sql: sql, keyColumn: keyColumn, keys: everyRow ? nil : keys, table: Target.table.name,
        filter: clauses.filter, ordering: clauses.ordering
      ) { statement in
        try Target.decodeRows(
          from: statement, ownerKeyAt: keyIndex, owners: positions, into: &groups)
      }
    }
    if Target.hasOwnedChildren { try loadOwnedChildren(&groups) }
    for (position, first) in repeats { groups[position] = groups[first] }
    return groups
  }

  /// Loads the owned children of every grouped value, one query per child table for all.
  private func loadOwnedChildren<Target: TableRecord>(_ groups: inout [[Target]]) throws {
    var values = groups.flatMap { $0 }
    try Target.loadOwnedChildren(&values, in: self, everyRow: false)
    var next = values.startIndex
    for index in groups.indices {
      let end = next + groups[index].count
      groups[index] = Array(values[next..<end])
      next = end
    }
  }

  /// Runs `sql` with `WHERE <keyColumn> IN (…)` over `keys` (no filter when nil), split to stay
  /// under SQLite's parameter limit, and hands each row to `body`.
  func forEachRow<Key: DatabaseValueConvertible>(
    sql prefix: String, keyColumn: String, keys: [Key]?, table: String,
    _ body: (Row) throws -> Void
  ) throws {
    try forEachStatement(sql: prefix, keyColumn: keyColumn, keys: keys, table: table) {
      statement in
      var number = 0
      while try statement.step() {
        number += 1
        try body(Row(statement: statement, number: number))
      }
    }
  }

  /// Runs `sql` with `WHERE [<filter> AND] <keyColumn> IN (…)` over `keys` (no key condition
  /// when nil), then `ordering`, split to stay under SQLite's parameter limit; `body` steps each
  /// bound statement through its rows.
  func forEachStatement<Key: DatabaseValueConvertible>(
    sql prefix: String, keyColumn: String, keys: [Key]?, table: String,
    filter: RenderedSQL? = nil, ordering: RenderedSQL? = nil,
    _ body: (Statement) throws -> Void
  ) throws {
    let connection = checkedConnection
    // Every placeholder is `?`, numbered in text order: the filter's values, the keys, then
    // the ordering's.
    func run(keyList: String?, bindKeys: (Statement, Int32) throws -> Int32) throws {
      var conditions: [String] = []
      if let filter { conditions.append(filter.sql) }
      if let keyList { conditions.append("\(keyColumn) IN (\(keyList))") }
      var sql = prefix
      if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
      if let ordering { sql += ordering.sql }
      let statement = try connection.cachedStatement(sql)
      statement.tableName = table
      try statement.withReset { statement in
        var index: Int32 = 1
        for argument in filter?.arguments ?? [] {
          try statement.bind(argument, at: index)
          index += 1
        }
        index = try bindKeys(statement, index)
        for argument in ordering?.arguments ?? [] {
          try statement.bind(argument, at: index)
          index += 1
        }
        try body(statement)
      }
    }
    guard let keys else { return try run(keyList: nil) { $1 } }
    let reserved = (filter?.arguments.count ?? 0) + (ordering?.arguments.count ?? 0)
    let perStatement = max(1, connection.variableLimit - reserved)
    var start = 0
    while start < keys.count {
      let end = min(start + perStatement, keys.count)
      var shape = 8
      while shape < end - start { shape *= 2 }
      shape = min(shape, perStatement)
      let list = Array(repeating: "?", count: shape).joined(separator: ", ")
      try run(keyList: list) { statement, first in
        for slot in 0..<shape {
          try statement.bind(keys[min(start + slot, end - 1)], at: first + Int32(slot))
        }
        return first + Int32(shape)
      }
      start = end
    }
  }

  /// `"table"."a", "table"."b"`: a table's columns in order, qualified.
  static func qualifiedColumns(_ table: TableDefinition) -> String {
    let name = SQLIdentifier.quote(table.name)
    return table.columns.map { name + "." + SQLIdentifier.quote($0.name) }
      .joined(separator: ", ")
  }
}
