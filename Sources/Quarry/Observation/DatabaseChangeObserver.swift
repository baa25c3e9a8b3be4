/// Something told about the commits to one database file.
protocol DatabaseChangeObserver: AnyObject, Sendable {
  /// A transaction that changed `tables` committed; nil when another process committed and what
  /// it changed is unknown.
  ///
  /// Called on the committing thread after the writer is released: implementations only note
  /// the change and schedule work elsewhere.
  func databaseDidChange(_ tables: Set<String>?)
}
