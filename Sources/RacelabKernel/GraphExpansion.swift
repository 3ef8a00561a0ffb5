/// The depth-first walk of one subtree of the state graph: one frame per choice point of the
/// current run past the subtree's prefix, each gathering the reach of the alternatives it has
/// finished.
///
/// **Partial-order reduction** (with `reduction`). At a same-instant choice, applying an
/// alternative that only adds a job to a lane's queue changes nothing else, so the state it
/// leads to is known without applying it (``SameInstantAlternatives``). Where that state is
/// already finished, its reach is the alternative's, and no run is needed: this is where the
/// orders of happenings that commute meet, `u` then `v` and `v` then `u` reaching one state,
/// and the second order is answered by the first, at any depth. With two alternatives left, no
/// choice follows within the batch; there the second is answered by the first when both only
/// add jobs, to different lanes (a sleep set: the second order is asleep once the first is
/// finished).
///
/// **Jobs that commute** (with or without `reduction`: this is the graph recognising one
/// state, not a reduction). Jobs that neither read what the other writes leave equal states
/// whichever runs first, but the lane that ran last differs, and the next lane-order point
/// offers the lanes from it. Keyed with the lanes offered from the lowest ready one, and kept
/// with what follows each lane (``StateGraph/Point``), that point is one state for both
/// orders: the second order stops there, answered by the first, its smallest schedules read in
/// its own order.
///
/// Every reach still counts every schedule, and the smallest schedules are the unreduced
/// space's, because each answer is the reach of an equal state at an equal point, or at a
/// lane-order point, the same lanes' reaches in the order the run offers them.
///
/// **Threads.** A walk claims each state it starts to expand (``StateGraph/claim(_:)``). A run
/// that meets a state another walk is expanding stops there, and its alternative waits until
/// the frame's others are done: by then the state is usually finished, and its reach is added.
/// If it is not, the walk expands it too (both get the same reach). Claims change which walk
/// does the work, never a reach.
struct GraphExpansion {
  private struct Frame {
    var alternatives: Int
    var choice: Int
    var point: StateGraph.Point?
    var gathered = Reach()
    /// At a lane-order point: what follows each alternative, for the graph to keep per lane.
    var continuations: [Reach?] = []
    /// At a same-instant point: what each alternative enqueues and the state it leads to.
    var batch: BatchPoint?
    /// The first alternative not yet taken up (those before it are finished, current or
    /// deferred).
    var cursor = 0
    /// Alternatives whose next state another walk was expanding, with that state's key, to
    /// take up again once the others are done.
    var deferred: [(alternative: Int, next: StateGraph.Point?)] = []
    /// What follows the first alternative, once finished, at a point of two alternatives.
    var firstContinuation: Reach?

    /// Records what follows `alternative`.
    mutating func finish(_ alternative: Int, continuation: Reach) {
      gathered.add(continuation.taking(alternative))
      if point?.rotation != nil {
        if continuations.isEmpty { continuations = Array(repeating: nil, count: alternatives) }
        continuations[alternative] = continuation
      }
      if alternative == 0 && alternatives == 2 { firstContinuation = continuation }
    }

    /// What follows each alternative of a finished lane-order point (empty at other points).
    var finishedContinuations: [Reach] {
      let known = continuations.compactMap { $0 }
      precondition(
        known.count == continuations.count,
        "a lane-order point is finished only when every alternative is")
      return known
    }

    /// Whether `first` and `second` only add jobs, to different lanes.
    func commute(_ first: Int, _ second: Int) -> Bool {
      guard let lanes = batch?.enqueuing, let one = lanes[first], let other = lanes[second]
      else { return false }
      return one != other
    }
  }

  private let prefix: [Int]
  private let reduction: Bool
  private var frames: [Frame] = []
  private var done = false
  /// Whether the next run takes up a deferred alternative, and expands its state even if
  /// another walk is still expanding it.
  private var insisting = false
  /// What the schedules covered so far reach, from the end of the prefix: all of the subtree
  /// once ``nextForced`` is `nil`.
  private(set) var covered = Reach()

  init(prefix: [Int], reduction: Bool) {
    self.prefix = prefix
    self.reduction = reduction
  }

  /// The choices the next run must make, or `nil` when the subtree is finished.
  var nextForced: [Int]? {
    done ? nil : prefix + frames.map(\.choice)
  }

  /// The part of the subtree the walk has finished, estimated from its frames' choices
  /// (``SubtreeProgress``).
  var coveredFraction: Double {
    guard !done else { return 1 }
    return SubtreeProgress.covered(
      through: ArraySlice(frames.map(\.choice)), of: frames.map(\.alternatives), from: 0,
      includingLeaf: false)
  }

