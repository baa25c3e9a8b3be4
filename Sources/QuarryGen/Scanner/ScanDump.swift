/// The JSON that `quarry scan` prints: every struct and enum, sorted by file and line.
///
/// Keys always come in the same order and the output is byte-identical for the same input, so
/// dumps can be diffed. One struct header, property or enum per line keeps `grep` useful:
///
/// ```text
/// {"structs":[
///   {"name":"Bird","file":"Models/Bird.swift","line":2,"column":15,"access":"public",…,
///    "properties":[
///     {"name":"id","type":"UUID","isLet":false,"default":null,"attributes":[],…}]}],
///  "enums":[
///   {"name":"Kind","file":"Models/Bird.swift","line":9,…,"rawType":"String","cases":["a","b"]}],
///  "diagnostics":[]}
/// ```
///
/// Struct keys: `name`, `file`, `line`, `column`, `access`, `generics`, `inherits`,
/// `attributes`, `annotations`, `conditions`, `doc`, `properties`. Property keys: `name`,
/// `type`, `isLet`, `default`, `attributes`, `annotations`, `line`, `column`, `access`,
/// `setterAccess`, `isLazy`, `isTypeInferred`, `conditions`, `doc`. Enum keys: `name`, `file`,
/// `line`, `column`, `access`, `rawType`, `inherits`, `attributes`, `annotations`,
/// `conditions`, `doc`, `cases`. `diagnostics` holds rendered `path:line:column: error: …`
/// lines. Annotations are an object in source order (a repeated key appears twice); numbers
/// that are valid JSON numbers are printed as numbers, identifiers as strings.
public enum ScanDump {
  public static func json(_ files: [ScannedFile]) -> String {
    String(decoding: jsonBytes(files), as: UTF8.self)
  }

  /// `json(_:)` as UTF-8 bytes, written into one buffer, for printing in one write.
  public static func jsonBytes(_ files: [ScannedFile]) -> [UInt8] {
    // Entries sort by file, then position, then text, so input order never shows. Paths are
    // ranked once so that the sort compares integers; text breaks the rare ties.
    let ranks = pathRanks(files)
    var writer = JSONWriter(capacity: estimatedSize(files))
    writer.raw("{\"structs\":[")
    var entries: [Entry] = []
    // One table per file, shared by the three sections, so line starts are found once.
    var lineTables = files.map { LineTable(file: $0.file) }
    for (index, scanned) in files.enumerated() {
      let rank = ranks[scanned.file.path] ?? 0
      for declaration in scanned.structs {
        if !entries.isEmpty { writer.raw(",") }
        let start = writer.count
        writer.raw("\n  ")
        writeStruct(declaration, path: scanned.file.path, lines: &lineTables[index], to: &writer)
        entries.append(
          Entry(rank: rank, offset: declaration.location.offset, range: start..<writer.count))
      }
    }
    finish(&entries, in: &writer)
    writer.raw("],\n \"enums\":[")
    for (index, scanned) in files.enumerated() {
      let rank = ranks[scanned.file.path] ?? 0
      for declaration in scanned.enums {
        if !entries.isEmpty { writer.raw(",") }
        let start = writer.count
        writer.raw("\n  ")
        writeEnum(declaration, path: scanned.file.path, lines: &lineTables[index], to: &writer)
        entries.append(
          Entry(rank: rank, offset: declaration.location.offset, range: start..<writer.count))
      }
    }
    finish(&entries, in: &writer)
    writer.raw("],\n \"diagnostics\":[")
    writeDiagnostics(files, ranks: ranks, lines: &lineTables, entries: &entries, to: &writer)
    finish(&entries, in: &writer)
    writer.raw("]}\n")
    return writer.bytes
  }

  /// The diagnostics section's entries, in order, without its brackets.
  static func writeDiagnostics(
    _ files: [ScannedFile], ranks: [String: Int], lines lineTables: inout [LineTable],
    entries: inout [Entry], to writer: inout JSONWriter
  ) {
    for (index, scanned) in files.enumerated() {
      for diagnostic in scanned.diagnostics {
        if !entries.isEmpty { writer.raw(",") }
        let start = writer.count
        writer.raw("\n  ")
        writeRendered(
          diagnostic.severity.rawValue, diagnostic.message, diagnostic.location,
          lines: &lineTables[index], to: &writer)
        for note in diagnostic.notes {
          writer.raw(",\n  ")
          if let location = note.location {
            writeRendered(
              "note", note.message, location, lines: &lineTables[index], to: &writer)
          } else {
            writer.raw("\"note: ")
            writer.escaped(note.message)
            writer.raw("\"")
          }
        }
        let rank = ranks[diagnostic.location.path] ?? 0
        entries.append(
          Entry(rank: rank, offset: diagnostic.location.offset, range: start..<writer.count))
      }
    }
  }

