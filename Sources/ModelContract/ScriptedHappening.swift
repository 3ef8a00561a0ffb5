/// A scripted happening of a timeline: an event, when it arrives, and its tie rank.
public struct ScriptedHappening: Sendable, Hashable {
  /// When a scripted happening arrives.
  public enum Timing: Sendable, Hashable {
    /// At one instant.
    case at(VirtualTime)
    /// At some instant in a closed window, chosen by the strategy.
    case within(ClosedRange<VirtualTime>)
  }

  /// The event and its fields.
  public var event: ScriptedEvent
  /// When it arrives.
  public var timing: Timing
  /// Its place among happenings due at the same instant.
  public var tie: TieRank
  /// Whether it may never arrive (`maybe: true`: a lost webhook, a dropped reply): `run`
  /// delivers it; `explore` tries it delivered and lost.
  public var maybe: Bool
  /// Whether it is sent but never arrives (`lost: true`): every run loses it, and the trace
  /// says so at its instant.
  public var lost: Bool

  /// Creates a scripted happening.
  public init(
    _ event: ScriptedEvent, _ timing: Timing, tie: TieRank = .normal, maybe: Bool = false,
    lost: Bool = false
  ) {
    self.event = event
    self.timing = timing
    self.tie = tie
    self.maybe = maybe
    self.lost = lost
  }
}

/// The order of happenings due at the same instant: registration order, `last` ones after the
/// rest (rule C2).
public enum TieRank: Sendable, Hashable {
  /// In registration order.
  case normal
  /// After every `normal` happening due at the same instant (`tie: last`).
  case last
}

/// A scripted happening, checked against the vocabulary: its event name and fields.
public struct ScriptedEvent: Sendable, Hashable {
  /// The event's name.
  public var name: String
  /// Its fields, defaults filled in.
  public var fields: NamedValues

  /// Creates a scripted event.
  public init(name: String, fields: NamedValues) {
    self.name = name
    self.fields = fields
  }
}
