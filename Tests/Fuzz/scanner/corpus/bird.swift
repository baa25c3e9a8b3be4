import Foundation

/// A species on the life list: a UUID key, a unique name, an enum, an optional, a JSON
/// collection, a Decimal and an ignored cache.
// quarry: table = "birds", index = [family, commonName]
struct Bird: Sendable, Equatable {
  // quarry: primaryKey
  var id: UUID
  // quarry: unique
  var commonName: String
  var family: Family
  /// Wingspan in centimetres, when known.
  var wingspan: Double?
  var tags: [String]
  /// What a good photo of it sells for.
  var photoPrice: Decimal
  // quarry: ignore
  var cachedImage: Data? = nil
}

enum Family: String, Sendable {
  case thrushes, tits, raptors, owls
}
