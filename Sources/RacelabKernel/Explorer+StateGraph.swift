extension Explorer {
  /// Explores every schedule that starts with `prefix` as a graph of states: each state the
  /// run can be in at a choice point is expanded once, in `graph`, which subtrees and threads
  /// share; where a run meets a state already finished, that state's reach is added instead of
  /// its subtree. The tally's counts are those of the unreduced space (every schedule counted
  /// once, saturating at `Int.max`), its smallest schedules are the smallest of the unreduced
  /// space, and its ``ExplorationTally/runs`` says how many runs it took.
  ///
  /// At most `budget` runs; after each, `onRun` gets the count so far and says whether to go on.
  /// Stopping early, or a full graph, leaves the tally incomplete, with what was covered.
  public func exploreGraph(
    prefix: [Int], graph: StateGraph, budget: Int? = nil, onRun: (Int) -> Bool = { _ in true }
  ) -> ExplorationTally {
    var expansion = GraphExpansion(prefix: prefix)
    var runs = 0
    var complete = true
    while let forced = expansion.nextForced {
      if let budget, runs >= budget {
        expansion.stop()
        complete = false
        break
      }
      let (result, strategy) = start.simulate(
        profile: profile,
        strategy: GraphStrategy(forced: forced, graph: graph), tracing: false)
      runs += 1
      guard expansion.absorb(strategy, result: result, graph: graph) else {
        complete = false
        break
      }
      guard expansion.nextForced == nil || onRun(runs) else {
        expansion.stop()
        complete = false
        break
      }
    }
    var tally = ExplorationTally()
    tally.runs = runs
    tally.complete = complete
    for entry in expansion.covered.entries {
      let (summary, violations) = graph.outcome(at: entry.outcome)
      var deviations = prefix.enumerated().map {
        Schedule.Deviation(position: $0.offset, alternative: $0.element)
      }
      deviations += entry.smallest.map {
        Schedule.Deviation(position: $0.position &+ prefix.count, alternative: $0.alternative)
      }
      tally.add(
        ExplorationOutcome(
          summary: summary, violations: violations, count: entry.count,
          schedule: Schedule(deviations: deviations)))
    }
    return tally
  }
}

/// The depth-first walk of one subtree of the state graph: one frame per choice point of the
/// current run past the subtree's prefix, each gathering the reach of the alternatives it has
/// finished.
struct GraphExpansion {
  private struct Frame {
    var alternatives: Int
    var choice = 0
    var key: StateGraph.Key?
    var gathered = Reach()
  }

  private let prefix: [Int]
  private var frames: [Frame] = []
  private var done = false
  /// What the schedules covered so far reach, from the end of the prefix: all of the subtree
  /// once ``nextForced`` is `nil`.
  private(set) var covered = Reach()

  init(prefix: [Int]) {
    self.prefix = prefix
  }

  /// The choices the next run must make, or `nil` when the subtree is finished.
  var nextForced: [Int]? {
    done ? nil : prefix + frames.map(\.choice)
  }

  /// Takes in one run: pushes a frame for each new choice point, then hands the run's reach
  /// back through the frames that have no alternative left, recording each finished state.
  /// Returns `false` when the graph is full (the covered part is then kept, incomplete).
  mutating func absorb(_ run: GraphStrategy, result: SimulationResult, graph: StateGraph) -> Bool {
    let start = prefix.count + frames.count
    let end = run.finished?.position ?? run.choices.count
    for position in start..<max(start, end) {
      frames.append(Frame(alternatives: run.alternatives[position], key: run.keys[position]))
    }
    var reach =
      run.finished?.reach
      ?? Reach(entries: [.init(outcome: graph.outcome(of: result), count: 1, smallest: [])])
    while !frames.isEmpty {
      let last = frames.count - 1
      frames[last].gathered.add(reach.taking(frames[last].choice))
      guard frames[last].choice + 1 >= frames[last].alternatives else {
        frames[last].choice += 1
        return true
      }
      let frame = frames.removeLast()
      if let key = frame.key, !graph.finish(key, reach: frame.gathered) {
        frames.append(frame)
        stop()
        return false
      }
      reach = frame.gathered
    }
    covered = reach
    done = true
    return true
  }

  /// Ends the walk before the subtree is finished: ``covered`` becomes what the frames have
  /// gathered, folded down to the prefix's end.
  mutating func stop() {
    var reach = Reach()
    for frame in frames.reversed() {
      var gathered = frame.gathered
      gathered.add(reach.taking(frame.choice))
      reach = gathered
    }
    covered = reach
    done = true
  }
}
