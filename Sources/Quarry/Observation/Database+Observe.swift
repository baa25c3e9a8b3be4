extension Database {
  /// The value of `read`, now and after every commit that changed what it read.
  ///
  /// ```swift
  /// for try await (loaned, total) in db.observe({ db in
  ///   (try db.count(Loan.self), try db.count(Book.self))
  /// }) {
  ///   label.text = "\(loaned) of \(total) on loan"
  /// }
  /// ```
  ///
  /// - The first value comes at once; after that, a fresh one comes after each commit that
  ///   changed a table the last read read. What it read is what SQLite compiled for it (its
  ///   authorizer reports each table and column), not a list you declare, and it is recorded
  ///   again at every fetch, so a read whose queries depend on data stays tracked. Commits that
  ///   change other tables, and transactions that roll back, cause no fetch.
  /// - Bursts coalesce: at most one fetch waits per observation, and the last value of a burst
  ///   always comes from a read made after its last commit. A commit that finds the observers
  ///   idle is fetched at once; commits that come while they fetch are fetched together after a
  ///   short rest (2 ms, or four times the fetch if that is longer), so a stream of writes
  ///   costs its observers a few hundred fetches a second, not one per commit.
  /// - Fetches run on reader connections, off the writer and off Swift's cooperative pool, one
  ///   round at a time for all the observers of a file: one read transaction (one snapshot)
  ///   serves every observer due in a round, and the observers never take more than one core.
  ///   Writers never wait for observers.
  /// - Writes through any `Database` value open on the same file in this process are seen at
  ///   once. Writes by other processes are seen within about
  ///   ``Configuration/externalChangePollInterval`` (0.1 s by default) plus one fetch.
  ///
  /// `read` runs in a read transaction like ``read(_:)``'s; use only the transaction it is
  /// given. When the value is `Equatable` (`[Bird]`, `Int`, `Bird?`…), a value equal to the
  /// previous one is dropped unless `removeDuplicates` is false; other values (tuples, for
  /// example) come after every fetch.
  ///
  /// - Returns: an `AsyncSequence` of the values; each `for` loop over it is one observation.
  ///   Iteration throws what `read` throws (``SQLiteError``, ``RowDecodingError``…), then ends.
  ///
  /// Related SQLite documentation: <https://sqlite.org/c3ref/set_authorizer.html>,
  /// <https://sqlite.org/c3ref/update_hook.html>
  public func observe<Value: Sendable>(
    _ read: @escaping @Sendable (ReadTransaction) throws -> Value, removeDuplicates: Bool = true
  ) -> DatabaseObservation<Value> {
    DatabaseObservation(
      database: self, read: read,
      isDuplicate: removeDuplicates ? DuplicateCheck.comparison(for: Value.self) : nil)
  }

  /// The values `query` fetches, now and after every commit that changed a table it reads.
  ///
  /// ```swift
  /// for try await books in db.observe(Book.all().order(Book.Columns.title.asc)) {
  ///   render(books)   // [Book]
  /// }
  /// ```
  ///
  /// The same as `observe { try $0.fetchAll(query) }`: see ``observe(_:removeDuplicates:)``
  /// for what is tracked and when values come. When `T` is `Equatable`, an array equal to the
  /// previous one is dropped unless `removeDuplicates` is false.
  ///
  /// - Returns: an `AsyncSequence` of arrays; iteration throws what the fetch throws
  ///   (``SQLiteError``, ``RowDecodingError``), then ends.
  public func observe<T: TableRecord>(_ query: Query<T>, removeDuplicates: Bool = true)
    -> DatabaseObservation<[T]>
  {
    observe({ try $0.fetchAll(query) }, removeDuplicates: removeDuplicates)
  }

  /// The number of observations of this database's file running in this process (for tests:
  /// zero once every iteration ended).
  var observerCount: Int { observedFile.observerCount }
}
