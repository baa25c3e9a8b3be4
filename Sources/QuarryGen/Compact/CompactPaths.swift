/// The file paths of a `CompactArray`'s locations, each kept once: a model's locations all
/// name a handful of files, and a path written into every element would be most of its bytes.
struct CompactPaths: Sendable {
  private(set) var paths: [String] = []
  private var numbers: [String: Int] = [:]

  /// The number of `path`, added when new.
  mutating func number(of path: String) -> Int {
    if let number = numbers[path] { return number }
    numbers[path] = paths.count
    paths.append(path)
    return paths.count - 1
  }
}
