import Foundation

/// The output half of a run that writes one file per template job (every mode but
/// `--single-file` and `--per-source-file`, which join files): render a batch of files, compare
/// each with the disk, stage the ones that differ (see `StagedOutput`), drop them, go on.
///
/// A run thus holds a batch of generated files at a time, not all of them (a 20 MB source of
/// 32,753 persisted structs generates 65,000 files), while keeping what comparing the whole
/// plan first gave: nothing in the folder changes unless every file rendered without a template
/// error and every check passed (names, files that are not quarry's, another run's files,
/// removing everything), and the failure reported is the one the whole-plan order reports.
///
/// ```swift
/// let changes = try Generator.renderAndWrite(
///   jobs: &jobs, context: context, engine: renderer.engine, kept: kept,
///   writer: writer, mode: .write, result: &result) { changes, manifest in try checks(changes) }
/// ```
extension Generator {
  /// Files rendered at once: enough for every core, few enough to hold.
  static let renderBatchSize = 32

  /// What happened to one planned file. A run holds one per file until it commits, so it is
  /// small: a failure is boxed, the digest a number.
  private struct Outcome: Sendable {
    var path: String
    var sources: [String]
    var kind: FileChange.Kind?
    /// A conflict (a file that is not quarry's, something that is not a file) or a failure
    /// to stage, thrown only if the run gets that far.
    var failure: FailureBox?
    /// Whether the file is staged under its temporary name (`FileWriter.temporaryPath`).
    var isStaged = false
    var diagnostics: [Diagnostic] = []
    /// The `ContentDigest` of the planned bytes, for the manifest.
    var digest: UInt64 = 0
  }

  private final class FailureBox: Sendable {
    let error: any Error & Sendable
    init(_ error: any Error & Sendable) { self.error = error }
  }

