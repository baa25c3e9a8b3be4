/// Joins several generated Swift files into one: imports gathered and sorted at the top, then
/// each file's body in path order. Used by the build tool plugin, which must name its output
/// files before anything is scanned.
///
/// ```swift
/// let combined = SwiftFileCombiner.combine(["import Quarry\n\nextension A {}\n",
///                                            "import Foundation\n\nextension B {}\n"])
/// // "import Foundation\nimport Quarry\n\nextension A {}\n\nextension B {}\n"
/// ```
public enum SwiftFileCombiner {
  public static func combine(_ bodies: [String]) -> String {
    var imports: Set<String> = []
    var parts: [String] = []
    for body in bodies {
      var lines = body.split(separator: "\n", omittingEmptySubsequences: false)[...]
      while let first = lines.first,
        first.hasPrefix("import ") || first.trimmingCharacters(in: " \t").isEmpty
      {
        if first.hasPrefix("import ") { imports.insert(String(first)) }
        lines = lines.dropFirst()
      }
      let rest = lines.joined(separator: "\n")
      if !rest.isEmpty { parts.append(rest) }
    }
    let header = imports.sorted().joined(separator: "\n")
    return GeneratedText.tidy(([header] + parts).joined(separator: "\n\n"))
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> Substring {
    drop { set.contains($0) }
  }
}
