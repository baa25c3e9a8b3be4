import Foundation

// A URL is stored as the TEXT of its absolute string, and only when that text reads back as an
// equal URL: otherwise it is refused, so a fetched URL is always `==` to the stored one.
//
// A URL with a base (`URL(string: "b", relativeTo: base)`, or `URL(fileURLWithPath:)` of a
// relative path, whose base is the current directory) is refused: its text alone cannot bring
// the base back, and storing two parts would make the column unreadable and unsortable in SQL.
// The caller chooses what to keep: `url.absoluteURL` (the resolved address, which round-trips),
// or the relative string in a `String` column.

extension URL: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue {
    if let baseURL {
      throw ValueConversionError(
        "the URL '\(relativeString)' relative to '\(baseURL.absoluteString)' cannot be "
          + "stored without losing its base; store its 'absoluteURL' ('\(absoluteString)')")
    }
    let text = absoluteString
    guard URL(string: text) == self else {
      throw ValueConversionError("the URL '\(text)' does not read back as an equal URL")
    }
    return .text(text)
  }

  public static func decode(from value: DatabaseValue) throws -> URL {
    guard case .text(let text) = value else {
      throw ValueConversionError(expected: "TEXT URL", found: value)
    }
    guard let url = URL(string: text) else {
      throw ValueConversionError("TEXT '\(text)' is not a URL")
    }
    return url
  }
}