  /// Renders, compares and (in write mode) stages every job, then commits or checks.
  ///
  /// - Parameters:
  ///   - kept: files already rendered (migrations on disk), planned beside the jobs.
  ///   - checks: the run's checks of the changes (another run's files, removing every file),
  ///     called before anything is committed; what it throws stops the run.
  /// - Returns: the changes, sorted by path, or nil when a template error stopped the run
  ///   (then in `result.diagnostics`, and the folder is as it was).
  static func renderAndWrite(
    jobs: inout [TemplateRenderer.Job], context: TemplateContext, engine: TemplateEngine,
    kept: [GeneratedFile], writer: FileWriter, mode: GeneratorOptions.Mode,
    result: inout GenerationResult, checks: ([FileChange]) throws -> Void
  ) throws -> [FileChange]? {
    var paths = jobs.map(\.path) + kept.map(\.path)
    paths.sort()
    // A bad name stops the run before anything is written, and outranks every other failure.
    var nameFailure: (any Error)?
    for path in paths where nameFailure == nil {
      do { try writer.checkName(path) } catch { nameFailure = error }
    }
    let staged = StagedOutput(writer: writer)
    var staging = mode == .write && nameFailure == nil
    var stagingFailure: (any Error)?
    if staging {
      writer.removeLeftoverTemporaryFiles()
      do {
        try staged.prepareFolders(for: paths)
      } catch {
        stagingFailure = error
        staging = false
      }
    }
    var outcomes: [Outcome] = []
    outcomes.reserveCapacity(paths.count)
    var seen: Set<Diagnostic> = []
    var start = 0
    while start < jobs.count {
      var end = start + 1
      // A once-rendered file (Schema.sql) grows with the whole model: it renders alone, so
      // two of them are never held at once, and without the jobs already done (the once
      // rendered come last; a job per output file is a large part of what a run holds).
      if jobs[start].element == nil && start > 0 {
        jobs = Array(jobs[start...])
        start = 0
        end = 1
      }
      if jobs[start].element != nil {
        while end < min(start + renderBatchSize, jobs.count) && jobs[end].element != nil {
          end += 1
        }
      }
      let batch = Array(jobs[start..<end])
      start = end
      let stagesBatch = staging
      let done = batch.concurrentMap { job -> Outcome in
        let (file, found) = TemplateRenderer.render(job, context: context, engine: engine)
        var outcome = outcome(of: file, writer: writer, staging: stagesBatch)
        outcome.diagnostics = found
        return outcome
      }
      for outcome in done {
        for diagnostic in outcome.diagnostics where seen.insert(diagnostic).inserted {
          result.diagnostics.append(diagnostic)
          // Nothing more is staged: the run will stop at the diagnostics.
          if diagnostic.isError { staging = false }
        }
        var outcome = outcome
        outcome.diagnostics = []
        outcomes.append(outcome)
      }
      staged.record(done.filter(\.isStaged).map(\.path))
    }
    for file in kept {
      let outcome = outcome(of: file, writer: writer, staging: staging)
      if outcome.isStaged { staged.record([file.path]) }
      outcomes.append(outcome)
    }
    outcomes.sort { $0.path < $1.path }
    if result.hasErrors {
      staged.discard()
      return nil
    }
    do {
      if let nameFailure { throw nameFailure }
      // The first conflict and the first staging failure, in path order, as a whole-plan
      // comparison and write would meet them.
      if let conflict = outcomes.lazy.compactMap({ $0.failure?.error as? FileWriter.Conflict })
        .first
      {
        throw conflict
      }
      var changes = outcomes.compactMap { outcome in
        outcome.kind.map { FileChange($0, outcome.path) }
      }
      changes += try writer.staleFiles(planned: Set(paths))
      changes.sort()
      try checks(changes)
      let manifest = OutputManifest(
        files: Dictionary(
          outcomes.lazy.map { ($0.path, $0.sources) }, uniquingKeysWith: { first, _ in first }),
        digests: Dictionary(
          outcomes.lazy.map { ($0.path, ContentDigest.text($0.digest)) },
          uniquingKeysWith: { first, _ in first }))
      if mode == .write {
        if let failure = stagingFailure ?? outcomes.lazy.compactMap(\.failure?.error).first {
          throw failure
        }
        try staged.commit(removing: changes.filter { $0.kind == .remove }, manifest: manifest)
        return changes
      }
      // A checked-in manifest that no longer lists what the run writes is out of date like
      // any generated file (a folder without one, from an older quarry, is not: the next
      // write adds it). Digests are left out: a file whose digest changed is itself out of
      // date, and a manifest of an older quarry, without digests, is not.
      if let existing = writer.manifest(), existing.files != manifest.files {
        return (changes + [FileChange(.update, OutputManifest.fileName)]).sorted()
      }
      return changes
    } catch {
      staged.discard()
      throw error
    }
  }

  /// Compares `file` with the disk and, when it must be written and `staging`, stages it.
  private static func outcome(of file: GeneratedFile, writer: FileWriter, staging: Bool)
    -> Outcome
  {
    let target = writer.path(of: file.path)
    var outcome = Outcome(
      path: file.path, sources: file.sources, digest: ContentDigest.value(of: file.contents))
    if file.isWrittenOnce {
      var entry = stat()
      outcome.kind = lstat(target, &entry) == 0 ? .unchanged : .create
    } else {
      switch ExistingFile.compare(atPath: target, with: file.contents) {
      case .missing: outcome.kind = .create
      case .identical: outcome.kind = .unchanged
      case .different(isGenerated: true): outcome.kind = .update
      case .different(isGenerated: false):
        outcome.failure = FailureBox(FileWriter.Conflict(path: file.path))
        return outcome
      case .notRegular(let kind):
        outcome.failure = FailureBox(FileWriter.Conflict(path: file.path, kind: kind))
        return outcome
      }
    }
    guard staging, outcome.kind == .create || outcome.kind == .update else { return outcome }
    do {
      _ = try writer.writeTemporary(file.contents, for: target)
      outcome.isStaged = true
    } catch let failure as OutputError {
      outcome.failure = FailureBox(failure)
    } catch {
      outcome.failure = FailureBox(OutputError(.write, path: target, errno: EIO))
    }
    return outcome
  }
}
