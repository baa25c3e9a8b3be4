/// A struct of another file that `Edition.Meta` holds twice (`author`, `editor`): its paths
/// are generated once, in the file of the first table that reaches it.
struct Contributor: Codable, Equatable, Sendable {
  var name: String
  var born: Int?
}
