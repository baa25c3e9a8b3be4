import Foundation

// The struct of CONTRACT.md, verbatim: its generated code must match the contract's shape.
// quarry: table = "birds", index = [kind, name]
public struct Bird: Sendable, Equatable {
  // quarry: primaryKey
  public var id: UUID
  // quarry: unique
  public var name: String
  public var wingspan: Double?
  public var kind: Kind
  public var tags: [String]
  // quarry: references = Nest, column = "nest_id"
  public var nestID: Int64?
  public var price: Decimal
  // quarry: ignore
  public var thumbnail: Data? = nil
}

public enum Kind: String, Sendable {
  case songbird, raptor
}
