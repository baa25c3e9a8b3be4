import Foundation

// sourcery: realmName = "NestObject", mockID = 7
struct Nest: AutoRealm, AutoEquatable, AutoMockable {
  // sourcery: primaryKey
  let id: Int
  var height: Double
  // sourcery:begin: skipHashing, skipEquality
  var notes: String?
  var builtAt: Date?
  // sourcery:end
  var isOccupied = false
}

enum Kind: String, AutoEquatable {
  case songbird
  case raptor = "bird of prey"
  case wader
}

enum Sighting: AutoEquatable {
  case heard(Bird)
  case seen(bird: Bird, distance: Double)
  case missed
}
