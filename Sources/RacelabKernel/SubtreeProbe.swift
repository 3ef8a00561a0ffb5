/// Replays a prefix of choices and ends the run at the first choice point past it: all
/// ``Explorer/subtrees()`` needs to split the space is how many alternatives that point offers,
/// and a run that went on to its end would find nothing more for it.
///
/// The alternatives a run offers up to a point depend only on the choices made before it (the
/// property every depth-first search here replays on), so the counts this run records are
/// those of the whole run with the same prefix.
@usableFromInline
struct SubtreeProbe: SchedulingStrategy {
  /// The choices replayed.
  private let prefix: [Int]
  /// The alternatives each choice point offered, in order: the prefix's points, then the one
  /// past it, if the run reached one.
  @usableFromInline private(set) var alternatives: [Int] = []

  /// A probe of the point after `prefix`.
  @usableFromInline
  init(_ prefix: [Int]) {
    self.prefix = prefix
  }

  /// Done once the point after the prefix has been offered.
  @usableFromInline
  var isDone: Bool { alternatives.count > prefix.count }

  /// The prefix's choice at its points (the default where the point offers fewer
  /// alternatives), the default past it.
  @usableFromInline
  mutating func choose(_ point: ChoicePoint, state _: ObservedState?) -> Int {
    let position = alternatives.count
    alternatives.append(point.alternativeCount)
    guard position < prefix.count, prefix[position] < point.alternativeCount else { return 0 }
    return prefix[position]
  }
}
