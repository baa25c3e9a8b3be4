/// `quarry scan` without holding the dump or the declarations: the same bytes as
/// `ScanDump.json`, written as they are made.
///
/// Each file is scanned with a `DeclarationHandoff`, so its structs and enums become JSON as
/// soon as each top-level declaration is read, and only the JSON is kept, in a `SpillBuffer`
/// per file and section (memory up to a limit, then a temporary file). The structs of a batch
/// of files go to `output` as soon as the batch is scanned; the enums section, which the
/// format puts after every struct, waits in a spill buffer of its own. Peak memory is then
/// the input files' bytes (kept for the diagnostics' source lines) and a few buffers, however
/// many declarations there are.
///
/// ```swift
/// let files = ScanDump.write(paths: ["Models"], relativeTo: cwd) { chunk in print(chunk) }
/// let diagnostics = files.flatMap(\.diagnostics)  // files hold no structs or enums
/// ```
extension ScanDump {
  /// Bytes a section's buffer keeps in memory before it moves them to a temporary file.
  static let spillLimit = 1 << 20

  /// Scans every Swift file under `paths` (as `ProjectScanner.scanFiles` finds them) and
  /// writes `json` of them to `output`, in pieces.
  ///
  /// - Returns: the scanned files with their diagnostics but without their structs and enums,
  ///   sorted by path.
  public static func write(
    paths: [String], relativeTo base: String, to output: (UnsafeRawBufferPointer) -> Void
  ) -> [ScannedFile] {
    let (found, missing) = ProjectScanner.swiftFiles(in: paths, relativeTo: base)
    // Two files shown under one path interleave their declarations by position in `json`;
    // that needs them all at once, and never happens for paths found on disk but in theory.
    if Set(found.map(\.display)).count != found.count
      || missing.contains(where: { file in found.contains { $0.display == file.file.path } })
    {
      let files = ProjectScanner.scanFiles(paths: paths, relativeTo: base)
      jsonBytes(files).withUnsafeBytes(output)
      return files
    }
    func raw(_ text: StaticString) {
      text.withUTF8Buffer { output(UnsafeRawBufferPointer($0)) }
    }
    raw("{\"structs\":[")
    var structsStarted = false
    let enums = SpillBuffer(limit: spillLimit)
    var enumsStarted = false
    var scanned: [ScannedFile] = []
    scanned.reserveCapacity(found.count + missing.count)
    // A batch scans in parallel; its files' JSON waits in their own buffers until all are done.
    let batchSize = 64
    var start = 0
    while start < found.count {
      let batch = Array(found[start..<min(start + batchSize, found.count)])
      start += batch.count
      let results = batch.concurrentMap { file in scanStreaming(file) }
      for result in results {
        // Entries start with a comma; a section's first one must not.
        result.structs.forEachChunk { chunk in
          output(structsStarted ? chunk : UnsafeRawBufferPointer(rebasing: chunk.dropFirst()))
          structsStarted = true
        }
        if result.enums.count > 0 {
          var first = !enumsStarted
          result.enums.forEachChunk { chunk in
            enums.append(Array(first ? UnsafeRawBufferPointer(rebasing: chunk.dropFirst()) : chunk))
            first = false
          }
          enumsStarted = true
        }
        scanned.append(result.file)
      }
    }
    raw("],\n \"enums\":[")
    enums.forEachChunk(output)
    enums.removeAll()
    raw("],\n \"diagnostics\":[")
    scanned += missing
    scanned.sort { $0.file.path < $1.file.path }
    let ranks = pathRanks(scanned)
    var writer = JSONWriter(capacity: 256)
    var entries: [Entry] = []
    var lineTables = scanned.map { LineTable(file: $0.file) }
    writeDiagnostics(scanned, ranks: ranks, lines: &lineTables, entries: &entries, to: &writer)
    finish(&entries, in: &writer)
    writer.raw("]}\n")
    writer.bytes.withUnsafeBytes(output)
    return scanned
  }

  /// One file scanned with its structs and enums turned into JSON entries, each starting with
  /// `,\n  `, as the handoff gives them (in file order).
  private static func scanStreaming(_ file: (absolute: String, display: String)) -> (
    file: ScannedFile, structs: SpillBuffer, enums: SpillBuffer
  ) {
    let structs = SpillBuffer(limit: spillLimit)
    let enums = SpillBuffer(limit: spillLimit)
    guard let bytes = ExistingFile.contents(atPath: file.absolute, followingLinks: true) else {
      return (
        ProjectScanner.scanFile(absolutePath: file.absolute, displayPath: file.display), structs,
        enums
      )
    }
    let source = SourceFile(path: file.display, bytes: bytes)
    var lines = LineTable(file: source)
    let flushSize = 64 * 1024
    var structWriter = JSONWriter(capacity: flushSize + 4096)
    var enumWriter = JSONWriter(capacity: 4096)
    func flush(_ writer: inout JSONWriter, into buffer: SpillBuffer) {
      buffer.append(writer.bytes)
      writer.removeAll()
    }
    let handoff = DeclarationHandoff(
      receive: { structDeclarations, enumDeclarations in
        for declaration in structDeclarations {
          structWriter.raw(",\n  ")
          writeStruct(declaration, path: file.display, lines: &lines, to: &structWriter)
          if structWriter.count >= flushSize { flush(&structWriter, into: structs) }
        }
        for declaration in enumDeclarations {
          enumWriter.raw(",\n  ")
          writeEnum(declaration, path: file.display, lines: &lines, to: &enumWriter)
          if enumWriter.count >= flushSize { flush(&enumWriter, into: enums) }
        }
      },
      restart: {
        structWriter.removeAll()
        enumWriter.removeAll()
        structs.removeAll()
        enums.removeAll()
      })
    let scanned = SourceScanner().scan(source, handingOffTo: handoff)
    flush(&structWriter, into: structs)
    flush(&enumWriter, into: enums)
    return (scanned, structs, enums)
  }
}
