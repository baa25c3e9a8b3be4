/// The SQL that makes every change to a table announce itself to observers, on PostgreSQL.
///
/// One function, `quarry_notify()`, and per table one statement-level trigger,
/// `quarry_notify_changes`, `AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE`, which calls
/// `pg_notify('quarry_changes', TG_TABLE_NAME)`. Statement-level: a statement that changes a
/// million rows notifies once, and PostgreSQL folds the identical notifications of one
/// transaction into one, delivered at commit (never for a rollback). Triggers fire whoever
/// writes (Quarry, `psql`, another service), which is what lets observers see every client's
/// commits.
///
/// Cost to writers: one trigger call per statement that changes a table (about 2 µs),
/// one queued notification per table per transaction. With the trigger, 100,000 one-row inserts
/// in one transaction took 3.5 s against 3.0 s without (the postgres bench's C, 2026-12-03): it
/// is all of the generated insert's distance from the C. Calling the function once per table
/// per transaction instead (a transaction-local flag the function sets and a `WHEN` on the
/// trigger that tests it) was slower, 3.87 s against 3.52 s: PostgreSQL prepares a trigger's
/// `WHEN` again for every statement.
///
/// Related PostgreSQL documentation: <https://www.postgresql.org/docs/current/sql-createtrigger.html>
enum PostgresChangeTriggers {
  /// The name every table's trigger has.
  static let triggerName = "quarry_notify_changes"

  /// Creates or replaces the notifying function.
  ///
  /// The call sits in an `IF` condition rather than a `PERFORM`: PL/pgSQL evaluates a condition
  /// as a simple expression, where `PERFORM` runs a whole query through SPI. Measured in a
  /// PL/pgSQL loop of 20,000 one-row inserts (PostgreSQL 15, medians of 16 alternating runs),
  /// the trigger added 4.1 µs to an insert with `PERFORM` and 1.9 µs this way.
  static let createFunction = """
    CREATE OR REPLACE FUNCTION quarry_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF pg_notify('\(PostgresChangeListener.channel)', TG_TABLE_NAME) IS NULL THEN
      END IF;
      RETURN NULL;
    END
    $$
    """

  /// Every table of the schemas on the search path (outside the system catalogs), and whether
  /// it has Quarry's trigger (`t` or `f`), in text format.
  static let tableTriggerStates = """
    SELECT c.relname, EXISTS (
        SELECT 1 FROM pg_catalog.pg_trigger t
        WHERE t.tgrelid = c.oid AND t.tgname = '\(triggerName)')
    FROM pg_catalog.pg_class c
    WHERE c.relkind IN ('r', 'p') AND pg_catalog.pg_table_is_visible(c.oid)
      AND c.relnamespace <> 'pg_catalog'::regnamespace
      AND c.relnamespace <> 'information_schema'::regnamespace
    """

  /// The trigger of `table`.
  static func createTrigger(on table: String) -> String {
    """
    CREATE TRIGGER \(triggerName) AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE \
    ON \(quoted(table)) FOR EACH STATEMENT EXECUTE FUNCTION quarry_notify()
    """
  }

  /// `name` as a PostgreSQL identifier: in double quotes, inner quotes doubled.
  static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
