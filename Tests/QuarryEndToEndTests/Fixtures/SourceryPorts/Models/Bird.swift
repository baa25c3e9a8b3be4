import Foundation

protocol AutoRealm {}
protocol AutoEquatable {}
protocol AutoHashable {}
protocol AutoMockable {}

// sourcery: realmName = "BirdObject"
/// A bird seen in the field.
struct Bird: AutoRealm, AutoEquatable, AutoHashable, AutoMockable {
  // sourcery: primaryKey
  let id: String
  var name: String
  var wingspan: Double?
  var ringCount: Int = 0
  // sourcery: skipEquality, skipPersistence
  var thumbnail: Data?
  var seen = Date()
  var tags: [String]
  var kind: Kind
  var nest: Nest?  // sourcery: skipHashing
}
