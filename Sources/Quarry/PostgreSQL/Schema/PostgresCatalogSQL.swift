/// The catalog queries of ``PostgresCatalog``: `pg_catalog` only (not `information_schema`,
/// which hides other roles' objects), restricted to the current schema.
///
/// Related PostgreSQL documentation: <https://www.postgresql.org/docs/current/catalogs.html>
enum PostgresCatalogSQL {
  /// The relation `?1` whose `relkind` is one of the letters of `?2`.
  static let relationExists =
    "SELECT 1 FROM pg_catalog.pg_class c"
    + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
    + " WHERE n.nspname = current_schema() AND c.relname = ?1"
    + " AND strpos(?2, c.relkind::text) > 0"

  /// The table `?1`'s columns: name, type, NOT NULL (1 or 0), default, 1-based key position.
  static let columns =
    "SELECT a.attname, upper(pg_catalog.format_type(a.atttypid, a.atttypmod)),"
    + " CASE WHEN a.attnotnull THEN 1 ELSE 0 END,"
    + " pg_catalog.pg_get_expr(d.adbin, d.adrelid),"
    + " coalesce(array_position(k.conkey, a.attnum), 0)::bigint"
    + " FROM pg_catalog.pg_attribute a"
    + " JOIN pg_catalog.pg_class c ON c.oid = a.attrelid"
    + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
    + " LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum"
    + " LEFT JOIN pg_catalog.pg_constraint k ON k.conrelid = c.oid AND k.contype = 'p'"
    + " WHERE n.nspname = current_schema() AND c.relname = ?1"
    + " AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum"

  /// The table `?1`'s indexes: name, unique (1 or 0), one column per row in index order (NULL
  /// for an expression's term), by name.
  static let indexes =
    "SELECT ic.relname, CASE WHEN i.indisunique THEN 1 ELSE 0 END, a.attname"
    + " FROM pg_catalog.pg_index i"
    + " JOIN pg_catalog.pg_class ic ON ic.oid = i.indexrelid"
    + " JOIN pg_catalog.pg_class c ON c.oid = i.indrelid"
    + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
    + " CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, position)"
    + " LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum"
    + " AND k.attnum > 0"
    + " WHERE n.nspname = current_schema() AND c.relname = ?1"
    + " ORDER BY ic.relname, k.position"

  /// The table `?1`'s foreign keys: constraint name, referenced table, one column pair per row
  /// in key order, ON DELETE and ON UPDATE codes; by constraint name.
  static let foreignKeys =
    "SELECT k.conname, rc.relname, a.attname, ra.attname,"
    + " k.confdeltype::text, k.confupdtype::text"
    + " FROM pg_catalog.pg_constraint k"
    + " JOIN pg_catalog.pg_class c ON c.oid = k.conrelid"
    + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
    + " JOIN pg_catalog.pg_class rc ON rc.oid = k.confrelid"
    + " CROSS JOIN LATERAL unnest(k.conkey, k.confkey) WITH ORDINALITY AS p(attnum, refnum, position)"
    + " JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = p.attnum"
    + " JOIN pg_catalog.pg_attribute ra ON ra.attrelid = k.confrelid AND ra.attnum = p.refnum"
    + " WHERE k.contype = 'f' AND n.nspname = current_schema() AND c.relname = ?1"
    + " ORDER BY k.conname, p.position"

  /// The sequences owned by the table `?1`'s columns (identity or serial): column, sequence.
  static let identitySequences =
    "SELECT a.attname, s.relname FROM pg_catalog.pg_depend d"
    + " JOIN pg_catalog.pg_class s ON s.oid = d.objid AND s.relkind = 'S'"
    + " JOIN pg_catalog.pg_class c ON c.oid = d.refobjid"
    + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
    + " JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum = d.refobjsubid"
    + " WHERE d.classid = 'pg_catalog.pg_class'::regclass"
    + " AND d.refclassid = 'pg_catalog.pg_class'::regclass AND d.deptype IN ('a', 'i')"
    + " AND n.nspname = current_schema() AND c.relname = ?1 ORDER BY a.attnum"

  /// The tables with a foreign key to the table `?1`, by name.
  static let referencingTables =
    "SELECT DISTINCT c.relname FROM pg_catalog.pg_constraint k"
    + " JOIN pg_catalog.pg_class c ON c.oid = k.conrelid"
    + " JOIN pg_catalog.pg_class rc ON rc.oid = k.confrelid"
    + " JOIN pg_catalog.pg_namespace n ON n.oid = rc.relnamespace"
    + " WHERE k.contype = 'f' AND n.nspname = current_schema() AND rc.relname = ?1"
    + " ORDER BY c.relname"
}
