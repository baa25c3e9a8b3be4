/// The PostgreSQL text of ``PostgresTableRebuild``'s queries. Rows are named by their old
/// primary key; each query ends with the row's position in key order (1-based), which names a
/// row of a table without a key as SQLite's rowid does.
enum PostgresRebuildSQL {
  private static func quote(_ name: String) -> String { SQLIdentifier.quote(name) }

  private static func order(_ labels: [String]) -> String {
    labels.isEmpty ? "ctid" : labels.map(quote).joined(separator: ", ")
  }

  /// The rows of `table` for which `condition` holds, in key order: `labels`, `value`, position.
  static func rows(
    of table: String, labels: [String], value: String, where condition: String, limit: Int?
  ) -> String {
    numbered(table, labels: labels, values: [value], condition: condition)
      + (limit.map { " LIMIT \($0)" } ?? "")
  }

  /// `SELECT` of `labels`, `values` and the row's position in key order, from the rows of
  /// `table` for which `condition` holds, in that order.
  private static func numbered(
    _ table: String, labels: [String], values: [String], condition: String
  ) -> String {
    let terms = labels.map(quote) + values + ["row_number() OVER (ORDER BY \(order(labels)))"]
    let aliases = terms.indices.map { "quarry_\($0)" }
    let inner = zip(terms, aliases).map { "\($0) AS \($1)" } + ["(\(condition)) AS quarry_hit"]
    return "SELECT " + aliases.dropLast().joined(separator: ", ") + ", "
      + aliases[aliases.count - 1] + "::bigint FROM (SELECT " + inner.joined(separator: ", ")
      + " FROM \(quote(table))) AS numbered WHERE quarry_hit ORDER BY \(aliases[aliases.count - 1])"
  }

  /// The first group of `expressions` that more than one row of `table` shares.
  static func firstDuplicate(in table: String, expressions: [String], skipNulls: Bool) -> String {
    let group = expressions.joined(separator: ", ")
    let filter =
      skipNulls
      ? " WHERE " + expressions.map { "(\($0)) IS NOT NULL" }.joined(separator: " AND ") : ""
    return "SELECT \(group) FROM \(quote(table))\(filter) GROUP BY \(group)"
      + " HAVING count(*) > 1 ORDER BY min(ctid::text) LIMIT 1"
  }

  /// The first row of `table` (in key order) whose `expressions`, all non-NULL, match no row
  /// of `parent`: `labels`, the expressions' values, position.
  static func firstOrphan(
    in table: String, labels: [String], expressions: [String], parent: String,
    parentColumns: [String]
  ) -> String {
    let matches = zip(expressions, parentColumns).map { "p.\(quote($1)) = (\($0))" }
      .joined(separator: " AND ")
    let present = expressions.map { "(\($0)) IS NOT NULL" }.joined(separator: " AND ")
    let condition =
      "\(present) AND NOT EXISTS (SELECT 1 FROM \(quote(parent)) AS p WHERE \(matches))"
    return numbered(table, labels: labels, values: expressions, condition: condition) + " LIMIT 1"
  }

  /// Other tables' foreign keys to the table `?1`: table, constraint name, definition.
  static let referringKeys =
    "SELECT c.relname, k.conname, pg_catalog.pg_get_constraintdef(k.oid)"
    + " FROM pg_catalog.pg_constraint k"
    + " JOIN pg_catalog.pg_class c ON c.oid = k.conrelid"
    + " JOIN pg_catalog.pg_class rc ON rc.oid = k.confrelid"
    + " JOIN pg_catalog.pg_namespace n ON n.oid = rc.relnamespace"
    + " WHERE k.contype = 'f' AND n.nspname = current_schema() AND rc.relname = ?1"
    + " AND k.conrelid <> k.confrelid ORDER BY c.relname, k.conname"

  /// The table `?1`'s own indexes (not a constraint's) and triggers: name, definition.
  static let userIndexesAndTriggers =
    "SELECT ic.relname, pg_catalog.pg_get_indexdef(i.indexrelid) FROM pg_catalog.pg_index i"
    + " JOIN pg_catalog.pg_class ic ON ic.oid = i.indexrelid"
    + " JOIN pg_catalog.pg_class c ON c.oid = i.indrelid"
    + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
    + " WHERE n.nspname = current_schema() AND c.relname = ?1"
    + " AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint k WHERE k.conindid = i.indexrelid)"
    + " UNION ALL"
    + " SELECT t.tgname, pg_catalog.pg_get_triggerdef(t.oid) FROM pg_catalog.pg_trigger t"
    + " JOIN pg_catalog.pg_class c ON c.oid = t.tgrelid"
    + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
    + " WHERE n.nspname = current_schema() AND c.relname = ?1 AND NOT t.tgisinternal"

  /// The views that read the table `?1` (quoted), directly or through other views, in the
  /// order they were created: name, `SELECT` text.
  static let dependentViews =
    "WITH RECURSIVE readers(oid) AS ("
    + " SELECT r.ev_class FROM pg_catalog.pg_depend d"
    + " JOIN pg_catalog.pg_rewrite r ON r.oid = d.objid"
    + " WHERE d.classid = 'pg_catalog.pg_rewrite'::regclass AND d.refobjid = CAST(?1 AS regclass)"
    + " AND r.ev_class <> d.refobjid"
    + " UNION"
    + " SELECT r.ev_class FROM readers"
    + " JOIN pg_catalog.pg_depend d ON d.refobjid = readers.oid"
    + " JOIN pg_catalog.pg_rewrite r ON r.oid = d.objid"
    + " WHERE d.classid = 'pg_catalog.pg_rewrite'::regclass AND r.ev_class <> readers.oid)"
    + " SELECT c.relname, pg_catalog.pg_get_viewdef(c.oid) FROM readers"
    + " JOIN pg_catalog.pg_class c ON c.oid = readers.oid WHERE c.relkind = 'v' ORDER BY c.oid"

  /// The referencing columns of the foreign key constraint `?1`, in key order.
  static let constraintColumns =
    "SELECT a.attname FROM pg_catalog.pg_constraint k"
    + " CROSS JOIN LATERAL unnest(k.conkey) WITH ORDINALITY AS p(attnum, position)"
    + " JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = p.attnum"
    + " WHERE k.conname = ?1 AND k.contype = 'f' ORDER BY p.position"

  /// The referenced columns of the foreign key constraint `?1`, in key order.
  static let referencedColumns =
    "SELECT a.attname FROM pg_catalog.pg_constraint k"
    + " CROSS JOIN LATERAL unnest(k.confkey) WITH ORDINALITY AS p(attnum, position)"
    + " JOIN pg_catalog.pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = p.attnum"
    + " WHERE k.conname = ?1 AND k.contype = 'f' ORDER BY p.position"
}
