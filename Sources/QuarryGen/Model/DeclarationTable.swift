/// The structs (or enums) of a run by qualified name, the first declaration of each name winning.
///
/// It keeps each name's position in the scanned files' own arrays, never a copy of the
/// declaration: a dictionary of copies of every struct and enum of 200 MB of app code was the
/// model stage's largest allocation. A read builds the declaration from its compact bytes.
///
/// ```swift
/// let structs = DeclarationTable(files.map(\.structs), name: \.name)
/// let bird = structs["Bird"]   // the StructDeclaration, read from its file's array
/// ```
struct DeclarationTable<Declaration: Codable & Sendable>: Sendable {
  /// One array per scanned file, sharing storage with the `ScannedFile`s.
  private let lists: [CompactArray<Declaration>]
  private var positions: [String: Position] = [:]

  private struct Position: Sendable {
    var list: Int32
    var index: Int32
  }

  /// Each name of each list, in order: reading them needs no declaration built.
  private let listNames: [[String]]

  /// Reads every declaration once, handing each to `visit` with whether it is the first of
  /// its name: building a declaration is the cost here, so callers learn all they need then.
  init(
    _ lists: [CompactArray<Declaration>], name: (Declaration) -> String,
    visit: (Declaration, _ isFirst: Bool) -> Void = { _, _ in }
  ) {
    self.lists = lists
    positions.reserveCapacity(lists.reduce(0) { $0 + $1.count })
    var listNames: [[String]] = []
    for (list, declarations) in lists.enumerated() {
      var names: [String] = []
      names.reserveCapacity(declarations.count)
      for (index, declaration) in declarations.enumerated() {
        let key = name(declaration)
        names.append(key)
        let isFirst = positions[key] == nil
        if isFirst { positions[key] = Position(list: Int32(list), index: Int32(index)) }
        visit(declaration, isFirst)
      }
      listNames.append(names)
    }
    self.listNames = listNames
  }

  /// The lists, one per scanned file.
  var listIndices: Range<Int> { lists.indices }

  /// The names of the declarations of list `list` (a scanned file), in order.
  func names(inList list: Int) -> [String] { listNames[list] }

  /// Where the first declaration named `name` is.
  func firstPosition(of name: String) -> (list: Int, index: Int)? {
    positions[name].map { (Int($0.list), Int($0.index)) }
  }

  /// The declaration at `index` of list `list`.
  func declaration(inList list: Int, at index: Int) -> Declaration { lists[list][index] }

  subscript(name: String) -> Declaration? {
    guard let position = positions[name] else { return nil }
    return lists[Int(position.list)][Int(position.index)]
  }

  func contains(_ name: String) -> Bool { positions[name] != nil }

  /// Every qualified name, in no particular order.
  var names: some Collection<String> { positions.keys }
}
