extension PostgresCatalog {
  /// Gives the identity (and serial) sequences of `table`'s columns the names PostgreSQL gives
  /// a new table's, `<table>_<column>_seq`: a sequence keeps its name when its table or column
  /// is renamed, or when a rebuild's table under a temporary name takes the table's name.
  ///
  /// ```swift
  /// try catalog.execute(#"ALTER TABLE "books" RENAME TO "volumes""#)
  /// try catalog.renameIdentitySequences(of: "volumes")   // books_id_seq -> volumes_id_seq
  /// ```
  ///
  /// A name taken by another relation is left as it is; names past 63 bytes are cut as
  /// ``PostgresIdentifier/stored(_:)`` cuts them, which is not how PostgreSQL shortens them.
  func renameIdentitySequences(of table: String) throws {
    for row in try rows(PostgresCatalogSQL.identitySequences, [.text(table)]) {
      let sequence = Self.text(row[1])
      let wanted = PostgresIdentifier.stored(table + "_" + Self.text(row[0]) + "_seq")
      guard sequence != wanted,
        try rows(PostgresCatalogSQL.relationExists, [.text(wanted), .text("rvpmfiIS")]).isEmpty
      else { continue }
      try execute(
        "ALTER SEQUENCE \(SQLIdentifier.quote(sequence)) RENAME TO \(SQLIdentifier.quote(wanted))")
    }
  }
}
