import Foundation

/// The row every runtime benchmark writes and reads: the entity from issue 7.
///
/// `Generated/BenchEntity+Quarry.swift` holds its Quarry conformance, in exactly the shape the
/// generator emits. `Codable` is only for the naive repository, which stores JSON blobs.
// quarry: table = "bench_entities"
struct BenchEntity: Sendable, Equatable, Codable {
  // quarry: primaryKey
  var id: Int64
  var name: String
  var score: Double
  var createdAt: Date
  /// Nil on every odd id, so half the rows carry NULL.
  var note: String?
  /// Always 16 bytes.
  var payload: Data
}
