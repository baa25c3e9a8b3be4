/// Converts between a value type and its change-tracked record class.
///
/// ```swift
/// let record = BirdTranslator.record(from: bird)    // mutable, tracks changes
/// record.wingspan = 0.25
/// let updated = BirdTranslator.value(from: record)  // a Sendable struct again
/// ```
public protocol Translator {
  /// The struct side.
  associatedtype Value: TableRecord
  /// The record side.
  associatedtype RecordType: PersistableRecord where RecordType.Value == Value

  /// A new record holding `value`'s fields, with no changes marked.
  static func record(from value: Value) -> RecordType

  /// A struct holding the record's current fields.
  static func value(from record: RecordType) -> Value
}
