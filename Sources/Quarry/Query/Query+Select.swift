// `select`: one overload per width (one to eight expressions), because each expression must
// read the query's own table and parameter packs cannot yet require that of each element.
//
// The overloads are inlinable, so the row decoder each one builds is specialised for the
// selected types where it is called: compiled generically, a tuple decoder looked up the
// tuple's metadata on every row.

extension Query {
  /// The values of one column or aggregate, instead of whole rows.
  ///
  /// ```swift
  /// let titles: [String] = try db.read { try $0.fetchAll(Book.all().select(Book.Columns.title)) }
  /// let dearest: Decimal? = try db.read {
  ///   try $0.fetchOne(Book.all().select(Book.Columns.price.max))
  /// }
  /// ```
  @inlinable
  public func select<A: SQLExpressible>(_ a: A) -> Selection<T, A.Value>
  where A.Scope == T {
    let aDecoder = a.expression.decoder
    return selecting([a]) { row in try aDecoder(row, 0) }
  }

  /// Tuples of several columns or aggregates, instead of whole rows.
  ///
  /// ```swift
  /// let pairs: [(String, Decimal)] = try db.read {
  ///   try $0.fetchAll(Book.all().select(Book.Columns.title, Book.Columns.price))
  /// }
  /// ```
  @inlinable
  public func select<A: SQLExpressible, B: SQLExpressible>(_ a: A, _ b: B) -> Selection<
    T, (A.Value, B.Value)
  >
  where A.Scope == T, B.Scope == T {
    let aDecoder = a.expression.decoder
    let bDecoder = b.expression.decoder
    return selecting([a, b]) { row in
      (try aDecoder(row, 0), try bDecoder(row, 1))
    }
  }

  /// Tuples of 3 columns or aggregates, instead of whole rows.
  @inlinable
  public func select<A: SQLExpressible, B: SQLExpressible, C: SQLExpressible>(
    _ a: A, _ b: B, _ c: C
  ) -> Selection<T, (A.Value, B.Value, C.Value)>
  where A.Scope == T, B.Scope == T, C.Scope == T {
    let aDecoder = a.expression.decoder
    let bDecoder = b.expression.decoder
    let cDecoder = c.expression.decoder
    return selecting([a, b, c]) { row in
      (try aDecoder(row, 0), try bDecoder(row, 1), try cDecoder(row, 2))
    }
  }

  /// Tuples of 4 columns or aggregates, instead of whole rows.
  @inlinable
  public func select<A: SQLExpressible, B: SQLExpressible, C: SQLExpressible, D: SQLExpressible>(
    _ a: A, _ b: B, _ c: C, _ d: D
  ) -> Selection<T, (A.Value, B.Value, C.Value, D.Value)>
  where A.Scope == T, B.Scope == T, C.Scope == T, D.Scope == T {
    let aDecoder = a.expression.decoder
    let bDecoder = b.expression.decoder
    let cDecoder = c.expression.decoder
    let dDecoder = d.expression.decoder
    return selecting([a, b, c, d]) { row in
      (try aDecoder(row, 0), try bDecoder(row, 1), try cDecoder(row, 2), try dDecoder(row, 3))
    }
  }

  /// Tuples of 5 columns or aggregates, instead of whole rows.
  @inlinable
  public func select<
    A: SQLExpressible, B: SQLExpressible, C: SQLExpressible, D: SQLExpressible, E: SQLExpressible
  >(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) -> Selection<
    T, (A.Value, B.Value, C.Value, D.Value, E.Value)
  >
  where A.Scope == T, B.Scope == T, C.Scope == T, D.Scope == T, E.Scope == T {
    let aDecoder = a.expression.decoder
    let bDecoder = b.expression.decoder
    let cDecoder = c.expression.decoder
    let dDecoder = d.expression.decoder
    let eDecoder = e.expression.decoder
    return selecting([a, b, c, d, e]) { row in
      (
        try aDecoder(row, 0), try bDecoder(row, 1), try cDecoder(row, 2), try dDecoder(row, 3),
        try eDecoder(row, 4)
      )
    }
  }

