/// The base class of generated, change-tracked record classes.
///
/// Each stored property of a generated record calls `markChanged(_:)` with its column position
/// in `didSet`; `save(_:)` writes only those columns, then clears the changes.
///
/// ```swift
/// let record = BirdTranslator.record(from: bird)
/// record.name = "Robin"
/// print(record.changedColumns)   // [1]
/// try db.write { try $0.save(record) }   // UPDATE "birds" SET "name" = ?1 WHERE "id" = ?2
/// print(record.hasChanges)       // false
/// ```
///
/// Records are not `Sendable`: they stay in the task that made them. Send the struct instead.
open class Record {
  /// One bit per column position.
  private var changedBits: [UInt64] = []

  /// Creates a record with no changes.
  public init() {}

  /// Notes that the column at `column` (0-based position in the table) changed.
  public final func markChanged(_ column: Int) {
    if column < 0 { fatalError("markChanged(\(column)): column positions start at 0") }
    let word = column / 64
    if word >= changedBits.count {
      changedBits.append(contentsOf: repeatElement(0, count: word - changedBits.count + 1))
    }
    changedBits[word] |= 1 << UInt64(column % 64)
  }

  /// Whether any column changed since the record was made or last saved.
  public final var hasChanges: Bool {
    changedBits.contains { $0 != 0 }
  }

  /// The positions of the changed columns, in ascending order.
  public final var changedColumns: [Int] {
    var columns: [Int] = []
    for (word, bits) in changedBits.enumerated() where bits != 0 {
      for bit in 0..<64 where bits & (1 << UInt64(bit)) != 0 {
        columns.append(word * 64 + bit)
      }
    }
    return columns
  }

  /// Forgets all changes, as after a save.
  public final func clearChanges() {
    changedBits.removeAll(keepingCapacity: true)
  }
}
