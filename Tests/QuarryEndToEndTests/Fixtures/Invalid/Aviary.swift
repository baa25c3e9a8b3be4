import Foundation

// Every kind of mistake in one run: all of them must be reported, not only the first.
// quarry: tabel = "aviaries"
struct Aviary {
  var name: String
  var perch: Perch
  // quarry: autoincrement
  var code: String
  let capacity = 12
}

// quarry: persist
struct Perch {
  var id: Int
  // quarry: references = Aviari
  var aviaryID: Int
  // quarry: column = "height"
  var heightInCentimetres: Int
  var height: Double
  var onUpdate: () -> Void
}

// quarry: persist
struct Feeder {
  var seed: String
}
