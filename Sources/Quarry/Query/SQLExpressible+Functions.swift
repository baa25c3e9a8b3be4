// Scalar functions a user would otherwise write in SQL. Each keeps NULL as NULL, so the result
// of a function over an optional value is optional.
//
// Related SQLite documentation: <https://sqlite.org/lang_corefunc.html>

extension SQLExpressible where Value == String {
  /// The text in lower case, every letter as Swift's `String.lowercased()` maps it.
  ///
  /// ```swift
  /// Author.all().filter(Author.Columns.name.lowercased == "émile zola")   // finds "Émile Zola"
  /// ```
  ///
  /// SQLite's `LOWER` changes ASCII letters only, so this calls `quarry_lower`, a Swift function
  /// Quarry installs on every connection (as GRDB does). Other programs reading the file do not
  /// have it: keep it out of views and triggers you write by hand.
  public var lowercased: ValueExpression<Scope, String> { call(UnicodeCaseFunctions.lowerName) }

  /// The text in upper case, every letter as Swift's `String.uppercased()` maps it
  /// (`quarry_upper`; `"straße"` becomes `"STRASSE"`).
  ///
  /// ```swift
  /// Author.all().filter(Author.Columns.name.uppercased == "ÉMILE ZOLA")
  /// ```
  public var uppercased: ValueExpression<Scope, String> { call(UnicodeCaseFunctions.upperName) }

  /// The text without leading and trailing spaces: `TRIM(x)`.
  public var trimmed: ValueExpression<Scope, String> { call("TRIM") }

  /// The number of characters: `LENGTH(x)`.
  ///
  /// ```swift
  /// Book.all().order(Book.Columns.title.length.desc)
  /// ```
  public var length: ValueExpression<Scope, Int> { call("LENGTH") }
}

extension SQLExpressible where Value == String? {
  /// The text in lower case, NULL staying NULL.
  public var lowercased: ValueExpression<Scope, String?> { call(UnicodeCaseFunctions.lowerName) }

  /// The text in upper case, NULL staying NULL.
  public var uppercased: ValueExpression<Scope, String?> { call(UnicodeCaseFunctions.upperName) }

  /// The text without leading and trailing spaces, NULL staying NULL.
  public var trimmed: ValueExpression<Scope, String?> { call("TRIM") }

  /// The number of characters, NULL staying NULL.
  public var length: ValueExpression<Scope, Int?> { call("LENGTH") }
}

extension SQLExpressible where Value: DatabaseNumeric {
  /// The absolute value: `ABS(x)`.
  ///
  /// ```swift
  /// Account.all().order(Account.Columns.balance.abs.desc)
  /// ```
  public var abs: ValueExpression<Scope, Value> { call("ABS") }
}

extension SQLExpressible {
  /// `value` where this value is NULL: `COALESCE(x, ?)`.
  ///
  /// ```swift
  /// Book.all().order(Book.Columns.subtitle.ifNull("").asc)
  /// ```
  public func ifNull<Wrapped: DatabaseValueConvertible>(_ value: Wrapped)
    -> ValueExpression<Scope, Wrapped>
  where Value == Wrapped? {
    let storage = expression.storage
    return ValueExpression(
      node: .function("COALESCE", [node, .value(storage.argument(value))], distinct: false),
      storage: storage)
  }

  fileprivate func call<Result: DatabaseValueConvertible>(_ name: String)
    -> ValueExpression<Scope, Result>
  {
    ValueExpression(node: .function(name, [node], distinct: false))
  }
}
