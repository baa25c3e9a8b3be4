/// The query-language operations' inputs and expected results, computed from the entities
/// (never by the code under test).
///
/// - select one column: every `name`, 100,000 values;
/// - grouped aggregate: `id / 1000, COUNT(id), MAX(score)` grouped by `id / 1000`;
/// - paged query: `ORDER BY id LIMIT 50 OFFSET 50,000` (half the rows in quick mode), run
///   `pageRepeats` times per timed call, since one page takes well under a millisecond;
/// - updateAll: `score = score + 1` for the rows with `id <= operationCount` (10,000), one
///   statement.
struct QueryWorkload: Sendable {
  static let groupWidth: Int64 = 1_000
  static let pageSize = 50
  static let pageRepeats = 20

  let expectedNameChecksum: UInt64
  let expectedGroups: [GroupRow]
  let pageOffset: Int
  let expectedPageIDs: [Int64]
  let updateAllLastID: Int64

  /// One row of the grouped aggregate.
  struct GroupRow: Sendable, Equatable {
    var group: Int64
    var count: Int
    var maxScore: Double
  }

  init(entities: [BenchEntity], operationCount: Int) {
    expectedNameChecksum = Self.checksum(entities.map(\.name))
    var groups: [Int64: GroupRow] = [:]
    for entity in entities {
      let key = entity.id / Self.groupWidth
      var row = groups[key] ?? GroupRow(group: key, count: 0, maxScore: -.infinity)
      row.count += 1
      row.maxScore = max(row.maxScore, entity.score)
      groups[key] = row
    }
    expectedGroups = groups.values.sorted { $0.group < $1.group }
    pageOffset = min(50_000, entities.count / 2)
    expectedPageIDs = entities.map(\.id).sorted().dropFirst(pageOffset).prefix(Self.pageSize)
      .map { $0 }
    updateAllLastID = Int64(operationCount)
  }

  /// An order-insensitive fingerprint of strings.
  static func checksum(_ values: [String]) -> UInt64 {
    var sum: UInt64 = 0
    for value in values {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in value.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
      sum &+= hash
    }
    return sum
  }
}
