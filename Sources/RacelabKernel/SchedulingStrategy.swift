/// A place where the real world could go more than one way.
///
/// The kernel asks its strategy at every choice point; alternative `0` is always what the
/// default strategy does, so a schedule can be written as the few choices that differ from it.
public enum ChoicePoint: Sendable, Hashable {
  /// Several happenings are due at `time`; the alternatives are the ones not yet applied, in
  /// default order (tie rank, then registration). The chosen one is applied next.
  case sameInstant(time: VirtualTime, alternatives: Int)
  /// A happening with an arrival window may arrive now or later. See ``ArrivalOption``.
  case arrival(event: String, window: ClosedRange<VirtualTime>, options: [ArrivalOption])

  /// How many alternatives the point offers.
  public var alternativeCount: Int {
    switch self {
    case .sameInstant(_, let alternatives): alternatives
    case .arrival(_, _, let options): options.count
    }
  }
}

/// When a windowed happening arrives, relative to the next instant at which something is due.
public enum ArrivalOption: Sendable, Hashable {
  /// At the next instant something else is due (or the window's start).
  case at(VirtualTime)
  /// At one instant inside the quiet gap before it, standing for the whole gap.
  case inGap(VirtualTime)
  /// Not yet: the question is asked again at the next instant.
  case later
}

/// Decides every choice point of a run.
public protocol SchedulingStrategy {
  /// Whether ``choose(_:state:)`` wants the run's full state at each point (exploration uses it
  /// to recognise states it has seen; building it costs time, so others say `false`).
  var observesState: Bool { get }

  /// Returns the index of the chosen alternative, in `0..<point.alternativeCount`. `state` is
  /// the run's full state (model, agenda, lanes, tasks) when ``observesState`` is `true`.
  mutating func choose(_ point: ChoicePoint, state: AnyHashable?) -> Int
}

extension SchedulingStrategy {
  /// Does not observe state.
  public var observesState: Bool { false }
}

/// Registration order for same-instant happenings, and the start of every arrival window.
public struct DefaultStrategy: SchedulingStrategy {
  /// Creates the default strategy.
  public init() {}

  /// Always alternative `0`.
  @inlinable
  public mutating func choose(_ point: ChoicePoint, state: AnyHashable?) -> Int { 0 }
}
