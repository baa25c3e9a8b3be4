/// Suggestions for misspelled names, by Levenshtein distance.
enum EditDistance {
  /// The number of single-character insertions, deletions and substitutions from `a` to `b`.
  static func between(_ a: String, _ b: String) -> Int {
    let lhs = Array(a.unicodeScalars)
    let rhs = Array(b.unicodeScalars)
    if lhs.isEmpty { return rhs.count }
    if rhs.isEmpty { return lhs.count }
    var previous = Array(0...rhs.count)
    var current = [Int](repeating: 0, count: rhs.count + 1)
    for i in 1...lhs.count {
      current[0] = i
      for j in 1...rhs.count {
        let substitution = previous[j - 1] + (lhs[i - 1] == rhs[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[rhs.count]
  }

  /// The closest candidate within a distance of 3, the first one on ties; nil when none is.
  static func nearest(to name: String, in candidates: [String]) -> String? {
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = between(name.lowercased(), candidate.lowercased())
      if distance <= 3, distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.name
  }
}
