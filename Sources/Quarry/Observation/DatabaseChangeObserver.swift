/// Something told about the commits to one database file.
protocol DatabaseChangeObserver: AnyObject, Sendable {
  /// A transaction that changed `tables` committed; nil when another process committed and what
  /// it changed is unknown.
  ///
  /// Called on the committing thread after the writer is released: implementations only note
  /// the change and schedule work elsewhere.
  func databaseDidChange(_ tables: Set<String>?)

  /// Whether a commit that changed `tables` can matter to this observer: it is fetching, has not
  /// read yet, or read one of them. Asked on the committing thread, so that a commit no observer
  /// cares about costs no delivery at all.
  func isAffected(by tables: Set<String>) -> Bool
}
