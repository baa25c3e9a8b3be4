import Quarry

/// What a migration test compares, all through raw SQL: every table's `PRAGMA table_info`,
/// `index_list`, `index_info` and `foreign_key_list` (the schema), then every row with each
/// value `quote()`d (so 5, 5.0 and '5' differ), `sqlite_sequence`, and the integrity and
/// foreign-key checks. Compiled into each version's test program (see `MigrationProject`).
enum MigrationDump {
  static func text(of database: Database) throws -> String {
    try database.read { db in
      func value(_ sql: String) throws -> String {
        // group_concat over no rows is NULL: an empty list.
        try db.fetchValue(String.self, sql: "SELECT CAST(coalesce((\(sql)), '') AS TEXT)") ?? ""
      }
      func literal(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''")
          + "'"
      }
      func identifier(_ text: String) -> String {
        "\""
          + text.split(separator: "\"", omittingEmptySubsequences: false)
          .joined(separator: "\"\"") + "\""
      }
      let names = try value(
        """
        SELECT group_concat(name, char(10)) FROM (SELECT name FROM sqlite_master
        WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'quarry_migrations'
        ORDER BY name)
        """
      ).split(separator: "\n").map(String.init)
      var schema: [String] = ["schema"]
      var rows: [String] = ["rows"]
      for name in names {
        let table = literal(name)
        schema.append("table \(name)")
        schema.append(
          try value(
            """
            SELECT group_concat(line, char(10)) FROM (SELECT '  column ' || cid || ' ' || name
            || ' ' || type || ' notnull=' || "notnull" || ' default=' || coalesce(dflt_value, '-')
            || ' pk=' || pk AS line FROM pragma_table_info(\(table)) ORDER BY cid)
            """))
        schema.append(
          try value(
            """
            SELECT group_concat(line, char(10)) FROM (SELECT '  index ' || il.name || ' unique='
            || il."unique" || ' origin=' || il.origin || ' partial=' || il.partial || ' ('
            || (SELECT group_concat(name, ',') FROM (SELECT ii.name FROM
            pragma_index_info(il.name) ii ORDER BY ii.seqno)) || ')' AS line
            FROM pragma_index_list(\(table)) il ORDER BY il.name)
            """))
        schema.append(
          try value(
            """
            SELECT group_concat(line, char(10)) FROM (SELECT '  foreign key ' || id || '.' || seq
            || ' ' || "table" || ' ' || "from" || ' -> ' || coalesce("to", '-') || ' on update '
            || on_update || ' on delete ' || on_delete AS line
            FROM pragma_foreign_key_list(\(table)) ORDER BY id, seq)
            """))
        let columns = try value(
          "SELECT group_concat(name, char(10)) FROM pragma_table_info(\(table))"
        ).split(separator: "\n").map { "quote(\(identifier(String($0))))" }
        rows.append(name)
        rows.append(
          try value(
            "SELECT group_concat(line, char(10)) FROM (SELECT '  ' || "
              + columns.joined(separator: " || ', ' || ")
              + " AS line FROM \(identifier(name)) ORDER BY 1)"))
      }
      if try value("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_sequence'") == "1" {
        rows.append(
          "sequence "
            + (try value(
              "SELECT group_concat(name || '=' || seq, ', ') FROM (SELECT * FROM sqlite_sequence "
                + "ORDER BY name)")))
      }
      if try value("SELECT count(*) FROM sqlite_master WHERE name = 'quarry_migrations'") == "1" {
        rows.append(
          "migrations "
            + (try value(
              "SELECT group_concat(name, ', ') FROM (SELECT name FROM quarry_migrations "
                + "WHERE name LIKE 'quarry.generated/%' ORDER BY name)")))
      }
      rows.append(
        "integrity "
          + (try value("SELECT group_concat(integrity_check) FROM pragma_integrity_check")))
      rows.append(
        "foreign key violations " + (try value("SELECT count(*) FROM pragma_foreign_key_check")))
      return (schema + rows).filter { !$0.isEmpty }.joined(separator: "\n")
    }
  }
}
