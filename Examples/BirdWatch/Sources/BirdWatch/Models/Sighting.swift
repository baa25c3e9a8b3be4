import Foundation

/// One bird seen by one observer on one day: a composite key and two foreign keys.
// quarry: table = "sightings", primaryKey = [birdID, observerID, day]
struct Sighting: Sendable, Equatable {
  // quarry: references = Bird
  var birdID: UUID
  // quarry: references = Observer
  var observerID: Int64
  /// The day as `yyyymmdd`.
  var day: Int
  // quarry: default = 1
  var count: Int
  var weather: Weather
  var note: String?

  enum Weather: Int, Sendable {
    case sunny, cloudy, rainy
  }
}
