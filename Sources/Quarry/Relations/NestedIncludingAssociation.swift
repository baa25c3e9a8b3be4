// Associations that include others in turn: `Author.books.including(Book.reviews)` loads the
// books of every author with one query, then the reviews of all those books with one more, and
// nests the result: `[(Author, [(Book, [Review])])]`. There is one type per shape of the outer
// association's value: rows (`[…]`), a row, or an optional row.

/// A to-many association whose rows come with the values of nested associations: what
/// `Author.books.including(Book.reviews)` returns.
///
/// ```swift
/// let tree: [(Author, [(Book, [Review])])] = try db.read {
///   try $0.fetchAll(Author.all().including(Author.books.including(Book.reviews)))
/// }
/// ```
public struct IncludingToMany<Owner: TableRecord, Target: TableRecord, each Nested>:
  IncludableAssociation
{
  public typealias Included = [(Target, repeat each Nested)]
  let base: @Sendable ([Owner], IncludingRefinement, ReadTransaction) throws -> [[Target]]
  let nested: (repeat Inclusion<Target, each Nested>)

  /// Also loads the `association` value of each associated row, as the next tuple element.
  ///
  /// ```swift
  /// Author.books.including(Book.reviews).including(Book.cover)   // [(Book, [Review], Cover?)]
  /// ```
  public func including<Association: IncludableAssociation>(_ association: Association)
    -> IncludingToMany<Owner, Target, repeat each Nested, Association.Included>
  where Association.Owner == Target {
    let nested = self.nested
    return IncludingToMany<Owner, Target, repeat each Nested, Association.Included>(
      base: base, nested: (repeat each nested, Inclusion(association, refinement: .none)))
  }

  public func loadIncluded(
    for owners: [Owner], refinement: IncludingRefinement, in db: ReadTransaction
  ) throws -> [Included] {
    let groups = try base(owners, refinement, db)
    let targets = groups.flatMap { $0 }
    let nested = self.nested
    let columns = (repeat try (each nested).load(targets, db))
    var included: [Included] = []
    included.reserveCapacity(groups.count)
    var index = 0
    for group in groups {
      var rows: Included = []
      rows.reserveCapacity(group.count)
      for target in group {
        rows.append((target, repeat element(each columns, at: index)))
        index += 1
      }
      included.append(rows)
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
public struct IncludingToOne<Owner: TableRecord, Target: TableRecord, each Nested>:
  IncludableAssociation
{
  public typealias Included = (Target, repeat each Nested)
  let base: @Sendable ([Owner], ReadTransaction) throws -> [Target]
  let nested: (repeat Inclusion<Target, each Nested>)

  /// Also loads the `association` value of the row, as the next tuple element.
  public func including<Association: IncludableAssociation>(_ association: Association)
    -> IncludingToOne<Owner, Target, repeat each Nested, Association.Included>
  where Association.Owner == Target {
    let nested = self.nested
    return IncludingToOne<Owner, Target, repeat each Nested, Association.Included>(
      base: base, nested: (repeat each nested, Inclusion(association, refinement: .none)))
  }

  public func loadIncluded(
    for owners: [Owner], refinement: IncludingRefinement, in db: ReadTransaction
  ) throws -> [Included] {
    let targets = try base(owners, db)
    let nested = self.nested
    let columns = (repeat try (each nested).load(targets, db))
    var included: [Included] = []
    included.reserveCapacity(targets.count)
    for index in targets.indices {
      included.append((targets[index], repeat element(each columns, at: index)))
    }
    return included
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
public struct IncludingToOptional<Owner: TableRecord, Target: TableRecord, each Nested>:
  IncludableAssociation
{
  public typealias Included = (Target, repeat each Nested)?
  let base: @Sendable ([Owner], ReadTransaction) throws -> [Target?]
  let nested: (repeat Inclusion<Target, each Nested>)

  /// Also loads the `association` value of the row, as the next tuple element.
  public func including<Association: IncludableAssociation>(_ association: Association)
    -> IncludingToOptional<Owner, Target, repeat each Nested, Association.Included>
  where Association.Owner == Target {
    let nested = self.nested
    return IncludingToOptional<Owner, Target, repeat each Nested, Association.Included>(
      base: base, nested: (repeat each nested, Inclusion(association, refinement: .none)))
  }

  public func loadIncluded(
    for owners: [Owner], refinement: IncludingRefinement, in db: ReadTransaction
  ) throws -> [Included] {
    let optionalTargets = try base(owners, db)
    let targets = optionalTargets.compactMap { $0 }
    let nested = self.nested
    let columns = (repeat try (each nested).load(targets, db))
    var included: [Included] = []
    included.reserveCapacity(optionalTargets.count)
    var index = 0
    for target in optionalTargets {
      guard let target else {
        included.append(nil)
        continue
      }
      included.append((target, repeat element(each columns, at: index)))
      index += 1
    }
    return included
  }
}

extension HasMany {
  /// The associated rows, each with the value of `association`.
  ///
  /// ```swift
  /// Author.all().including(Author.books.including(Book.reviews))   // [(Author, [(Book, [Review])])]
  /// ```
  public func including<Association: IncludableAssociation>(_ association: Association)
    -> IncludingToMany<Owner, Target, Association.Included>
  where Association.Owner == Target {
    IncludingToMany(
      base: { owners, refinement, db in
        try self.loadIncluded(for: owners, refinement: refinement, in: db)
      }, nested: Inclusion(association, refinement: .none))
  }
}

extension HasManyThrough {
  /// The linked targets, each with the value of `association`.
  public func including<Association: IncludableAssociation>(_ association: Association)
    -> IncludingToMany<Owner, Target, Association.Included>
  where Association.Owner == Target {
    IncludingToMany(
      base: { owners, refinement, db in
        try self.loadIncluded(for: owners, refinement: refinement, in: db)
      }, nested: Inclusion(association, refinement: .none))
  }
}

extension BelongsTo {
  /// The referenced row, with the value of `association`.
  public func including<Association: IncludableAssociation>(_ association: Association)
    -> IncludingToOne<Owner, Target, Association.Included>
  where Association.Owner == Target {
    IncludingToOne(
      base: { owners, db in try self.loadIncluded(for: owners, refinement: .none, in: db) },
      nested: Inclusion(association, refinement: .none))
  }
}

extension OptionalBelongsTo {
  /// The referenced row, when there is one, with the value of `association`.
  public func including<Association: IncludableAssociation>(_ association: Association)
    -> IncludingToOptional<Owner, Target, Association.Included>
  where Association.Owner == Target {
    IncludingToOptional(
      base: { owners, db in try self.loadIncluded(for: owners, refinement: .none, in: db) },
      nested: Inclusion(association, refinement: .none))
  }
}

extension HasOne {
  /// The referencing row, when there is one, with the value of `association`.
  public func including<Association: IncludableAssociation>(_ association: Association)
    -> IncludingToOptional<Owner, Target, Association.Included>
  where Association.Owner == Target {
    IncludingToOptional(
      base: { owners, db in try self.loadIncluded(for: owners, refinement: .none, in: db) },
      nested: Inclusion(association, refinement: .none))
  }
}
