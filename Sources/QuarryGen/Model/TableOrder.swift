/// An order of tables in which each comes after the tables it refers to, so a schema file runs
/// top to bottom on PostgreSQL, which (unlike SQLite) refuses a foreign key to a table that
/// does not exist yet.
///
/// ```swift
/// TableOrder.referencedFirst(["birds", "nests"], references: ["birds": ["nests"]])  // [1, 0]
/// ```
enum TableOrder {
  /// The positions of `names` (sorted by name by the caller), each table after those it refers
  /// to; among the tables ready at each step the first by position comes first, and a cycle
  /// (two tables referring to each other) is broken at its first table by position. A table's
  /// reference to itself and references to tables not in `names` are ignored.
  static func referencedFirst(_ names: [String], references: [String: Set<String>]) -> [Int] {
    let known = Set(names)
    var placed = Set<String>()
    var order: [Int] = []
    var remaining = Array(names.indices)
    while !remaining.isEmpty {
      let ready =
        remaining.firstIndex { position in
          let name = names[position]
          return (references[name] ?? []).allSatisfy {
            $0 == name || !known.contains($0) || placed.contains($0)
          }
        } ?? 0
      let position = remaining.remove(at: ready)
      placed.insert(names[position])
      order.append(position)
    }
    return order
  }
}
