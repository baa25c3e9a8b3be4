// Associations that include others in turn: `Author.books.including(Book.reviews)` loads the
// books of every author with one query, then the reviews of all those books with one more, and
// nests the result: `[(Author, [(Book, [Review])])]`. There is one type per shape of the outer
// association's value: rows (`[…]`), a row, or an optional row.
//
// Each type's `Row` is the whole tuple of a target and its nested values, `(Book, [Review])`,
// not a parameter pack of the nested values: Swift 6.3 cannot infer a pack that grows by one at
// each call of a chain (see `ChainedIncludingQuery`), so a third nested `including` failed to
// compile.

/// A to-many association whose rows come with the values of nested associations: what
/// `Author.books.including(Book.reviews)` returns.
///
/// ```swift
/// let tree: [(Author, [(Book, [Review])])] = try db.read {
///   try $0.fetchAll(Author.all().including(Author.books.including(Book.reviews)))
/// }
/// ```
public struct IncludingToMany<Owner: TableRecord, Target: TableRecord, Row>: IncludableAssociation {
  public typealias Included = [Row]
  let base: @Sendable ([Owner], IncludingRefinement, ReadTransaction) throws -> [[Target]]
  let nested: NestedInclusions<Target, Row>

  /// Also loads the `association` value of each associated row, as the next tuple element.
  ///
  /// ```swift
  /// Author.books.including(Book.reviews).including(Book.cover)   // [(Book, [Review], Cover?)]
  /// ```
  public func including<each Nested, Association: IncludableAssociation>(
    _ association: Association
  ) -> IncludingToMany<Owner, Target, (Target, repeat each Nested, Association.Included)>
  where Association.Owner == Target, Row == (Target, repeat each Nested) {
    IncludingToMany<Owner, Target, (Target, repeat each Nested, Association.Included)>(
      base: base, nested: nested.including(association))
  }

  public func loadIncluded(
    for owners: [Owner], refinement: IncludingRefinement, in db: ReadTransaction
  ) throws -> [Included] {
    let groups = try base(owners, refinement, db)
    let rows = try nested.rows(groups.flatMap { $0 }, db)
    var included: [Included] = []
    included.reserveCapacity(groups.count)
    var start = rows.startIndex
    for group in groups {
      included.append(Array(rows[start..<start + group.count]))
      start += group.count
    }
    return included
  }
}

/// A to-one association whose row comes with the values of nested associations: what
/// `Book.author.including(Author.country)` returns.
///
/// ```swift
/// let rows: [(Book, (Author, Country))] = try db.read {
///   try $0.fetchAll(Book.all().including(Book.author.including(Author.country)))
/// }
/// ```
public struct IncludingToOne<Owner: TableRecord, Target: TableRecord, Row>: IncludableAssociation {
  public typealias Included = Row
  let base: @Sendable ([Owner], ReadTransaction) throws -> [Target]
  let nested: NestedInclusions<Target, Row>

  /// Also loads the `association` value of the row, as the next tuple element.
  public func including<each Nested, Association: IncludableAssociation>(
    _ association: Association
  ) -> IncludingToOne<Owner, Target, (Target, repeat each Nested, Association.Included)>
  where Association.Owner == Target, Row == (Target, repeat each Nested) {
    IncludingToOne<Owner, Target, (Target, repeat each Nested, Association.Included)>(
      base: base, nested: nested.including(association))
  }

  public func loadIncluded(
    for owners: [Owner], refinement: IncludingRefinement, in db: ReadTransaction
  ) throws -> [Included] {
    try nested.rows(try base(owners, db), db)
  }
}

/// An optional to-one association (`OptionalBelongsTo`, `HasOne`) whose row, when there is
/// one, comes with the values of nested associations.
///
/// ```swift
/// let rows: [(Book, (Cover, [Credit])?)] = try db.read {
///   try $0.fetchAll(Book.all().including(Book.cover.including(Cover.credits)))
/// }
/// ```
public struct IncludingToOptional<Owner: TableRecord, Target: TableRecord, Row>:
  IncludableAssociation
{
  public typealias Included = Row?
  let base: @Sendable ([Owner], ReadTransaction) throws -> [Target?]
  let nested: NestedInclusions<Target, Row>

  /// Also loads the `association` value of the row, as the next tuple element.
  public func including<each Nested, Association: IncludableAssociation>(
    _ association: Association
  ) -> IncludingToOptional<Owner, Target, (Target, repeat each Nested, Association.Included)>
  where Association.Owner == Target, Row == (Target, repeat each Nested) {
    IncludingToOptional<Owner, Target, (Target, repeat each Nested, Association.Included)>(
      base: base, nested: nested.including(association))
  }

  public func loadIncluded(
    for owners: [Owner], refinement: IncludingRefinement, in db: ReadTransaction
  ) throws -> [Included] {
    let optionalTargets = try base(owners, db)
    let rows = try nested.rows(optionalTargets.compactMap { $0 }, db)
    var included: [Included] = []
    included.reserveCapacity(optionalTargets.count)
    var next = rows.startIndex
    for target in optionalTargets {
      guard target != nil else {
        included.append(nil)
        continue
      }
      included.append(rows[next])
      next += 1
    }
    return included
  }
}

