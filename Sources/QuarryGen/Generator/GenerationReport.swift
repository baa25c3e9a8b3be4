/// What `quarry generate` prints besides diagnostics, worded in one place.
///
/// ```text
/// $ quarry generate Models --output Generated
/// wrote Generated/Bird+Quarry.swift
/// removed Generated/Owl+Quarry.swift
/// $ quarry generate Models --output Generated --check
/// stale: Generated/Bird+Quarry.swift
/// quarry: 1 generated file is out of date; run 'quarry generate' without '--check'
/// $ quarry generate Models --output Generated
/// quarry: 5 generated files up to date
/// ```
///
/// `regenerateCommand` is the command the `--check` hint names: the command plugin passes its
/// own (`swift package --allow-writing-to-package-directory quarry`).
public struct GenerationReport: Sendable, Hashable {
  public enum Verbosity: Sendable, Hashable {
    case quiet, normal, verbose
  }

  public var standardOutput = ""
  public var standardError = ""

  public init(
    _ result: GenerationResult, verbosity: Verbosity,
    regenerateCommand: String = "quarry generate"
  ) {
    // Paths stay one line each, whatever the folder's name holds (see `SwiftLiteral.oneLine`).
    let folder =
      result.outputDisplayPath == "." ? "" : SwiftLiteral.oneLine(result.outputDisplayPath) + "/"
    let errors = result.diagnostics.filter(\.isError).count
    let warnings = result.diagnostics.filter { $0.severity == .warning }.count
    if errors > 0 {
      var counts = Self.plural(errors, "error")
      if warnings > 0 { counts += ", " + Self.plural(warnings, "warning") }
      standardError += "quarry: \(counts); nothing was written\n"
      return
    }
    // In every mode and verbosity: a file left behind on purpose must never go unsaid.
    for change in result.kept {
      standardError +=
        "quarry: warning: \(result.mode == .write ? "kept" : "would keep") "
        + "'\(folder)\(SwiftLiteral.oneLine(change.path))': quarry generated it and no "
        + "struct produces it any more, but it was edited since; remove it yourself when "
        + "the edits are not needed\n"
    }
    switch result.mode {
    case .check:
      for change in result.outOfDate {
        standardError +=
          "\(change.checkDescription): \(folder)\(SwiftLiteral.oneLine(change.path))\n"
      }
      if !result.outOfDate.isEmpty {
        let count = Self.plural(result.outOfDate.count, "generated file")
        let verb = result.outOfDate.count == 1 ? "is" : "are"
        standardError +=
          "quarry: \(count) \(verb) out of date; run '\(regenerateCommand)' without '--check'\n"
      } else if verbosity != .quiet {
        standardOutput +=
          "quarry: \(Self.plural(result.changes.count, "generated file")) up to date\n"
      }
    case .dryRun, .write:
      guard verbosity != .quiet else { return }
      let prefix = result.mode == .dryRun ? "would " : ""
      for change in result.changes {
        let verb: String
        switch change.kind {
        case .create: verb = result.mode == .dryRun ? "create" : "created"
        case .update: verb = result.mode == .dryRun ? "update" : "updated"
        case .remove: verb = result.mode == .dryRun ? "remove" : "removed"
        case .unchanged:
          guard verbosity == .verbose else { continue }
          verb = "unchanged"
        case .keep: continue
        }
        let shown = change.kind == .unchanged ? verb : prefix + verb
        standardOutput += "\(shown) \(folder)\(SwiftLiteral.oneLine(change.path))\n"
      }
      if verbosity == .normal && result.mode == .write
        && !result.changes.contains(where: { $0.kind != .unchanged })
      {
        // One line, so a run that changed nothing still says it ran.
        standardOutput +=
          "quarry: \(Self.plural(result.changes.count, "generated file")) up to date\n"
      }
      if verbosity == .verbose {
        standardOutput +=
          "quarry: scanned \(Self.plural(result.scannedFileCount, "file")), "
          + "\(Self.plural(result.tableCount, "table")), "
          + "\(Self.plural(result.outOfDate.count, "change"))\n"
      }
    }
  }

  static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
