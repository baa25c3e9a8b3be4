import Foundation
import Quarry

/// A sighting: a composite key written in another order than its properties are declared, a
/// struct-level unique index, a nested enum, a `let`, a user conformance to
/// `DatabaseValueConvertible` and a `json`-annotated dictionary.
// quarry: primaryKey = [day, birdID], unique = [day, observer]
struct Sighting: Sendable, Equatable {
  var birdID: UUID
  var day: Int
  let observer: String
  var weather: Weather
  var color: Color?
  // quarry: json
  var counts: [String: Int]

  enum Weather: Int, Sendable {
    case sunny, rainy
  }

  init(
    birdID: UUID, day: Int, observer: String, weather: Weather, color: Color?,
    counts: [String: Int]
  ) {
    self.birdID = birdID
    self.day = day
    self.observer = observer
    self.weather = weather
    self.color = color
    self.counts = counts
  }
}

/// A colour stored as `#rrggbb` text through its own conformance (BLOB affinity keeps it text).
struct Color: DatabaseValueConvertible, Equatable {
  var red: UInt8
  var green: UInt8
  var blue: UInt8

  func databaseValue() throws -> DatabaseValue {
    .text(
      "#"
        + [red, green, blue].map { byte in
          let hex = String(byte, radix: 16)
          return hex.count == 1 ? "0" + hex : hex
        }.joined())
  }

  static func decode(from value: DatabaseValue) throws -> Color {
    guard case .text(let text) = value, text.count == 7,
      let number = UInt32(text.dropFirst(), radix: 16)
    else { throw ValueConversionError(expected: "#rrggbb text", found: value) }
    return Color(
      red: UInt8(number >> 16 & 0xFF), green: UInt8(number >> 8 & 0xFF),
      blue: UInt8(number & 0xFF))
  }
}
