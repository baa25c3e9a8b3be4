/// Compares observed values when their type is `Equatable`, found at run time so that one
/// `observe` serves every `Sendable` value (an `Equatable`-constrained overload would lose to
/// the unconstrained one for closures, whose type the compiler infers last).
enum DuplicateCheck {
  /// `==` for `Value`, or nil when `Value` is not `Equatable`.
  static func comparison<Value>(for type: Value.Type) -> (@Sendable (Value, Value) -> Bool)? {
    guard let equatable = type as? any (Equatable & SendableMetatype).Type else { return nil }
    return comparison(equatable, as: type)
  }

  private static func comparison<E: Equatable & SendableMetatype, Value>(
    _ type: E.Type, as: Value.Type
  )
    -> @Sendable (Value, Value) -> Bool
  {
    // Value is E: the casts are identity casts on the same type.
    { lhs, rhs in (lhs as? E) == (rhs as? E) }
  }
}
