import Quarry

/// What a migration test compares, all through raw SQL: every table's `PRAGMA table_info`,
/// `index_list`, `index_info` and `foreign_key_list` (the schema), then every row with each
/// value `quote()`d (so 5, 5.0 and '5' differ), `sqlite_sequence`, and the integrity and
/// foreign-key checks. Compiled into each version's test program (see `MigrationProject`).
///
/// On PostgreSQL (`postgres: true`) the same through its catalog: every table's columns
/// (`information_schema.columns`, numbered in order), indexes (`pg_indexes`) and constraints
/// (`pg_constraint`), every row with each value as JSON (so 5 and "5" differ; 5 and 5.0 do not,
/// the column's type is in the schema), the key each identity sequence hands out next, and the
/// foreign keys PostgreSQL has not validated.
enum MigrationDump {
  static func text(of database: Database, postgres: Bool = false) throws -> String {
    if postgres { return try postgresText(of: database) }
    return try database.read { db in
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

  static func postgresText(of database: Database) throws -> String {
    try database.read { db in
      func value(_ sql: String) throws -> String {
        // string_agg over no rows is NULL: an empty list.
        try db.fetchValue(String.self, sql: "SELECT coalesce(CAST((\(sql)) AS TEXT), '')") ?? ""
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
        SELECT string_agg(table_name::text, E'\\n' ORDER BY table_name::text COLLATE "C")
        FROM information_schema.tables WHERE table_schema = 'public'
        AND table_type = 'BASE TABLE' AND table_name <> 'quarry_migrations'
        """
      ).split(separator: "\n").map(String.init)
      var schema: [String] = ["schema"]
      var rows: [String] = ["rows"]
      for name in names {
        let table = literal(name)
        let relation = literal(identifier(name))
        schema.append("table \(name)")
        schema.append(
          try value(
            """
            SELECT string_agg('  column ' || n || ' ' || column_name || ' ' || data_type
            || ' nullable=' || is_nullable || ' default=' || coalesce(column_default, '-')
            || ' identity=' || is_identity,
            E'\\n' ORDER BY n) FROM (SELECT row_number() OVER (ORDER BY ordinal_position) AS n, *
            FROM information_schema.columns WHERE table_schema = 'public'
            AND table_name = \(table)) AS c
            """))
        schema.append(
          try value(
            """
            SELECT string_agg('  index ' || indexname || ' ' || indexdef, E'\\n'
            ORDER BY indexname COLLATE "C") FROM pg_indexes
            WHERE schemaname = 'public' AND tablename = \(table)
            """))
        schema.append(
          try value(
            """
            SELECT string_agg('  constraint ' || conname || ' ' || pg_get_constraintdef(oid),
            E'\\n' ORDER BY conname COLLATE "C") FROM pg_constraint
            WHERE conrelid = to_regclass(\(relation))
            """))
        let columns = try value(
          """
          SELECT string_agg(column_name::text, E'\\n' ORDER BY ordinal_position)
          FROM information_schema.columns WHERE table_schema = 'public' AND table_name = \(table)
          """
        ).split(separator: "\n").map {
          "coalesce(to_jsonb(\(identifier(String($0))))::text, 'null')"
        }
        rows.append(name)
        rows.append(
          try value(
            "SELECT string_agg(line, E'\\n' ORDER BY line COLLATE \"C\") FROM (SELECT '  ' || "
              + columns.joined(separator: " || ', ' || ")
              + " AS line FROM \(identifier(name))) AS r"))
      }
      // The key each identity sequence hands out next (pg_sequences.last_value is NULL until
      // a value is taken, and again after a setval(…, false)).
      let sequences = try value(
        """
        SELECT string_agg(sequencename::text, E'\\n' ORDER BY sequencename COLLATE "C")
        FROM pg_sequences WHERE schemaname = 'public'
        AND sequencename NOT LIKE 'quarry\\_migrations\\_%'
        """
      ).split(separator: "\n").map { name in
        let next = try value(
          "SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END FROM "
            + identifier(String(name)))
        return "\(name) next=\(next)"
      }
      if !sequences.isEmpty { rows.append("sequence " + sequences.joined(separator: ", ")) }
      if try value("SELECT count(*) FROM pg_tables WHERE tablename = 'quarry_migrations'") == "1" {
        rows.append(
          "migrations "
            + (try value(
              "SELECT string_agg(name, ', ' ORDER BY name COLLATE \"C\") FROM quarry_migrations "
                + "WHERE name LIKE 'quarry.generated/%'")))
      }
      rows.append(
        "foreign keys not validated "
          + (try value(
            "SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND NOT convalidated")))
      return (schema + rows).filter { !$0.isEmpty }.joined(separator: "\n")
    }
  }
}
