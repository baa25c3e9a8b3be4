import Foundation

/// Stores values as property lists, XML or binary, with `PropertyListEncoder`.
///
/// XML is the seed's "XML instead of JSON"; binary is smaller and faster to parse. Both round
/// trip every value exactly:
/// - XML's `<date>` holds whole seconds only, so a `Date` with a fraction of a second (or far
///   outside the years 1–9999) is written as `<dict><key>quarry:date</key><real>…</real></dict>`
///   holding its exact `timeIntervalSinceReferenceDate`; whole-second dates stay `<date>`.
/// - Property lists cannot hold a bare string or number at the top level, so such a value is
///   wrapped in a one-element array (`KeyedStore(…).create(id: "name", item: "Robin")` works).
///
/// ```swift
/// let xml = PropertyListDataTransformer(format: .xml)
/// let data = try xml.encode(bird)          // <?xml version="1.0" …><plist …><dict>…
/// let copy = try xml.decode(Bird.self, from: data)
/// ```
public struct PropertyListDataTransformer: DataTransformer {
  /// The two property list formats `PropertyListEncoder` writes.
  public enum Format: Sendable, Hashable {
    /// Human-readable XML.
    case xml
    /// Apple's compact binary format (`bplist00`).
    case binary
  }

  /// The format written; reading accepts either.
  public var format: Format

  /// Makes a property list transformer.
  public init(format: Format = .xml) {
    self.format = format
  }

  public var fileExtension: String { "plist" }

  /// The key of the dictionary that stands for an exact date in XML.
  static let dateKey = "quarry:date"

  public func encode<Value: Encodable>(_ value: Value) throws -> Data {
    let encoder = PropertyListEncoder()
    // Binary first: it keeps dates exact, and the XML form is made from its tree.
    encoder.outputFormat = .binary
    let binary: Data
    do {
      binary = try encoder.encode(value)
    } catch EncodingError.invalidValue(_, let context) where context.codingPath.isEmpty {
      // A top-level string, number, date or data: "encoded as a property list fragment".
      binary = try encoder.encode([value])
    }
    guard format == .xml else { return binary }
    let tree = try PropertyListSerialization.propertyList(from: binary, format: nil)
    return try PropertyListSerialization.data(
      fromPropertyList: Self.replacingInexactDates(in: tree), format: .xml, options: 0)
  }

  public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
    let decoder = PropertyListDecoder()
    do {
      return try decoder.decode(type, from: data)
    } catch {
      // Exact dates or a wrapped top-level value: rebuild the plain tree, then decode again.
      guard let tree = try? PropertyListSerialization.propertyList(from: data, format: nil)
      else { throw error }
      let restored = try PropertyListSerialization.data(
        fromPropertyList: Self.restoringDates(in: tree), format: .binary, options: 0)
      if let value = try? decoder.decode(type, from: restored) { return value }
      guard let wrapped = try? decoder.decode([Value].self, from: restored), wrapped.count == 1
      else { throw error }
      return wrapped[0]
    }
  }

  /// Whether XML's `<date>` (whole seconds, years 1–9999) holds `date` exactly.
  private static func fitsXMLDate(_ date: Date) -> Bool {
    let seconds = date.timeIntervalSinceReferenceDate
    // 0001-01-01 and 9999-12-31 in seconds since 2001.
    return seconds.rounded() == seconds && seconds >= -63_113_904_000 && seconds < 252_423_993_600
  }

  private static func replacingInexactDates(in tree: Any) -> Any {
    switch tree {
    case let date as Date where !fitsXMLDate(date):
      return [dateKey: date.timeIntervalSinceReferenceDate] as [String: Any]
    case let array as [Any]:
      return array.map(replacingInexactDates)
    case let dictionary as [AnyHashable: Any]:
      return dictionary.mapValues(replacingInexactDates)
    default:
      return tree
    }
  }

  private static func restoringDates(in tree: Any) -> Any {
    switch tree {
    case let array as [Any]:
      return array.map(restoringDates)
    case let dictionary as [AnyHashable: Any]:
      if dictionary.count == 1, let seconds = dictionary[dateKey] as? Double {
        return Date(timeIntervalSinceReferenceDate: seconds)
      }
      return dictionary.mapValues(restoringDates)
    default:
      return tree
    }
  }
}