/// The associations nested under the targets of another, and how they make each target's row
/// `(Target, repeat each Nested)`.
struct NestedInclusions<Target: TableRecord, Row>: Sendable {
  /// `(repeat Inclusion<Target, each Nested>)` for `Row == (Target, repeat each Nested)`, which
  /// the next `including` extends.
  let inclusions: any Sendable
  /// Loads every nested association for `targets` and builds their rows, in order.
  let rows: @Sendable (_ targets: [Target], _ db: ReadTransaction) throws -> [Row]

  /// The nested inclusions with `association` after these.
  func including<each Nested, Association: IncludableAssociation>(_ association: Association)
    -> NestedInclusions<Target, (Target, repeat each Nested, Association.Included)>
  where Association.Owner == Target, Row == (Target, repeat each Nested) {
    guard let previous = inclusions as? (repeat Inclusion<Target, each Nested>) else {
      preconditionFailure("the inclusions of \(Self.self) are not those of its rows")
    }
    return nestedInclusions(repeat each previous, Inclusion(association, refinement: .none))
  }
}

/// The nested inclusions `inclusions`, whose rows are `(Target, repeat each Nested)`.
func nestedInclusions<Target: TableRecord, each Nested>(
  _ inclusions: repeat Inclusion<Target, each Nested>
) -> NestedInclusions<Target, (Target, repeat each Nested)> {
  let all = (repeat each inclusions)
  return NestedInclusions(inclusions: all) { targets, db in
    let columns = (repeat try (each all).load(targets, db))
    var rows: [(Target, repeat each Nested)] = []
    rows.reserveCapacity(targets.count)
    for index in targets.indices {
      rows.append((targets[index], repeat element(each columns, at: index)))
    }
    return rows
  }
}

extension HasMany {
  /// The associated rows, each with the value of `association`.
  ///
  /// ```swift
  /// Author.all().including(Author.books.including(Book.reviews))   // [(Author, [(Book, [Review])])]
  /// ```
  public func including<Association: IncludableAssociation>(_ association: Association)
    -> IncludingToMany<Owner, Target, (Target, Association.Included)>
  where Association.Owner == Target {
    IncludingToMany(
      base: { owners, refinement, db in
        try self.loadIncluded(for: owners, refinement: refinement, in: db)
      }, nested: nestedInclusions(Inclusion(association, refinement: .none)))
  }
}

extension HasManyThrough {
  /// The linked targets, each with the value of `association`.
  public func including<Association: IncludableAssociation>(_ association: Association)
    -> IncludingToMany<Owner, Target, (Target, Association.Included)>
  where Association.Owner == Target {
    IncludingToMany(
      base: { owners, refinement, db in
        try self.loadIncluded(for: owners, refinement: refinement, in: db)
      }, nested: nestedInclusions(Inclusion(association, refinement: .none)))
  }
}

extension BelongsTo {
  /// The referenced row, with the value of `association`.
  public func including<Association: IncludableAssociation>(_ association: Association)
    -> IncludingToOne<Owner, Target, (Target, Association.Included)>
  where Association.Owner == Target {
    IncludingToOne(
      base: { owners, db in try self.loadIncluded(for: owners, refinement: .none, in: db) },
      nested: nestedInclusions(Inclusion(association, refinement: .none)))
  }
}

extension OptionalBelongsTo {
  /// The referenced row, when there is one, with the value of `association`.
  public func including<Association: IncludableAssociation>(_ association: Association)
    -> IncludingToOptional<Owner, Target, (Target, Association.Included)>
  where Association.Owner == Target {
    IncludingToOptional(
      base: { owners, db in try self.loadIncluded(for: owners, refinement: .none, in: db) },
      nested: nestedInclusions(Inclusion(association, refinement: .none)))
  }
}

extension HasOne {
  /// The referencing row, when there is one, with the value of `association`.
  public func including<Association: IncludableAssociation>(_ association: Association)
    -> IncludingToOptional<Owner, Target, (Target, Association.Included)>
  where Association.Owner == Target {
    IncludingToOptional(
      base: { owners, db in try self.loadIncluded(for: owners, refinement: .none, in: db) },
      nested: nestedInclusions(Inclusion(association, refinement: .none)))
  }
}
