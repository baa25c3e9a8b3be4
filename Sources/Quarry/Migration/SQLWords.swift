/// Finds an identifier in SQL text the way SQLite would read it: as a whole word, bare or
/// quoted, ignoring ASCII case.
///
/// Used to refuse a trigger that still names a dropped column: a false match only refuses a
/// migration (naming the trigger), it never loses data.
enum SQLWords {
  static func contains(_ sql: String, word: String) -> Bool {
    let text = Array(SQLIdentifier.comparisonKey(sql).utf8)
    let target = Array(SQLIdentifier.comparisonKey(word).utf8)
    guard !target.isEmpty, text.count >= target.count else { return false }
    var start = 0
    while start + target.count <= text.count {
      if text[start] == target[0], Array(text[start..<start + target.count]) == target {
        let before = start == 0 ? nil : text[start - 1]
        let afterIndex = start + target.count
        let after = afterIndex < text.count ? text[afterIndex] : nil
        if !isIdentifierByte(before) && !isIdentifierByte(after) { return true }
      }
      start += 1
    }
    return false
  }

  /// Letters, digits, `_`, `$` and non-ASCII bytes continue an identifier.
  private static func isIdentifierByte(_ byte: UInt8?) -> Bool {
    guard let byte else { return false }
    return byte >= 0x80 || byte == 0x5F || byte == 0x24 || (0x30...0x39).contains(byte)
      || (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte)
  }
}
