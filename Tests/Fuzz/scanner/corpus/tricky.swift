/* outer /* nested */ still comment */
// quarry: table = "t\tb", index = [a, b], unique = [b]
public struct Tricky: Sendable {
  // quarry: primaryKey, autoincrement
  var id: Int64?
  // quarry: column = "the \"name\"", default = "x\u{E9}"
  var name: String = #"raw "string" \(no)"#
  var multi: String = """
    line \(1 + 2) "quoted"
    """
  #if os(Linux)
  var linuxOnly: Int = 0
  #endif
  @Wrapped var wrapped: Int = 1
  var tags: [String: [Int?]]?
  lazy var lazy: Int = 1
  let constant: Double
  var computed: Int { 1 }
  var regex = /a+b/
  enum Kind: String { case a, b = "B" }
  var kind: Kind
  var `class`: Int
  var note: String?
}
extension Tricky { struct Inner { var x: Int } }
