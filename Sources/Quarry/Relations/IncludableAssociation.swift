/// An association that `including` can load for many rows at once: each of Quarry's
/// associations (`BelongsTo`, `OptionalBelongsTo`, `HasOne`, `HasMany`, `HasManyThrough`) and an
/// association that includes others in turn (`Author.books.including(Book.reviews)`).
///
/// `Included` is what each row comes with: the referenced row (`Author`), an optional one
/// (`Cover?`), the associated rows (`[Book]`), or tuples of them when nested
/// (`[(Book, [Review])]`).
///
/// ```swift
/// let rows: [(Book, Author, Author?)] = try db.read {
///   try $0.fetchAll(Book.all().including(Book.author).including(Book.editor))
/// }
/// let tree: [(Author, [(Book, [Review])])] = try db.read {
///   try $0.fetchAll(Author.all().including(Author.books.including(Book.reviews)))
/// }
/// ```
///
/// You do not conform your own types: the requirement reads Quarry's internals.
public protocol IncludableAssociation<Owner, Included>: Sendable {
  /// The table whose rows the association starts from.
  associatedtype Owner: TableRecord
  /// What each owner comes with.
  associatedtype Included

  /// The included value of each of `owners`, in their order, with one query per association
  /// (and per nested association) for all of them.
  func loadIncluded(
    for owners: [Owner], refinement: IncludingRefinement, in db: ReadTransaction
  ) throws -> [Included]
}

/// The conditions and order an `including` query puts on the associated rows of a to-many
/// association, and whether its owners are the whole table (so no key list is needed).
public struct IncludingRefinement: Sendable {
  var targetFilter: SQLNode?
  var targetOrderings: [SelectCore.Ordering]
  var ownersAreEveryRow: Bool

  /// No condition or order, for owners that are not known to be the whole table.
  static let none = IncludingRefinement(
    targetFilter: nil, targetOrderings: [], ownersAreEveryRow: false)

  /// The condition and `ORDER BY` of the associated rows' query, in `dialect`.
  func targetClauses(in dialect: SQLDialect) -> (filter: RenderedSQL?, ordering: RenderedSQL?) {
    var filter: RenderedSQL?
    if let targetFilter {
      var renderer = SQLRenderer(dialect: dialect, qualifiesColumns: true)
      renderer.appendOperand(targetFilter, binding: 3)  // parenthesized below AND
      filter = RenderedSQL(renderer)
    }
    guard !targetOrderings.isEmpty else { return (filter, nil) }
    var core = SelectCore(tableName: "", selection: .expressions([]))
    core.orderings = targetOrderings
    var renderer = SQLRenderer(dialect: dialect, qualifiesColumns: true)
    renderer.appendClauses(after: core, includingPaging: false)
    return (filter, RenderedSQL(renderer))
  }
}

/// One association to load for the rows of `Owner`, with its refinement fixed: what chained
/// and nested `including` keep, one per association.
struct Inclusion<Owner, Included>: Sendable {
  let load: @Sendable (_ owners: [Owner], _ db: ReadTransaction) throws -> [Included]

  init<A: IncludableAssociation>(_ association: A, refinement: IncludingRefinement)
  where A.Owner == Owner, A.Included == Included {
    load = { owners, db in
      try association.loadIncluded(for: owners, refinement: refinement, in: db)
    }
  }
}

/// The element at `index` of `values`: a function, so a pack expansion can index each array.
@inline(__always)
func element<Value>(_ values: [Value], at index: Int) -> Value {
  values[index]
}
