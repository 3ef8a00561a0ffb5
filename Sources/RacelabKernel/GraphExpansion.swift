/// The depth-first walk of one subtree of the state graph: one frame per choice point of the
/// current run past the subtree's prefix, each gathering the reach of the alternatives it has
/// finished.
///
/// **Partial-order reduction** (with `lookahead`). At a same-instant choice, applying an
/// alternative that only adds a job to a lane's queue changes nothing else, so the state it
/// leads to is known without applying it (``SameInstantAlternatives``). Where that state is
/// already finished, its reach is the alternative's, and no run is needed: this is where the
/// orders of happenings that commute meet, `u` then `v` and `v` then `u` reaching one state,
/// and the second order is answered by the first, at any depth. With two alternatives left, no
/// choice follows within the batch; there the second is answered by the first when both only
/// add jobs, to different lanes (a sleep set: the second order is asleep once the first is
/// finished). Every reach still counts every schedule, and the smallest schedules are the
/// unreduced space's, because each answer is the reach of an equal state at an equal point.
struct GraphExpansion {
  private struct Frame {
    var alternatives: Int
    var choice: Int
    var key: StateGraph.Key?
    var gathered = Reach()
    /// At a same-instant point: what each alternative enqueues and the state it leads to.
    var batch: BatchPoint?
    /// How many leading alternatives were answered when the frame was made.
    var settled = 0
    /// What follows the first alternative, once finished, at a point of two alternatives.
    var firstContinuation: Reach?

    /// Records what follows `alternative`.
    mutating func finish(_ alternative: Int, continuation: Reach) {
      gathered.add(continuation.taking(alternative))
      if alternative == 0 && alternatives == 2 { firstContinuation = continuation }
    }

    /// Whether `first` and `second` only add jobs, to different lanes.
    func commute(_ first: Int, _ second: Int) -> Bool {
      guard let lanes = batch?.enqueuing, let one = lanes[first], let other = lanes[second]
      else { return false }
      return one != other
    }
  }

  private let prefix: [Int]
  private let lookahead: Bool
  private var frames: [Frame] = []
  private var done = false
  /// What the schedules covered so far reach, from the end of the prefix: all of the subtree
  /// once ``nextForced`` is `nil`.
  private(set) var covered = Reach()

  init(prefix: [Int], lookahead: Bool) {
    self.prefix = prefix
    self.lookahead = lookahead
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
      var frame = Frame(
        alternatives: run.alternatives[position], choice: run.choices[position],
        key: run.keys[position], batch: run.batches[position])
      if let answered = frame.batch?.answered {
        frame.settled = answered.count
        for (alternative, reach) in answered.enumerated() where alternative != frame.choice {
          frame.finish(alternative, continuation: reach)
        }
      }
      frames.append(frame)
    }
    let reach =
      run.finished?.reach
      ?? Reach(entries: [.init(outcome: graph.outcome(of: result), count: 1, smallest: [])])
    return fold(reach, graph: graph)
  }

  /// Hands `reach`, what follows the deepest frame's choice, back up the frames: each frame
  /// takes it in and moves on to its next alternative that needs a run; a frame with none left
  /// is finished and recorded. Returns `false` when the graph is full.
  private mutating func fold(_ reach: Reach, graph: StateGraph) -> Bool {
    var reach = reach
    while !frames.isEmpty {
      let last = frames.count - 1
      frames[last].finish(frames[last].choice, continuation: reach)
      if moveOn(last, graph: graph) { return true }
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

  /// Moves frame `index` on to its next alternative that needs a run, answering on the way
  /// those whose next state is finished; `false` when none is left.
  private mutating func moveOn(_ index: Int, graph: StateGraph) -> Bool {
    var next = max(frames[index].choice + 1, frames[index].settled)
    while next < frames[index].alternatives {
      if let continuation = answer(next, in: index, graph: graph) {
        frames[index].finish(next, continuation: continuation)
        next += 1
        continue
      }
      frames[index].choice = next
      return true
    }
    return false
  }

  /// What follows `alternative` of frame `index`, when it is known without a run.
  private func answer(_ alternative: Int, in index: Int, graph: StateGraph) -> Reach? {
    guard lookahead else { return nil }
    let frame = frames[index]
    if let successor = frame.batch?.successors[alternative] {
      return graph.reach(of: successor)
    }
    guard frame.alternatives == 2, alternative == 1, frame.commute(0, 1) else { return nil }
    return frame.firstContinuation
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

/// A same-instant choice point as the state graph's walk keeps it.
struct BatchPoint {
  /// For each alternative, the lane it only adds a job to (`nil` where it can do more).
  var enqueuing: [LaneID?]
  /// For each alternative, the key of the state it leads to, when that is known without a run.
  var successors: [StateGraph.Key?]
  /// The reaches of the leading alternatives whose next state was finished when the run met
  /// the point.
  var answered: [Reach] = []
}
