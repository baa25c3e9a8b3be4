/// Where a scan in streaming mode puts declarations as it finishes them, instead of keeping
/// them all until the end of the file: a file that is declarations from end to end then costs
/// memory for one top-level declaration at a time, not for all of them (`quarry scan` of a
/// 200 MB file). Used by one scan on one thread.
///
/// ```swift
/// let handoff = DeclarationHandoff(receive: { structs, enums in write(structs, enums) },
///   restart: { discardWhatWasWritten() })
/// let scanned = SourceScanner().scan(file, handingOffTo: handoff)  // structs, enums empty
/// ```
final class DeclarationHandoff {
  /// Takes a run of finished structs and enums, each in file order, every one later in the
  /// file than those of the previous run.
  let receive: ([StructDeclaration], [EnumDeclaration]) -> Void
  /// Drops everything received so far: the file is read again from its start (a second pass
  /// that recovers from unbalanced braces, see `DeclarationScanner`).
  let restart: () -> Void

  init(
    receive: @escaping ([StructDeclaration], [EnumDeclaration]) -> Void,
    restart: @escaping () -> Void
  ) {
    self.receive = receive
    self.restart = restart
  }
}
