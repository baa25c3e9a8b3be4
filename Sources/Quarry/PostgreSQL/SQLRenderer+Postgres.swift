extension SQLRenderer {
  /// A binary operation in PostgreSQL's spelling of SQLite's meaning: a comparison with one
  /// side under a folded collation (NOCASE, RTRIM) folds the other side too, as SQLite applies
  /// one side's collation to the comparison; `LIKE` takes ``SQLDialect/like``.
  mutating func appendPostgresBinary(_ lhs: SQLNode, _ word: String, _ rhs: SQLNode) {
    var lhs = lhs
    var rhs = rhs
    if let collation = foldedCollation(lhs) ?? foldedCollation(rhs) {
      if foldedCollation(lhs) == nil { lhs = .collate(lhs, collation) }
      if foldedCollation(rhs) == nil { rhs = .collate(rhs, collation) }
    }
    let precedence = SQLNode.precedence(of: word)
    if word == "LIKE", let like = dialect.like {
      // The operands are rendered apart (their values still bound in order), then joined.
      let before = sql
      sql = ""
      appendOperand(lhs, binding: precedence)
      let left = sql
      sql = ""
      appendOperand(rhs, binding: precedence + 1)
      sql = before + like(left, sql)
      return
    }
    appendOperand(lhs, binding: precedence)
    sql += " " + word + " "
    appendOperand(rhs, binding: precedence + 1)
  }

  /// The collation of `node` when the dialect folds it.
  private func foldedCollation(_ node: SQLNode) -> Collation? {
    guard case .collate(_, let collation) = node, dialect.collationFold(collation) != nil else {
      return nil
    }
    return collation
  }
}

extension SQLRenderer {
  /// `GROUP BY` in PostgreSQL: a term that binds a value and is also selected is written as
  /// the select list's position (`GROUP BY "genre", 2`). PostgreSQL sees `"published" / $1`
  /// in the selection and `"published" / $2` in GROUP BY as different expressions (SQLSTATE
  /// 42803), though both bind the same value; the ordinal names the selected one itself.
  /// Other terms are written out, as in SQLite.
  mutating func appendPostgresGroups(of core: SelectCore) {
    for (offset, group) in core.groups.enumerated() {
      if offset > 0 { sql += ", " }
      if let ordinal = selectedOrdinal(of: group, in: core) {
        sql += String(ordinal)
      } else {
        append(group)
      }
    }
  }

  /// The 1-based position of `node` in the selection of `core` when `node` binds a value and
  /// renders as that selected expression with the same values; nil otherwise (a term without
  /// values is the same expression to PostgreSQL however often it is written).
  func selectedOrdinal(of node: SQLNode, in core: SelectCore) -> Int? {
    guard case .expressions(let selected) = core.selection else { return nil }
    let wanted = rendering(node)
    guard !wanted.values.isEmpty, !wanted.values.contains(nil) else { return nil }
    for (offset, candidate) in selected.enumerated() {
      let rendered = rendering(candidate)
      if rendered.sql == wanted.sql, rendered.values == wanted.values { return offset + 1 }
    }
    return nil
  }

  /// `node` as this renderer would write it, with its bound values (nil for one that does
  /// not convert).
  private func rendering(_ node: SQLNode) -> (sql: String, values: [DatabaseValue?]) {
    var scratch = SQLRenderer(dialect: dialect, qualifiesColumns: qualifiesColumns)
    scratch.append(node)
    return (scratch.sql, scratch.arguments.map { try? $0.databaseValue() })
  }
}
