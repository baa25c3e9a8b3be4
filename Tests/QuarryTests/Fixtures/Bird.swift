import Foundation

// The model of CONTRACT.md, as a user writes it; Bird+Quarry.swift, Kind+Quarry.swift and
// Nest+Quarry.swift are what the generator emits (compared by RuntimeFixtureTests).

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

  public init(
    id: UUID = UUID(), name: String, wingspan: Double? = nil, kind: Kind = .songbird,
    tags: [String] = [], nestID: Int64? = nil, price: Decimal = 0
  ) {
    self.id = id
    self.name = name
    self.wingspan = wingspan
    self.kind = kind
    self.tags = tags
    self.nestID = nestID
    self.price = price
  }
}

public enum Kind: String, Sendable {
  case songbird, raptor
}

// quarry: table = "nests"
public struct Nest: Sendable, Equatable {
  // quarry: primaryKey, autoincrement
  public var id: Int64?
  public var site: String

  public init(id: Int64? = nil, site: String) {
    self.id = id
    self.site = site
  }
}