  // MARK: - Ordering

  /// One rendered struct, enum or diagnostic: its sort key and its bytes in the writer, which
  /// start with `\n  ` (entries after the first follow a comma).
  struct Entry {
    var rank: Int
    var offset: Int
    var range: Range<Int>
  }

  private static let indentCount = 3  // "\n  "

  /// Each path's place in sorted order; equal paths share a rank.
  static func pathRanks(_ files: [ScannedFile]) -> [String: Int] {
    var paths: [String] = []
    paths.reserveCapacity(files.count)
    for scanned in files {
      paths.append(scanned.file.path)
      for diagnostic in scanned.diagnostics { paths.append(diagnostic.location.path) }
    }
    paths.sort()
    var ranks: [String: Int] = [:]
    ranks.reserveCapacity(paths.count)
    var rank = 0
    for (index, path) in paths.enumerated() {
      if index > 0 && paths[index - 1] != path { rank += 1 }
      if ranks[path] == nil { ranks[path] = rank }
    }
    return ranks
  }

  /// Puts the entries just written (the tail of `writer`) in order and empties `entries`.
  /// Input in order, the usual case, is left where it is.
  static func finish(_ entries: inout [Entry], in writer: inout JSONWriter) {
    defer { entries.removeAll(keepingCapacity: true) }
    guard let first = entries.first else { return }
    let bytes = writer.bytes
    func isOrdered(_ lhs: Entry, _ rhs: Entry) -> Bool {
      if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
      if lhs.offset != rhs.offset { return lhs.offset < rhs.offset }
      let text = { (entry: Entry) in
        String(
          decoding: bytes[(entry.range.lowerBound + indentCount)..<entry.range.upperBound],
          as: UTF8.self)
      }
      return text(lhs) < text(rhs)
    }
    var sorted = true
    for index in entries.indices.dropFirst() where isOrdered(entries[index], entries[index - 1]) {
      sorted = false
      break
    }
    if !sorted {
      let ordered = entries.sorted(by: isOrdered)
      writer.truncate(to: first.range.lowerBound)
      for (index, entry) in ordered.enumerated() {
        if index > 0 { writer.raw(",") }
        writer.raw(bytes[entry.range])
      }
    }
  }

  private static func estimatedSize(_ files: [ScannedFile]) -> Int {
    var size = 64
    for scanned in files {
      size += scanned.structs.count * 320 + scanned.enums.count * 240
      for declaration in scanned.structs { size += declaration.properties.count * 280 }
      size += scanned.diagnostics.count * 160
    }
    return size
  }

  // MARK: - Declarations

  /// The keys every declaration starts with: name, file, line, column and access.
  private static func writeHead(
    name: String, path: String, offset: Int, access: AccessLevel, lines: inout LineTable,
    to writer: inout JSONWriter
  ) {
    let (line, column) = lines.lineAndColumn(at: offset)
    writer.raw("{\"name\":")
    writer.string(name)
    writer.raw(",\"file\":")
    writer.string(path)
    writer.raw(",\"line\":")
    writer.int(line)
    writer.raw(",\"column\":")
    writer.int(column)
    writer.raw(",\"access\":")
    writer.string(access.rawValue)
  }

  /// The keys structs and enums share after their own: inherits, attributes, annotations,
  /// conditions and doc.
  private static func writeTraits(
    inherits: [String], attributes: [AttributeDeclaration], annotations: [Annotation],
    conditions: [String], doc: String?, to writer: inout JSONWriter
  ) {
    writer.raw(",\"inherits\":")
    writeStrings(inherits, to: &writer)
    writer.raw(",\"attributes\":")
    writeAttributes(attributes, to: &writer)
    writer.raw(",\"annotations\":")
    writeAnnotations(annotations, to: &writer)
    writer.raw(",\"conditions\":")
    writeStrings(conditions, to: &writer)
    writer.raw(",\"doc\":")
    writer.string(doc)
  }

