import Foundation

// A URL is stored as the TEXT of its absolute string.

extension URL: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { .text(absoluteString) }

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
