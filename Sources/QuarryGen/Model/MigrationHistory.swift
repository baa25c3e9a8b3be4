/// The migrations already written under `Generated/Migrations/`: which tables each concerns,
/// so every run lists them again on the right `TableRecord` conformance, and the number the
/// next one takes.
///
/// Read from the files themselves (the tables their steps name), tolerantly: a file quarry
/// did not write, or one that names no table, is kept on disk and concerns no table.
///
/// ```swift
/// let history = MigrationHistory(files: [("0002_volumes_rename.swift", text)])
/// history.identifiers(concerning: "volumes")   // ["0002_volumes_rename"]
/// history.nextNumber                           // 3
/// ```
public struct MigrationHistory: Sendable, Hashable {
  public struct Entry: Sendable, Hashable {
    public var identifier: String
    public var number: Int
    /// Table names the steps mention, and the renames they make, in order.
    public var tables: [String]
    public var renames: [(String, String)] {
      zip(renameFrom, renameTo).map { ($0, $1) }
    }
    var renameFrom: [String] = []
    var renameTo: [String] = []
  }

  public var entries: [Entry]

  /// `files`: each migration file's name (`0002_x.swift`) and text.
  public init(files: [(name: String, text: String)]) {
    entries = files.compactMap { file in
      guard file.name.hasSuffix(".swift") else { return nil }
      let identifier = String(file.name.dropLast(".swift".count))
      let digits = identifier.prefix { $0.isASCII && $0.isNumber }
      guard let number = Int(digits), !digits.isEmpty else { return nil }
      var entry = Entry(identifier: identifier, number: number, tables: [])
      let text = Array(file.text.utf8)
      for (marker, count) in [(".renameTable(", 2), (".renameColumn(", 3), ("TableDefinition(", 1)]
      {
        for start in Self.occurrences(of: marker, in: text) {
          let literals = Self.stringLiterals(in: text, from: start, count: count)
          guard literals.count == count else { continue }
          switch marker {
          case ".renameTable(":
            entry.tables += literals
            entry.renameFrom.append(literals[0])
            entry.renameTo.append(literals[1])
          case ".renameColumn(": entry.tables.append(literals[2])
          default: entry.tables.append(literals[0])
          }
        }
      }
      return entry
    }.sorted { $0.identifier < $1.identifier }
  }

  /// Adds a migration this run writes, so that identifiers of earlier ones follow its renames.
  public mutating func append(_ migration: MigrationModel) {
    var entry = Entry(identifier: migration.identifier, number: migration.number, tables: [])
    for step in migration.steps {
      switch step {
      case .renameTable(let old, let new):
        entry.tables += [old, new]
        entry.renameFrom.append(old)
        entry.renameTo.append(new)
      case .renameColumn(_, _, let table): entry.tables.append(table)
      case .rebuildTable(let table, _): entry.tables.append(table.name)
      }
    }
    entries.append(entry)
    entries.sort { $0.identifier < $1.identifier }
  }

  /// The number after the highest one on disk (1 for the first migration).
  public var nextNumber: Int { (entries.map(\.number).max() ?? 0) + 1 }

  /// The identifiers of the migrations that concern table `name` as it is called now: one
  /// that names it, or a name it had before a later rename.
  public func identifiers(concerning name: String) -> [String] {
    entries.enumerated().compactMap { position, entry in
      let concerns = entry.tables.contains { finalName(of: $0, after: position) == name }
      return concerns ? entry.identifier : nil
    }
  }

  /// `name` followed through the renames of the entries from `position` on.
  private func finalName(of name: String, after position: Int) -> String {
    var name = name
    for entry in entries[position...] {
      for (old, new) in entry.renames where old == name { name = new }
    }
    return name
  }

  private static func occurrences(of marker: String, in text: [UInt8]) -> [Int] {
    let pattern = Array(marker.utf8)
    guard text.count >= pattern.count else { return [] }
    var found: [Int] = []
    var position = 0
    while position + pattern.count <= text.count {
      if text[position] == pattern[0] && Array(text[position..<position + pattern.count]) == pattern
      {
        found.append(position + pattern.count)
        position += pattern.count
      } else {
        position += 1
      }
    }
    return found
  }

  /// The first `count` Swift string literals from `start`, decoded (`\"`, `\\`, `\n`, `\t`,
  /// `\r`, `\0`, `\u{…}`), stopping at the call's closing parenthesis.
  private static func stringLiterals(in text: [UInt8], from start: Int, count: Int) -> [String] {
    var literals: [String] = []
    var position = start
    var depth = 0
    while position < text.count && literals.count < count {
      let byte = text[position]
      if byte == UInt8(ascii: "(") { depth += 1 }
      if byte == UInt8(ascii: ")") {
        if depth == 0 { break }
        depth -= 1
      }
      guard byte == UInt8(ascii: "\"") else {
        position += 1
        continue
      }
      position += 1
      var bytes: [UInt8] = []
      while position < text.count && text[position] != UInt8(ascii: "\"") {
        if text[position] == UInt8(ascii: "\\"), position + 1 < text.count {
          position += 1
          switch text[position] {
          case UInt8(ascii: "n"): bytes.append(10)
          case UInt8(ascii: "t"): bytes.append(9)
          case UInt8(ascii: "r"): bytes.append(13)
          case UInt8(ascii: "0"): bytes.append(0)
          case UInt8(ascii: "u"):
            var end = position
            while end < text.count && text[end] != UInt8(ascii: "}") { end += 1 }
            let hex = String(decoding: text[min(position + 2, end)..<end], as: UTF8.self)
            if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
              bytes += Array(String(Character(scalar)).utf8)
            }
            position = end
          default: bytes.append(text[position])
          }
        } else {
          bytes.append(text[position])
        }
        position += 1
      }
      literals.append(String(decoding: bytes, as: UTF8.self))
      position += 1
    }
    return literals
  }
}
