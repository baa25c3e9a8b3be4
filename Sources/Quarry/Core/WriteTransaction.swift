/// The database as seen from inside a `write` closure: queries and changes in one transaction.
///
/// ```swift
/// try db.write { db in
///   let rowID = try db.insert(bird)
///   try db.update(nest)
/// }
/// ```
///
/// Valid only inside the closure it was passed to.
public final class WriteTransaction: ReadTransaction {}
