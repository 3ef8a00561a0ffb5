/// Finds the known word closest to a misspelt one, for "did you mean …?" notes.
public enum NearestWord {
  /// The candidate with the smallest edit distance, if it is close enough to be a plausible
  /// typo (at most a third of the word's length, and at least 1). Ties go to the earlier one.
  public static func suggestion(for word: String, among candidates: [String]) -> String? {
    let typed = Array(word.unicodeScalars)
    guard !typed.isEmpty, typed.count <= 64 else { return nil }
    var best: (word: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(typed, Array(candidate.unicodeScalars))
      if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    guard let best else { return nil }
    let limit = max(2, (typed.count + 2) / 3)
    if best.distance <= limit { return best.word }
    // A prefix or an extension of a known word is worth suggesting too.
    return candidates.first { $0.hasPrefix(word) || word.hasPrefix($0) }
  }

  private static func editDistance(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar]) -> Int {
    var previous = Array(0...rhs.count)
    var current = previous
    for (i, left) in lhs.enumerated() {
      current[0] = i + 1
      for (j, right) in rhs.enumerated() {
        current[j + 1] = min(
          previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[rhs.count]
  }
}
