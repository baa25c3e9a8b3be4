import Foundation

/// The number types (and their optionals) that arithmetic, `sum`, `avg` and `abs` apply to.
///
/// ```swift
/// Member.Columns.loanCount + 1          // Int column: ValueExpression<Member, Int>
/// Book.Columns.price.sum                // Decimal column: ValueExpression<Book, Decimal?>
/// ```
public protocol DatabaseNumeric: DatabaseValueConvertible {}

extension Int: DatabaseNumeric {}
extension Int8: DatabaseNumeric {}
extension Int16: DatabaseNumeric {}
extension Int32: DatabaseNumeric {}
extension Int64: DatabaseNumeric {}
extension UInt: DatabaseNumeric {}
extension UInt8: DatabaseNumeric {}
extension UInt16: DatabaseNumeric {}
extension UInt32: DatabaseNumeric {}
extension UInt64: DatabaseNumeric {}
extension Double: DatabaseNumeric {}
extension Float: DatabaseNumeric {}
extension Decimal: DatabaseNumeric {}
extension Optional: DatabaseNumeric where Wrapped: DatabaseNumeric {}
