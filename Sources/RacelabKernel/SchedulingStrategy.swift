import ModelContract

/// A place where the real world could go more than one way.
///
/// The kernel asks its strategy at every choice point; alternative `0` is always what the
/// default strategy does, so a schedule can be written as the few choices that differ from it.
public enum ChoicePoint: Sendable, Hashable {
  /// Several happenings are due at `time`; the alternatives are the ones not yet applied, in
  /// default order (tie rank, then registration). The chosen one is applied next.
  case sameInstant(time: VirtualTime, alternatives: Int)
  /// Two due instants, at least one of which follows from a windowed arrival, may come in more
  /// than one order: the alternatives are the orders still possible of the first instant
  /// relative to the second, the order of the earliest arrivals first, then `before`, `same`,
  /// `after`. Against the instant a run stops at (`until:`) the orders are `before` (at or
  /// before it: the entry is applied) and `after`. What is due at each is named in the trace
  /// (``TraceEvent/Kind/instantsOrdered(first:firstAt:second:secondAt:order:defaultOrder:)``)
  /// when the order taken is not the default, and nowhere else: naming costs every run.
  case instantOrder(orders: [InstantOrder])
  /// A model reads the calendar day at an instant that follows from a windowed arrival, and the
  /// arrival's window spans `count` days from `first` (as epoch days): the alternatives are the
  /// days in order.
  case calendarDay(first: Int64, count: Int)
  /// Several lanes have a ready job (C6): the alternatives are those lanes in declaration
  /// order, starting from `first` (the lane that ran last, or the next ready one after it); the
  /// chosen lane runs its next job. Which lane comes first is part of the point because the
  /// state does not record it: two runs in equal states whose lanes are offered from different
  /// starts map their alternatives to different lanes.
  case laneOrder(time: VirtualTime, first: LaneID, alternatives: Int)
  /// A concurrent lane has several ready jobs (C6): the alternatives are the jobs in queue
  /// order; the chosen one runs next.
  case concurrentJob(lane: LaneID, alternatives: Int)
  /// A happening marked `maybe` is due: alternative `0` delivers it, `1` loses it.
  case delivery(event: String)
  /// Several jobs of real async code are ready at `time` (a controlled run of the user's own
  /// code): the alternatives are the jobs in the order they became ready; the chosen one runs
  /// next.
  case readyJob(time: VirtualTime, alternatives: Int)
  /// The model's own choice point, named by the model (a reply that may fail, a crash point,
  /// a row without an order): the alternatives are the model's, `0` what `run` does.
  case model(String, alternatives: Int)

  /// Whether the point orders two due instants (``instantOrder(orders:)``).
  var ordersInstants: Bool {
    if case .instantOrder = self { true } else { false }
  }

  /// How many alternatives the point offers.
  public var alternativeCount: Int {
    switch self {
    case .sameInstant(_, let alternatives): alternatives
    case .instantOrder(let orders): orders.count
    case .calendarDay(_, let count): count
    case .laneOrder(_, _, let alternatives): alternatives
    case .concurrentJob(_, let alternatives): alternatives
    case .delivery: 2
    case .readyJob(_, let alternatives): alternatives
    case .model(_, let alternatives): alternatives
    }
  }
}

/// Answers a model's own choice points while the model runs: the run's strategy, reached
/// through the context.
protocol ModelChooser: AnyObject {
  /// The chosen alternative of `point`.
  func choose(_ point: ChoicePoint) -> Int
}

/// The run's strategy, shared by the run (for the kernel's choice points, with the state for
/// pruning) and its context (for the model's, without: a model choice happens in the middle of
/// a job, where no state is complete enough to prune on).
final class StrategyBox<Strategy: SchedulingStrategy>: ModelChooser {
  /// Not checked for exclusivity at run time: a run reads and changes it from one thread, and
  /// no strategy's method reaches back into its box. The checks cost 3 % of a graph search's
  /// instructions (three accesses at every choice point).
  @exclusivity(unchecked) var strategy: Strategy

  init(_ strategy: Strategy) {
    self.strategy = strategy
  }

  func choose(_ point: ChoicePoint) -> Int {
    let choice = strategy.choose(point, state: nil)
    precondition(choice >= 0 && choice < point.alternativeCount, "strategy chose out of range")
    return choice
  }
}

/// How one due instant lies relative to another.
public enum InstantOrder: Sendable, Hashable, CaseIterable {
  /// Strictly earlier.
  case before
  /// At the same instant (the happenings then form one instant, C2).
  case same
  /// Strictly later.
  case after
}

/// Decides every choice point of a run.
public protocol SchedulingStrategy {
  /// Whether ``choose(_:state:)`` wants the run's full state at each point (exploration uses it
  /// to recognise states it has seen; building it costs time, so others say `false`).
  var observesState: Bool { get }

  /// Whether the strategy needs nothing more from the run. Checked after each choice: the
  /// kernel then ends the run at the next boundary between jobs, and its result is not that
  /// of a whole run (the state graph's strategy, once it meets a state whose reach it knows).
  var isDone: Bool { get }

  /// Whether the run failed to repeat the earlier run whose choices it was told to replay: it
  /// met fewer choice points than it replayed, or other alternatives at one of them. Runs of a
  /// model never do (the kernel is deterministic); real code that reads the real clock or
  /// hears from threads racelab does not control may, and then the counts a search takes from
  /// its runs are not to be trusted.
  var diverged: Bool { get }

  /// Returns the index of the chosen alternative, in `0..<point.alternativeCount`. `state` is
  /// the run's full state (model, agenda, lanes, tasks) when ``observesState`` is `true`.
  mutating func choose(_ point: ChoicePoint, state: ObservedState?) -> Int

  /// Chooses at a ``ChoicePoint/sameInstant(time:alternatives:)`` point when ``observesState``
  /// is `true`, told what applying each alternative does.
  mutating func choose(
    _ point: ChoicePoint, state: ObservedState, alternatives: SameInstantAlternatives
  ) -> Int
}

extension SchedulingStrategy {
  /// Does not observe state.
  public var observesState: Bool { false }

  /// Always wants the whole run.
  public var isDone: Bool { false }

  /// Replays no earlier run.
  public var diverged: Bool { false }

  /// Chooses as ``choose(_:state:)`` does, without looking at what the alternatives do.
  public mutating func choose(
    _ point: ChoicePoint, state: ObservedState, alternatives: SameInstantAlternatives
  ) -> Int {
    choose(point, state: state)
  }
}

/// Registration order for same-instant happenings, and the earliest instant of every arrival
/// window.
public struct DefaultStrategy: SchedulingStrategy {
  /// Creates the default strategy.
  public init() {}

  /// Always alternative `0`.
  @inlinable
  public mutating func choose(_ point: ChoicePoint, state: ObservedState?) -> Int { 0 }
}
