import Foundation

/// An order-insensitive fingerprint of entities, to check results after timing.
///
/// Every field feeds the hash, so a path that dropped or garbled a column (or was optimised
/// away) fails the check. Summing per-row hashes makes the order rows come back in irrelevant.
enum EntityChecksum {
  static func of(_ entities: [BenchEntity]) -> UInt64 {
    var sum: UInt64 = 0
    for entity in entities { sum &+= of(entity) }
    return sum
  }

  static func of(_ entity: BenchEntity) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ value: UInt64) {
      hash = (hash ^ value) &* 0x0000_0100_0000_01b3
      hash ^= hash >> 29
    }
    mix(UInt64(bitPattern: entity.id))
    for byte in entity.name.utf8 { mix(UInt64(byte)) }
    mix(entity.score.bitPattern)
    mix(entity.createdAt.timeIntervalSince1970.bitPattern)
    if let note = entity.note {
      for byte in note.utf8 { mix(UInt64(byte)) }
    } else {
      mix(0xdead)
    }
    for byte in entity.payload { mix(UInt64(byte)) }
    return hash
  }
}
