/// A rebuild's conversion of a `Date` column between seconds since 2001 and ISO 8601 text
/// (`dateStorage`) on PostgreSQL: the values are converted in Swift, with the algorithm of
/// SQLite's `quarry_date_text` and `quarry_date_seconds` (``DateConversionFunctions``), since
/// PostgreSQL cannot call Swift.
///
/// Every distinct stored value that converts goes into a temporary table of old and new values
/// (`pg_temp.quarry_rebuild_dates_<n>`, dropped after the copy, and at commit if a refused
/// migration left it), which the copy's expression looks up; a value with no entry is one that
/// cannot convert, and the rebuild's check names its row.
///
/// ```swift
/// let dates = try PostgresDateConversion.prepare(
///   column: "at", sourceType: "DOUBLE PRECISION", targetType: "TEXT", toText: true,
///   table: "meetings", number: 1, catalog: catalog)
/// dates.converted
/// // (SELECT quarry_new FROM pg_temp."quarry_rebuild_dates_1" WHERE quarry_old = "at")
/// ```
struct PostgresDateConversion {
  /// The temporary table of old and new values.
  let mapTable: String
  let column: String

  /// The map's name, in the session's own schema: never a table of the app's.
  private var map: String { "pg_temp." + SQLIdentifier.quote(mapTable) }

  /// The SQL expression of the converted value; NULL for NULL and for what cannot convert.
  var converted: String {
    "(SELECT quarry_new FROM \(map) WHERE quarry_old = \(SQLIdentifier.quote(column)))"
  }

  /// An SQL condition, true for a non-NULL value that cannot be converted exactly.
  var rejects: String {
    "NOT EXISTS (SELECT 1 FROM \(map) WHERE quarry_old = \(SQLIdentifier.quote(column)))"
  }

  /// Fills the map of `column`'s values in `table`, converted to text (`toText`) or seconds.
  static func prepare(
    column: String, sourceType: String, targetType: String, toText: Bool, table: String,
    number: Int, catalog: PostgresCatalog
  ) throws -> PostgresDateConversion {
    let conversion = PostgresDateConversion(
      mapTable: "quarry_rebuild_dates_\(number)", column: column)
    let map = conversion.map
    try catalog.execute("DROP TABLE IF EXISTS \(map)")
    try catalog.execute(
      "CREATE TEMPORARY TABLE \(map) (quarry_old \(sourceType) PRIMARY KEY, "
        + "quarry_new \(targetType) NOT NULL) ON COMMIT DROP")
    let quoted = SQLIdentifier.quote(column)
    var pairs: [DatabaseValue] = []
    for row in try catalog.rows(
      "SELECT DISTINCT \(quoted) FROM \(SQLIdentifier.quote(table)) WHERE \(quoted) IS NOT NULL")
    {
      guard let seconds = Self.seconds(of: row[0]) else { continue }
      if toText {
        guard let text = try? DateText.text(forReferenceSeconds: seconds) else { continue }
        pairs += [row[0], .text(text)]
      } else {
        pairs += [row[0], .real(seconds)]
      }
    }
    // A few hundred rows a statement: one round trip each, under the 65,535 parameters a
    // statement takes.
    let rowsPerInsert = 500
    var start = 0
    while start < pairs.count {
      let end = min(start + rowsPerInsert * 2, pairs.count)
      let values = stride(from: start, to: end, by: 2).map {
        "(?\($0 - start + 1), ?\($0 - start + 2))"
      }
      _ = try catalog.rows(
        "INSERT INTO \(map) (quarry_old, quarry_new) VALUES " + values.joined(separator: ", "),
        Array(pairs[start..<end]))
      start = end
    }
    return conversion
  }

  /// Drops the map once the copy has read it.
  func drop(in catalog: PostgresCatalog) throws {
    try catalog.execute("DROP TABLE \(map)")
  }

  /// The date a stored value holds, as seconds since 2001; nil when it holds none exactly, as
  /// ``DateConversionFunctions/seconds(of:)`` decides on SQLite (where NaN cannot be stored).
  static func seconds(of value: DatabaseValue) -> Double? {
    switch value {
    case .real(let real):
      return real.isNaN ? nil : real
    case .integer(let integer):
      guard integer.magnitude <= 1 << 53 else { return nil }
      return Double(integer)
    case .text(let text):
      if let seconds = DateText.referenceSeconds(parsing: text.utf8) { return seconds }
      guard let number = Double(text), number.isFinite else { return nil }
      return number
    case .null, .blob:
      return nil
    }
  }
}