  /// The position at which the next run expands its state whoever else is expanding it: the
  /// first past its forced choices when it takes up a deferred alternative, or when it starts
  /// the subtree (no frame to defer in).
  var insistAt: Int? {
    insisting || frames.isEmpty ? prefix.count + frames.count : nil
  }

  /// Takes in one run: pushes a frame for each new choice point, then hands the run's reach
  /// back through the frames that have no alternative left, recording each finished state.
  /// Returns `false` when the graph is full (the covered part is then kept, incomplete).
  mutating func absorb(_ run: GraphStrategy, findings: RunFindings, graph: StateGraph) -> Bool {
    // A graph filled during the run (by the values of the states it claimed) keeps no more.
    if graph.isFull {
      stop()
      return false
    }
    let start = prefix.count + frames.count
    let end = run.finished?.position ?? run.deferred ?? run.steps.count
    for step in run.steps[start..<max(start, end)] {
      var frame = Frame(
        alternatives: step.alternatives, choice: step.choice, point: step.point,
        batch: step.batch)
      frame.cursor = frame.choice + 1
      if let answered = frame.batch?.answered {
        frame.cursor = max(frame.cursor, answered.count)
        for (alternative, reach) in answered.enumerated() where alternative != frame.choice {
          frame.finish(alternative, continuation: reach)
        }
      }
      frames.append(frame)
    }
    insisting = false
    if let position = run.deferred {
      guard let last = frames.indices.last else {
        preconditionFailure("a run defers only below a frame of its walk (see insistAt)")
      }
      // Taken up again once the frame's other alternatives are done; by then another walk
      // may have finished the state, and the frame with it.
      frames[last].deferred.append((frames[last].choice, run.steps[position].point))
      return fold(nil, graph: graph)
    }
    let reach =
      run.finished?.reach
      ?? Reach(entries: [.init(outcome: graph.outcome(of: findings), count: 1, smallest: [])])
    return fold(reach, graph: graph)
  }

  /// Hands `reach`, what follows the deepest frame's choice (`nil` when that choice was
  /// deferred), back up the frames: each frame takes it in and moves on to its next alternative
  /// that needs a run; a frame with none left is finished and recorded. Returns `false` when
  /// the graph is full.
  private mutating func fold(_ reach: Reach?, graph: StateGraph) -> Bool {
    var reach = reach
    while !frames.isEmpty {
      let last = frames.count - 1
      if let reach { frames[last].finish(frames[last].choice, continuation: reach) }
      if moveOn(last, graph: graph) { return true }
      let frame = frames.removeLast()
      if let point = frame.point,
        !graph.finish(point, reach: frame.gathered, continuations: frame.finishedContinuations)
      {
        frames.append(frame)
        stop()
        return false
      }
      reach = frame.gathered
    }
    covered = reach ?? Reach()
    done = true
    return true
  }

  /// Moves frame `index` on to its next alternative that needs a run, answering on the way
  /// those whose next state is finished; `false` when none is left.
  private mutating func moveOn(_ index: Int, graph: StateGraph) -> Bool {
    while frames[index].cursor < frames[index].alternatives {
      let next = frames[index].cursor
      frames[index].cursor += 1
      if let continuation = answer(next, in: index, graph: graph) {
        frames[index].finish(next, continuation: continuation)
        continue
      }
      frames[index].choice = next
      return true
    }
    while !frames[index].deferred.isEmpty {
      let (next, state) = frames[index].deferred.removeFirst()
      if let state, let continuation = graph.reach(at: state) {
        frames[index].finish(next, continuation: continuation)
        continue
      }
      frames[index].choice = next
      insisting = true
      return true
    }
    return false
  }

  /// What follows `alternative` of frame `index`, when it is known without a run.
  private func answer(_ alternative: Int, in index: Int, graph: StateGraph) -> Reach? {
    guard reduction else { return nil }
    let frame = frames[index]
    if let successor = frame.batch?.successor(alternative) {
      return graph.reach(at: successor)
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
  /// The key of the state an alternative leads to, when that is known without a run. Computed
  /// when asked, from the one state the point keeps: a batch of `k` happenings in a state of
  /// `n` values would otherwise hold `k` states of `n` values each.
  let successor: (Int) -> StateGraph.Point?
  /// The reaches of the leading alternatives whose next state was finished when the run met
  /// the point.
  var answered: [Reach] = []
}
