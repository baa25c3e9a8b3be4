// A Character is stored as the TEXT of its one extended grapheme cluster, so `"é"` written as
// one or two scalars and `"👍🏽"` each stay one value. Reading TEXT that is empty or holds more
// than one Character is an error rather than a silent truncation to the first one.

extension Character: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { .text(String(self)) }

  public static func decode(from value: DatabaseValue) throws -> Character {
    guard case .text(let text) = value else {
      throw ValueConversionError(expected: "TEXT of one character", found: value)
    }
    guard let character = text.first, text.dropFirst().isEmpty else {
      throw ValueConversionError(
        "expected TEXT of one character, found \(text.count) characters")
    }
    return character
  }

  @inlinable
  public static func decode(from row: Row, at index: Int32) throws -> Character {
    if let text = try row.text(at: index, expectedType: "Character"), let character = text.first,
      text.dropFirst().isEmpty
    {
      return character
    }
    return try row.decodeThroughValue(at: index)  // throws, naming table, column and row
  }
}
