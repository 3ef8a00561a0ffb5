/// Replays a prefix of choices, takes the default past it, and ends the run at the second choice
/// point past the prefix: what ``Explorer/subtrees()`` needs to split the space is how many
/// alternatives the point after the prefix offers, and after the prefix extended by its default
/// (the first alternative), whose run is this same run.
///
/// The alternatives a run offers up to a point depend only on the choices made before it (the
/// property every depth-first search here replays on), so the counts this run records are
/// those of the whole run with the same prefix.
///
/// It notes the state at each point it meets: a probe that ran to the end without meeting a
/// point past its prefix made the subtree's only run (``LeafRun``).
@usableFromInline
struct SubtreeProbe: SchedulingStrategy {
  /// The choices replayed.
  private let prefix: [Int]
  /// The alternatives each choice point offered, in order: the prefix's points, then those past
  /// it that the run reached.
  @usableFromInline private(set) var alternatives: [Int] = []
  /// The states met at the points, every attempt's.
  @usableFromInline let met = MetStates()

  /// A probe of the two points after `prefix`.
  @usableFromInline
  init(_ prefix: [Int]) {
    self.prefix = prefix
  }

  /// Done once the second point after the prefix has been offered. A run that ends before
  /// that was never asked to stop: it ran to its end, and ``alternatives`` are all it offers.
  @usableFromInline
  var isDone: Bool { alternatives.count > prefix.count + 1 }

  /// Notes the state at each point.
  @usableFromInline
  var observesState: Bool { true }

  /// After the run: whether it tells what the point after the first `depth` choices of the run
  /// offers, either because the run reached that point or because it ended before it.
  @usableFromInline
  func tells(pointAfter depth: Int) -> Bool { depth < alternatives.count || !isDone }

  /// After the run: whether the run with the first `depth` choices of this one meets no point
  /// past them, so that it is the only run of the subtree there.
  @usableFromInline
  func isLeaf(at depth: Int) -> Bool { !isDone && alternatives.count == depth }

  /// After the run: how many alternatives the point after the first `depth` choices offers;
  /// `nil` when the run has no such point. Meaningful only where ``tells(pointAfter:)``.
  @usableFromInline
  func alternatives(after depth: Int) -> Int? {
    depth < alternatives.count ? alternatives[depth] : nil
  }

  /// The prefix's choice at its points (the default where the point offers fewer
  /// alternatives), the default past it.
  @usableFromInline
  mutating func choose(_ point: ChoicePoint, state: ObservedState?) -> Int {
    if let state { met.insert(StateAtChoice(point: point, state: state)) }
    let position = alternatives.count
    alternatives.append(point.alternativeCount)
    guard position < prefix.count, prefix[position] < point.alternativeCount else { return 0 }
    return prefix[position]
  }
}
