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
  /// Recorded calls: an owned array, stored in `birds_calls` and saved with the bird.
  // quarry: owned
  var calls: [Call] = []
}

/// One recorded call of a bird; it has no key of its own (its bird's key and a position).
struct Call: Sendable, Equatable {
  var name: String
  var seconds: Double
}

enum Family: String, Sendable {
  case thrushes, tits, raptors, owls
}
