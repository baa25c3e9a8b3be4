/// One schema change that `quarry generate` wrote into `Generated/Migrations/`, reviewed in the
/// pull request next to the struct edit that caused it.
///
/// `migrate` applies the pending ones in the order of their identifiers, each once per database,
/// and records them in `quarry_migrations`:
///
/// ```swift
/// extension GeneratedMigration {
///   static let m0002_volumes_rename_isbn_to_code = GeneratedMigration(
///     "0002_volumes_rename_isbn_to_code",
///     steps: [
///       .renameTable("books", to: "volumes"),
///       .renameColumn("isbn", to: "code", in: "volumes"),
///     ])
/// }
///
/// extension Book: TableRecord {
///   static var migrations: [GeneratedMigration] { [.m0002_volumes_rename_isbn_to_code] }
///   // …
/// }
///
/// try db.migrate(QuarryTables.all)  // applies 0002 once, then adds new columns as always
/// ```
///
/// Steps are values, not SQL: the runtime renders them for the database engine, so a migration
/// means the same thing on every engine Quarry supports. A migration's table definitions are
/// frozen copies, so an old migration keeps its meaning after the struct changes again.
public struct GeneratedMigration: Sendable, Hashable {
  /// The name the migration is recorded under, such as `0002_volumes_rename_isbn_to_code`;
  /// migrations apply in the order of their identifiers.
  public let identifier: String
  /// What the migration does, in order.
  public let steps: [Step]

  /// A migration made of `steps`, recorded as `identifier` once applied.
  public init(_ identifier: String, steps: [Step]) {
    self.identifier = identifier
    self.steps = steps
  }

  /// The name under which `migrate` records the migration in `quarry_migrations`; the prefix
  /// keeps it apart from ``DatabaseMigrator`` names, which cannot start with it.
  var recordedName: String { Self.recordPrefix + identifier }

  /// The prefix of generated migrations' names in `quarry_migrations`.
  static let recordPrefix = "quarry.generated/"
}