  static func writeStruct(
    _ declaration: StructDeclaration, path: String, lines: inout LineTable,
    to writer: inout JSONWriter
  ) {
    writeHead(
      name: declaration.name, path: path, offset: declaration.location.offset,
      access: declaration.access, lines: &lines, to: &writer)
    writer.raw(",\"generics\":")
    writer.string(declaration.genericParameters)
    writeTraits(
      inherits: declaration.inheritedTypes, attributes: declaration.attributes,
      annotations: declaration.annotations, conditions: declaration.conditions,
      doc: declaration.docComment, to: &writer)
    writer.raw(",\"properties\":[")
    for (index, property) in declaration.properties.enumerated() {
      writer.raw(index == 0 ? "\n    " : ",\n    ")
      writeProperty(property, lines: &lines, to: &writer)
    }
    writer.raw("]}")
  }

  private static func writeProperty(
    _ property: PropertyDeclaration, lines: inout LineTable, to writer: inout JSONWriter
  ) {
    // The hot path of a dump: a key and a common value (false, null, [] …) and the next key
    // are one literal, so a typical property takes a dozen appends rather than thirty.
    let (line, column) = lines.lineAndColumn(at: property.location.offset)
    writer.raw("{\"name\":")
    writer.string(property.name)
    writer.raw(",\"type\":")
    writer.string(property.typeName)
    writer.raw(property.isLet ? ",\"isLet\":true,\"default\":" : ",\"isLet\":false,\"default\":")
    writer.string(property.defaultValue)
    if property.attributes.isEmpty && property.annotations.isEmpty {
      writer.raw(",\"attributes\":[],\"annotations\":{},\"line\":")
    } else {
      writer.raw(",\"attributes\":")
      writeAttributes(property.attributes, to: &writer)
      writer.raw(",\"annotations\":")
      writeAnnotations(property.annotations, to: &writer)
      writer.raw(",\"line\":")
    }
    writer.int(line)
    writer.raw(",\"column\":")
    writer.int(column)
    writer.raw(",\"access\":")
    writer.string(property.access.rawValue)
    if let setterAccess = property.setterAccess {
      writer.raw(",\"setterAccess\":")
      writer.string(setterAccess.rawValue)
    } else {
      writer.raw(",\"setterAccess\":null")
    }
    switch (property.isLazy, property.isTypeInferred) {
    case (false, false): writer.raw(",\"isLazy\":false,\"isTypeInferred\":false,\"conditions\":")
    case (false, true): writer.raw(",\"isLazy\":false,\"isTypeInferred\":true,\"conditions\":")
    case (true, false): writer.raw(",\"isLazy\":true,\"isTypeInferred\":false,\"conditions\":")
    case (true, true): writer.raw(",\"isLazy\":true,\"isTypeInferred\":true,\"conditions\":")
    }
    if property.conditions.isEmpty && property.docComment == nil {
      writer.raw("[],\"doc\":null}")
    } else {
      writeStrings(property.conditions, to: &writer)
      writer.raw(",\"doc\":")
      writer.string(property.docComment)
      writer.raw("}")
    }
  }

  static func writeEnum(
    _ declaration: EnumDeclaration, path: String, lines: inout LineTable,
    to writer: inout JSONWriter
  ) {
    writeHead(
      name: declaration.name, path: path, offset: declaration.location.offset,
      access: declaration.access, lines: &lines, to: &writer)
    writer.raw(",\"rawType\":")
    writer.string(declaration.rawType)
    writeTraits(
      inherits: declaration.inheritedTypes, attributes: declaration.attributes,
      annotations: declaration.annotations, conditions: declaration.conditions,
      doc: declaration.docComment, to: &writer)
    writer.raw(",\"cases\":")
    writeStrings(declaration.cases, to: &writer)
    writer.raw("}")
  }

  /// `"path:line:column: severity: message"`; positions in other files show the path only.
  private static func writeRendered(
    _ severity: String, _ message: String, _ location: SourceLocation, lines: inout LineTable,
    to writer: inout JSONWriter
  ) {
    writer.raw("\"")
    writer.escaped(location.path)
    if location.path == lines.path {
      let (line, column) = lines.lineAndColumn(at: location.offset)
      writer.raw(":")
      writer.int(line)
      writer.raw(":")
      writer.int(column)
    }
    writer.raw(": ")
    writer.escaped(severity)
    writer.raw(": ")
    writer.escaped(message)
    writer.raw("\"")
  }

