// `write` overloads for closures that return nothing, so the everyday one-liners compile where
// users write them:
//
//   try db.write { try $0.insert(book) }                       // a statement
//   let save: () throws -> Void = { try db.write { try $0.insert(book) } }   // a Void closure
//   group.addTask { try await db.write { try $0.insert(book) } }   // a task of Void
//
// Without them, the generic `write<T>` infers `T` from both the closure (`Int64`, what `insert`
// returns) and the context (`Void`) and fails: "conflicting arguments to generic parameter 'T'"
// or "ambiguous use of 'addTask'". Swift lets a one-expression closure returning a value stand
// for a closure returning nothing, so these overloads accept them, while `let id = try
// db.write { try $0.insert(book) }` still picks the generic one and returns the rowid.

extension Database {
  /// Runs `body` in one write transaction; the form for closures that return nothing.
  ///
  /// ```swift
  /// try db.write { try $0.insert(book) }
  /// ```
  ///
  /// - Throws: what `body` throws, or ``SQLiteError`` when the transaction cannot begin or
  ///   commit.
  public func write(_ body: (WriteTransaction) throws -> Void) throws {
    try performWrite(body)
  }

  /// Runs `body` in one write transaction without blocking the calling task's thread; the form
  /// for closures that return nothing.
  ///
  /// ```swift
  /// try await withThrowingTaskGroup(of: Void.self) { group in
  ///   for book in books {
  ///     group.addTask { try await db.write { try $0.insert(book) } }
  ///   }
  ///   try await group.waitForAll()
  /// }
  /// ```
  ///
  /// - Throws: `CancellationError`, what `body` throws, or ``SQLiteError``.
  public func write(_ body: @escaping @Sendable (WriteTransaction) throws -> Void) async throws {
    try await asyncQueues.run(on: asyncQueues.writes) { try self.performWrite(body) }
  }
}
