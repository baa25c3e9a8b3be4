/// The effective access of the types a file declares, by qualified name, for the extensions
/// that follow them (`extension Money` is no wider than `fileprivate struct Money`).
///
/// Every type is recorded, but only an extension asks, and many files have none: so a type is
/// appended to a list, and the dictionary is built (and then kept up to date) only at the
/// first question. Hashing every type name into a growing dictionary cost 2% of a scan.
struct DeclaredTypeAccess {
  private var declared: [(name: String, access: AccessLevel)] = []
  private var index: [String: AccessLevel] = [:]
  /// How many of `declared` are in `index`.
  private var indexed = 0

  /// Records a type; a later declaration of the same name wins.
  mutating func record(_ name: String, _ access: AccessLevel) {
    declared.append((name, access))
  }

  /// The access of the last type recorded under `name`, if any.
  mutating func access(of name: String) -> AccessLevel? {
    if indexed < declared.count {
      if index.isEmpty { index.reserveCapacity(declared.count) }
      for entry in declared[indexed...] { index[entry.name] = entry.access }
      indexed = declared.count
    }
    return index[name]
  }
}
