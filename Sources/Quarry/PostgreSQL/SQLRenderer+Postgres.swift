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
