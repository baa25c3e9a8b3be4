import Foundation

/// The migration half of a run: the previous `Schema.sql` and the migrations already written
/// in the output folder, compared with the model (see `SchemaDiff`).
///
/// ```swift
/// var model = built.model
/// let kept = Generator.migrations(for: &model, output: output, diagnostics: &diagnostics)
/// // model.migrations: the new ones; each table's `migrations`: every one concerning it
/// ```
extension Generator {
  /// Sets `model.migrations` to the migrations this run writes and each table's `migrations`
  /// to every one concerning it; returns the migration files already on disk, unchanged, to
  /// plan as they are: a migration file, once written, is never rewritten nor removed.
  static func migrations(
    for model: inout SchemaModel, output: String, diagnostics: inout [Diagnostic]
  ) -> [GeneratedFile] {
    let folder = output + "/" + MigrationModel.folder
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var files: [(name: String, text: String)] = []
    for name in names.sorted() where name.hasSuffix(".swift") && !name.hasPrefix(".") {
      guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
      files.append((name, String(decoding: data, as: UTF8.self)))
    }
    var history = MigrationHistory(files: files)
    // The file the last run wrote, which the last commit reviewed; without it (a first run,
    // or templates that write none) there is nothing to compare with.
    if let data = FileManager.default.contents(atPath: output + "/Schema.sql") {
      model.migrations = SchemaDiff.migrations(
        from: SchemaSQLParser.parse(String(decoding: data, as: UTF8.self)), to: model,
        firstNumber: history.nextNumber, diagnostics: &diagnostics)
    }
    // The new ones' renames also apply to the earlier ones' tables.
    for migration in model.migrations { history.append(migration) }
    for position in model.tables.indices {
      var table = model.tables[position]
      var identifiers = Set(history.identifiers(concerning: table.name))
      for owned in table.ownedTables {
        identifiers.formUnion(history.identifiers(concerning: owned.name))
      }
      for migration in model.migrations where migration.tableTypeName == table.typeName {
        identifiers.insert(migration.identifier)
      }
      // Most tables have no migration: writing one back costs an encoding.
      guard !identifiers.isEmpty || !table.migrations.isEmpty else { continue }
      table.migrations = identifiers.sorted()
      model.tables[position] = table
    }
    return files.map { file in
      GeneratedFile(path: MigrationModel.folder + "/" + file.name, contents: file.text)
    }
  }
}
