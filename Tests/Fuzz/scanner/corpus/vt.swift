// quarry: persist
struct A: Sendable {
  var id: UUID
  var v: String?
  // quarry: json
  var j: [Int]
  // quarry: references = A
  var parent: UUID?
}