  // MARK: - JSON pieces

  private static func writeStrings(_ items: [String], to writer: inout JSONWriter) {
    writer.raw("[")
    for (index, item) in items.enumerated() {
      if index > 0 { writer.raw(",") }
      writer.string(item)
    }
    writer.raw("]")
  }

  private static func writeAttributes(
    _ attributes: [AttributeDeclaration], to writer: inout JSONWriter
  ) {
    writer.raw("[")
    for (index, attribute) in attributes.enumerated() {
      if index > 0 { writer.raw(",") }
      writer.raw("\"@")
      writer.escaped(attribute.name)
      if let arguments = attribute.arguments {
        writer.raw("(")
        writer.escaped(arguments)
        writer.raw(")")
      }
      writer.raw("\"")
    }
    writer.raw("]")
  }

  private static func writeAnnotations(_ annotations: [Annotation], to writer: inout JSONWriter) {
    writer.raw("{")
    for (index, annotation) in annotations.enumerated() {
      if index > 0 { writer.raw(",") }
      writer.string(annotation.key)
      writer.raw(":")
      writeValue(annotation.value, to: &writer)
    }
    writer.raw("}")
  }

  private static func writeValue(_ value: AnnotationValue, to writer: inout JSONWriter) {
    switch value {
    case .bool(let flag): writer.bool(flag)
    case .string(let text), .identifier(let text): writer.string(text)
    case .number(let text):
      if isJSONNumber(text) { writer.number(text) } else { writer.string(text) }
    case .list(let items):
      writer.raw("[")
      for (index, item) in items.enumerated() {
        if index > 0 { writer.raw(",") }
        writeValue(item, to: &writer)
      }
      writer.raw("]")
    }
  }

  /// Whether `text` matches JSON's number grammar (`1_000` and `0x1F` do not).
  static func isJSONNumber(_ text: String) -> Bool {
    var bytes = Array(text.utf8)[...]
    if bytes.first == ASCII.minus { bytes = bytes.dropFirst() }
    guard let first = bytes.first, first.isDigit else { return false }
    var integer = bytes.prefix(while: \.isDigit)
    if integer.count > 1 && first == UInt8(ascii: "0") { return false }
    bytes = bytes.dropFirst(integer.count)
    if bytes.first == ASCII.dot {
      bytes = bytes.dropFirst()
      integer = bytes.prefix(while: \.isDigit)
      if integer.isEmpty { return false }
      bytes = bytes.dropFirst(integer.count)
    }
    if let e = bytes.first, e | 0x20 == UInt8(ascii: "e") {
      bytes = bytes.dropFirst()
      if bytes.first == ASCII.plus || bytes.first == ASCII.minus { bytes = bytes.dropFirst() }
      integer = bytes.prefix(while: \.isDigit)
      if integer.isEmpty { return false }
      bytes = bytes.dropFirst(integer.count)
    }
    return bytes.isEmpty
  }

  /// A JSON string literal: quotes, backslashes and control characters escaped.
  static func string(_ text: String) -> String {
    var writer = JSONWriter(capacity: text.utf8.count + 2)
    writer.string(text)
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}

/// Line and column numbers for one file: line starts found once, each lookup a binary search.
struct LineTable {
  let path: String
  private let bytes: [UInt8]
  private var lineStarts: [Int]?

  init(file: SourceFile) {
    path = file.path
    bytes = file.bytes
  }

  /// The 1-based line and column (in UTF-8 bytes) of `offset`, as `SourceFile` computes them.
  mutating func lineAndColumn(at offset: Int) -> (line: Int, column: Int) {
    let target = min(max(offset, 0), bytes.count)
    let starts = lineStarts ?? computeLineStarts()
    lineStarts = starts
    // The last line start that is <= target.
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= target { low = middle } else { high = middle - 1 }
    }
    return (low + 1, target - starts[low] + 1)
  }

  private func computeLineStarts() -> [Int] {
    var starts = [0]
    starts.reserveCapacity(bytes.count / 32 + 1)
    for index in bytes.indices where bytes[index] == ASCII.newline { starts.append(index + 1) }
    return starts
  }
}
