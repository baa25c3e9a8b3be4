import Foundation

// A UUID is stored as its canonical 36-character TEXT form, readable in any SQLite tool and
// consistent with how it is printed in Swift. A 16-byte BLOB written by other tools is accepted
// when reading.

extension UUID: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { .text(uuidString) }

  public static func decode(from value: DatabaseValue) throws -> UUID {
    switch value {
    case .text(let text):
      guard let uuid = UUID(uuidString: text) else {
        throw ValueConversionError("TEXT '\(text)' is not a UUID")
      }
      return uuid
    case .blob(let data) where data.count == 16:
      let bytes = [UInt8](data)
      return UUID(
        uuid: (
          bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
          bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
    default:
      throw ValueConversionError(expected: "TEXT UUID", found: value)
    }
  }
}
