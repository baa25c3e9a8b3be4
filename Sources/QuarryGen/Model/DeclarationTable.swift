/// The structs (or enums) of a run by qualified name, the first declaration of each name winning.
///
/// It keeps each name's position in the scanned files' own arrays, never a copy of the
/// declaration: a declaration is a couple of hundred bytes inline, and a dictionary of copies
/// of every struct and enum of 200 MB of app code was the model stage's largest allocation.
///
/// ```swift
/// let structs = DeclarationTable(files.map(\.structs), name: \.name)
/// let bird = structs["Bird"]   // the StructDeclaration, read from its file's array
/// ```
struct DeclarationTable<Declaration: Sendable>: Sendable {
  /// One array per scanned file, sharing storage with the `ScannedFile`s.
  private let lists: [[Declaration]]
  private var positions: [String: Position] = [:]

  private struct Position: Sendable {
    var list: Int32
    var index: Int32
  }

  init(_ lists: [[Declaration]], name: (Declaration) -> String) {
    self.lists = lists
    positions.reserveCapacity(lists.reduce(0) { $0 + $1.count })
    for (list, declarations) in lists.enumerated() {
      for (index, declaration) in declarations.enumerated() {
        let key = name(declaration)
        guard positions[key] == nil else { continue }
        positions[key] = Position(list: Int32(list), index: Int32(index))
      }
    }
  }

  subscript(name: String) -> Declaration? {
    guard let position = positions[name] else { return nil }
    return lists[Int(position.list)][Int(position.index)]
  }

  func contains(_ name: String) -> Bool { positions[name] != nil }

  /// Every qualified name, in no particular order.
  var names: some Collection<String> { positions.keys }
}
