/// The only run of a subtree, made by ``Explorer/subtrees()``'s probe before the subtree is
/// explored: a run that meets no choice point past its prefix is the whole subtree, and the
/// exhaustive tree takes it in (``TreeSearch/absorb(_:)``) instead of running it again.
@usableFromInline
struct LeafRun: Sendable {
  /// What the run found.
  let findings: RunFindings
  /// The alternatives each of its choice points offered (all of them the prefix's).
  let alternatives: [Int]
  /// The distinct states it met at its choice points, in the order first met
  /// (``MetStates``).
  let states: [MetStates.Met]

  /// The run `probe` made, which found `findings`.
  @usableFromInline
  init(_ probe: SubtreeProbe, findings: RunFindings) {
    self.findings = findings
    self.alternatives = probe.alternatives
    self.states = probe.met.inOrder
  }
}

/// The states one run met at its choice points, each once, in the order first met. Shared by
/// reference between the attempts of a run that starts again (``ScenarioStart``), so it keeps
/// what the earlier attempts met, as the exhaustive tree's seen states do.
@usableFromInline
final class MetStates {
  /// A state met: its hash (what a tally counts) and its footprint (what the state memory
  /// limit counts).
  @usableFromInline
  struct Met: Sendable {
    let hash: Int
    let footprint: Int
  }

  private var seen = Set<StateAtChoice>()
  /// The states, in the order first met.
  private(set) var inOrder: [Met] = []

  @usableFromInline
  init() {}

  /// Notes `state`, unless it was met before.
  func insert(_ state: StateAtChoice) {
    guard seen.insert(state).inserted else { return }
    inOrder.append(Met(hash: state.hashValue, footprint: state.footprint))
  }
}
