/// Where a rebuilt table's column takes its values from (see
/// ``GeneratedMigration/Step/rebuildTable(_:columns:)``).
///
/// ```swift
/// columns: [
///   .copy("id"),
///   .copy("code", from: "isbn"),           // renamed
///   .convert("rating"),                    // TEXT -> INTEGER: exactly, or migrate throws
///   .convert("initial", to: .character),   // each value must be one Character
///   .fillNulls("pages", withSQL: "0"),     // nullable -> NOT NULL
///   .value("shelf", sql: "'A1'"),          // a column that did not exist before
/// ]
/// ```
///
/// A source column that does not exist in the database (a column an earlier release's
/// `migrate` added by itself, on a database that skipped that release) gives the new column
/// the default it was added with (``addedWithDefault(sql:)``), else its own default, or NULL.
public struct ColumnSource: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    /// The old column's values as they are.
    case copy(from: String)
    /// The old column's values converted exactly to `target`; nil: to the column's SQL type.
    case convert(from: String, target: ConversionTarget?, fillNullsSQL: String?)
    /// The old column's values, with NULL replaced by an SQL expression.
    case fillNulls(from: String, sql: String)
    /// An SQL expression for every row.
    case value(sql: String)
  }

  /// The column of the rebuilt table this source fills.
  public let name: String
  let kind: Kind
  /// The SQL default the old column was added with; see ``addedWithDefault(sql:)``.
  private(set) var addedDefaultSQL: String?

  /// This source, for a database that has not got the old column: its rows get `sql` (`NULL`
  /// for a column added without a default), in place of the new column's default.
  ///
  /// A column that an earlier release's `migrate` added at the end of its table, by itself,
  /// has no migration of its own. A database that skipped that release reaches this rebuild
  /// without it; the release in between would have filled its rows with the default the column
  /// then had, which the new definition may no longer have (`Double = 3.5` made `Double?`), so
  /// the generator freezes that default here and every path ends with the same rows. The value
  /// is used as it is, never converted: with ``convert(_:from:to:fillNullsWithSQL:)`` it must
  /// already be of the new type (the generator gives `NULL` there).
  ///
  /// ```swift
  /// .copy("rating").addedWithDefault(sql: "3.5")
  /// ```
  public func addedWithDefault(sql: String) -> ColumnSource {
    var source = self
    source.addedDefaultSQL = sql
    return source
  }

  /// The SQL that replaces NULL in this source, for `fillNulls` and `convert`.
  var fillNullsSQL: String? {
    switch kind {
    case .fillNulls(_, let sql): sql
    case .convert(_, _, let sql): sql
    case .copy, .value: nil
    }
  }

  /// The column `name`'s values, unchanged.
  public static func copy(_ name: String) -> ColumnSource {
    ColumnSource(name: name, kind: .copy(from: name))
  }

  /// The values of the old column `old`, unchanged, into the column `name`.
  public static func copy(_ name: String, from old: String) -> ColumnSource {
    ColumnSource(name: name, kind: .copy(from: old))
  }

  /// The values of `old` converted exactly to `target` (nil: to the new column's SQL type).
  ///
  /// Every value is checked before anything changes: `'n/a'` or `3.5` into an integer, a
  /// string of two Characters into `.character`, an integer out of `target`'s range, make
  /// `migrate` throw a ``MigrationError`` naming table, column and the first such row. Values
  /// are never rounded or truncated the way SQL's `CAST` does. NULL stays NULL unless
  /// `fillNullsWithSQL` gives an SQL expression for it (the column becoming NOT NULL).
  public static func convert(
    _ name: String, from old: String? = nil, to target: ConversionTarget? = nil,
    fillNullsWithSQL: String? = nil
  ) -> ColumnSource {
    ColumnSource(
      name: name, kind: .convert(from: old ?? name, target: target, fillNullsSQL: fillNullsWithSQL))
  }

  /// The values of `old` (by default `name`), with NULL replaced by the SQL expression `sql`:
  /// a nullable column becoming NOT NULL.
  public static func fillNulls(_ name: String, from old: String? = nil, withSQL sql: String)
    -> ColumnSource
  {
    ColumnSource(name: name, kind: .fillNulls(from: old ?? name, sql: sql))
  }

  /// The SQL expression `sql` for every row: a column the old table did not have.
  public static func value(_ name: String, sql: String) -> ColumnSource {
    ColumnSource(name: name, kind: .value(sql: sql))
  }

  /// The old column the values come from; nil for ``value(_:sql:)``.
  var sourceColumn: String? {
    switch kind {
    case .copy(let from), .convert(let from, _, _), .fillNulls(let from, _): return from
    case .value: return nil
    }
  }
}
