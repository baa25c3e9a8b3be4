/// Edit distance between names, for "did you mean 'x'?" suggestions in every stage.
///
/// Uses the optimal string alignment distance: insertions, deletions, substitutions and
/// transpositions of two neighbours each cost 1, so `fro` is one edit away from `for`.
///
/// ```swift
/// EditDistance.between("fro", "for")                        // 1
/// EditDistance.suggestion(for: "uppercas", among: ["uppercase", "lowercase"])  // "uppercase"
/// ```
public enum EditDistance {
  /// The largest distance for which a suggestion is still offered.
  public static let suggestionLimit = 3

  /// The optimal string alignment distance between two strings, counted in characters.
  ///
  /// - Complexity: O(`lhs.count` × `rhs.count`); only called on the error path.
  public static func between(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs)
    let b = Array(rhs)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousRow = [Int](repeating: 0, count: b.count + 1)
    var row = Array(0...b.count)
    var result = 0
    for i in 1...a.count {
      let beforePrevious = previousRow
      previousRow = row
      row = [Int](repeating: 0, count: b.count + 1)
      row[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          best = min(best, beforePrevious[j - 2] + 1)
        }
        row[j] = best
      }
      result = row[b.count]
    }
    return result
  }

  /// The candidate nearest to `name` within `maxDistance` edits, or nil.
  ///
  /// Ties go to the candidate that sorts first, so suggestions are deterministic. A candidate
  /// is never suggested when every character would have to change (`x` → `y`).
  public static func suggestion(
    for name: String, among candidates: some Sequence<String>,
    maxDistance: Int = suggestionLimit
  ) -> String? {
    var best: (distance: Int, name: String)?
    for candidate in candidates where candidate != name {
      let distance = between(name, candidate)
      guard distance <= maxDistance, distance < max(name.count, candidate.count) else { continue }
      if let current = best,
        (current.distance, current.name) <= (distance, candidate)
      {
        continue
      }
      best = (distance, candidate)
    }
    return best?.name
  }
}
