/// The state graph's strategy: replays forced choices, then takes the default, noting each
/// point's alternatives and state; stops observing at the first state the graph has finished.
///
/// A lane-order point is keyed with its lanes offered from the lowest ready one, so that jobs
/// that commute meet at one state whichever ran last (``StateGraph/Point``). With `reduction`
/// (partial-order reduction, ``GraphExpansion``), at a new same-instant point it takes the first
/// alternative whose next state is not known to be finished, and notes the reach of those before
/// it.
public struct GraphStrategy: SchedulingStrategy {
  /// One choice point of the run, as the walk takes it in.
  struct Step {
    var choice: Int
    var alternatives: Int
    /// The point's state in the graph, at or after the forced points where the kernel gave it.
    var point: StateGraph.Point?
    /// At a same-instant point at or after the forced ones: what its alternatives lead to.
    var batch: BatchPoint?
  }

  let forced: [Int]
  let graph: StateGraph
  let reduction: Bool
  /// The position at which the run expands a state even if another walk is expanding it.
  let insistAt: Int?
  var steps: [Step] = []
  /// The first point past the forced ones at a finished state, and that state's reach.
  var finished: (position: Int, reach: Reach)?
  /// The first point past the forced ones at a state another walk is expanding: the walk
  /// tries that alternative again later, when the state may be finished.
  var deferred: Int?

  init(forced: [Int], graph: StateGraph, reduction: Bool, insistAt: Int?) {
    self.forced = forced
    self.graph = graph
    self.reduction = reduction
    self.insistAt = insistAt
    // The forced points and a few past them: growing the array step by step cost more.
    steps.reserveCapacity(forced.count &+ 8)
  }

  /// Observes states past the forced choices until the run is done or the graph is full.
  public var observesState: Bool { !isDone && steps.count >= forced.count && !graph.isFull }

  /// Done at a finished state (what follows is its reach) or at one being expanded elsewhere.
  public var isDone: Bool { finished != nil || deferred != nil }

  public mutating func choose(_ point: ChoicePoint, state: ObservedState?) -> Int {
    choose(point, state: state, offered: nil)
  }

  public mutating func choose(
    _ point: ChoicePoint, state: ObservedState, alternatives: SameInstantAlternatives
  ) -> Int {
    choose(point, state: state, offered: alternatives)
  }

  private mutating func choose(
    _ point: ChoicePoint, state: ObservedState?, offered: SameInstantAlternatives?
  ) -> Int {
    let position = steps.count
    var step = Step(
      choice: position < forced.count ? forced[position] : 0,
      alternatives: point.alternativeCount)
    if !isDone, position >= forced.count, let state {
      let met = StateGraph.Point(point, state: state)
      if let reach = graph.reach(at: met) {
        finished = (position, reach)
      } else if !graph.claim(met), position != insistAt {
        deferred = position
      }
      step.point = met
      // A new point becomes a frame; a same-instant one keeps what its alternatives lead to.
      if !isDone, let offered {
        let reduction = reduction
        var known = BatchPoint(
          enqueuing: offered.enqueuing,
          successor: { alternative in
            reduction ? offered.successor(alternative).map(StateGraph.Point.init) : nil
          })
        // Alternatives whose next state is finished need no run: go on to the first other.
        let count = point.alternativeCount
        while step.choice < count, let next = known.successor(step.choice),
          let reach = graph.reach(at: next)
        {
          known.answered.append(reach)
          step.choice += 1
        }
        if step.choice == count { step.choice = 0 }
        step.batch = known
      }
    }
    steps.append(step)
    return min(step.choice, point.alternativeCount - 1)
  }
}
