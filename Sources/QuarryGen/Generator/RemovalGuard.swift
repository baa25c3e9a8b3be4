/// Refuses a write run that would remove every generated file while the sources still hold
/// persisted structs: that is a wrong `--templates` folder or a broken template set, not a
/// model change, and going on would delete the checked-in code. `--force` lets it through.
///
/// ```text
/// $ quarry generate Models --output Generated --templates Empty
/// quarry: error: refusing to remove all 4 generated files in 'Generated' while the sources hold 2 persisted structs: the templates in 'Empty' produce none of them; check '--templates', or pass '--force' to remove them
/// ```
enum RemovalGuard {
  /// The refusal message for `changes`, or nil when the run may go on.
  static func refusal(
    _ changes: [FileChange], tableCount: Int, output: String, templates: String
  ) -> String? {
    let removed = changes.filter { $0.kind == .remove }.count
    // A run that writes Swift of its own (outputs renamed by an upgrade, the build plugin's
    // per-source files replacing its old combined one) changes the layout; nothing is lost.
    let kept = changes.contains { change in
      change.kind == .update || change.kind == .unchanged
        || (change.kind == .create && change.path.hasSuffix(".swift"))
    }
    guard removed > 0, !kept, tableCount > 0 else { return nil }
    return GeneratorMessage.refusingToRemoveAll(
      files: removed, output: output, tables: tableCount, templates: templates
    ).text
  }
}