  /// Tuples of 6 columns or aggregates, instead of whole rows.
  @inlinable
  public func select<
    A: SQLExpressible, B: SQLExpressible, C: SQLExpressible, D: SQLExpressible, E: SQLExpressible,
    F: SQLExpressible
  >(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) -> Selection<
    T, (A.Value, B.Value, C.Value, D.Value, E.Value, F.Value)
  >
  where A.Scope == T, B.Scope == T, C.Scope == T, D.Scope == T, E.Scope == T, F.Scope == T {
    let aDecoder = a.expression.decoder
    let bDecoder = b.expression.decoder
    let cDecoder = c.expression.decoder
    let dDecoder = d.expression.decoder
    let eDecoder = e.expression.decoder
    let fDecoder = f.expression.decoder
    return selecting([a, b, c, d, e, f]) { row in
      (
        try aDecoder(row, 0), try bDecoder(row, 1), try cDecoder(row, 2), try dDecoder(row, 3),
        try eDecoder(row, 4), try fDecoder(row, 5)
      )
    }
  }

  /// Tuples of 7 columns or aggregates, instead of whole rows.
  @inlinable
  public func select<
    A: SQLExpressible, B: SQLExpressible, C: SQLExpressible, D: SQLExpressible, E: SQLExpressible,
    F: SQLExpressible, G: SQLExpressible
  >(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) -> Selection<
    T, (A.Value, B.Value, C.Value, D.Value, E.Value, F.Value, G.Value)
  >
  where
    A.Scope == T, B.Scope == T, C.Scope == T, D.Scope == T, E.Scope == T, F.Scope == T, G.Scope == T
  {
    let aDecoder = a.expression.decoder
    let bDecoder = b.expression.decoder
    let cDecoder = c.expression.decoder
    let dDecoder = d.expression.decoder
    let eDecoder = e.expression.decoder
    let fDecoder = f.expression.decoder
    let gDecoder = g.expression.decoder
    return selecting([a, b, c, d, e, f, g]) { row in
      (
        try aDecoder(row, 0), try bDecoder(row, 1), try cDecoder(row, 2), try dDecoder(row, 3),
        try eDecoder(row, 4), try fDecoder(row, 5), try gDecoder(row, 6)
      )
    }
  }

  /// Tuples of 8 columns or aggregates, instead of whole rows.
  @inlinable
  public func select<
    A: SQLExpressible, B: SQLExpressible, C: SQLExpressible, D: SQLExpressible, E: SQLExpressible,
    F: SQLExpressible, G: SQLExpressible, H: SQLExpressible
  >(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) -> Selection<
    T, (A.Value, B.Value, C.Value, D.Value, E.Value, F.Value, G.Value, H.Value)
  >
  where
    A.Scope == T, B.Scope == T, C.Scope == T, D.Scope == T, E.Scope == T, F.Scope == T,
    G.Scope == T, H.Scope == T
  {
    let aDecoder = a.expression.decoder
    let bDecoder = b.expression.decoder
    let cDecoder = c.expression.decoder
    let dDecoder = d.expression.decoder
    let eDecoder = e.expression.decoder
    let fDecoder = f.expression.decoder
    let gDecoder = g.expression.decoder
    let hDecoder = h.expression.decoder
    return selecting([a, b, c, d, e, f, g, h]) { row in
      (
        try aDecoder(row, 0), try bDecoder(row, 1), try cDecoder(row, 2), try dDecoder(row, 3),
        try eDecoder(row, 4), try fDecoder(row, 5), try gDecoder(row, 6), try hDecoder(row, 7)
      )
    }
  }

  /// The query selecting `expressions`, whose rows `decoder` reads.
  @usableFromInline
  func selecting<Value>(
    _ expressions: [any SQLExpressible], decoder: @escaping @Sendable (Row) throws -> Value
  ) -> Selection<T, Value> {
    var core = core
    core.selection = .expressions(expressions.map(\.node))
    return Selection(core: core, decoder: decoder)
  }
}
