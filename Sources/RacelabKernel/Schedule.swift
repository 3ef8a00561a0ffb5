/// One complete sequence of decisions: the alternative taken at each choice point of a run, in
/// order. Alternative `0` is the default everywhere, so a schedule is written as its
/// ``deviations``: the few points where it differs.
public struct Schedule: Hashable, Sendable, Comparable {
  /// A choice point at which the schedule takes another alternative than the default.
  public struct Deviation: Hashable, Sendable, Comparable {
    /// The choice point's position in the run, from 0.
    public var position: Int
    /// The alternative taken (never 0).
    public var alternative: Int

    /// Creates a deviation.
    public init(position: Int, alternative: Int) {
      self.position = position
      self.alternative = alternative
    }

    /// Orders by value.
    public static func < (lhs: Deviation, rhs: Deviation) -> Bool {
      (lhs.position, lhs.alternative) < (rhs.position, rhs.alternative)
    }
  }

  /// The non-default choices, by increasing position.
  public var deviations: [Deviation]

  /// The default schedule.
  public static let `default` = Schedule(deviations: [])

  /// Creates a schedule from its deviations (sorted, zero alternatives dropped).
  public init(deviations: [Deviation]) {
    self.deviations = deviations.filter { $0.alternative != 0 }.sorted()
  }

  /// The schedule of a full list of choices.
  public init(choices: [Int]) {
    self.init(
      deviations: choices.enumerated().map {
        Deviation(position: $0.offset, alternative: $0.element)
      })
  }

  /// The schedule as short text: each deviation as `position=alternative`, joined by commas
  /// (`12=1,15=2`), or `default`.
  public var text: String {
    deviations.isEmpty
      ? "default" : deviations.map { "\($0.position)=\($0.alternative)" }.joined(separator: ",")
  }

  /// The schedule `text` writes (``text``); `nil` when it is not one (positions and
  /// alternatives below a million, alternatives above 0, each position once).
  public init?(text: Substring) {
    if text == "default" {
      self = .default
      return
    }
    var deviations: [Deviation] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let pair = item.split(separator: "=", omittingEmptySubsequences: false)
      guard pair.count == 2, pair.allSatisfy(Self.isDigits), let position = Int(pair[0]),
        let alternative = Int(pair[1]),
        position < 1_000_000, alternative > 0, alternative < 1_000_000
      else { return nil }
      deviations.append(Deviation(position: position, alternative: alternative))
    }
    guard Set(deviations.map(\.position)).count == deviations.count else { return nil }
    self.init(deviations: deviations)
  }

  private static func isDigits(_ text: Substring) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }

  /// The alternative at `position`.
  public func alternative(at position: Int) -> Int {
    deviations.first { $0.position == position }?.alternative ?? 0
  }

  /// Fewer deviations first, then by the deviations themselves, earliest first.
  public static func < (lhs: Schedule, rhs: Schedule) -> Bool {
    precedes(lhs.deviations, rhs.deviations)
  }

  /// Whether the schedule of deviations `lhs` comes before that of `rhs` (``<``), for lists
  /// that are already a schedule's: sorted by position, with no default alternative.
  static func precedes(_ lhs: [Deviation], _ rhs: [Deviation]) -> Bool {
    if lhs.count != rhs.count { return lhs.count < rhs.count }
    return lhs.lexicographicallyPrecedes(rhs)
  }
}

/// Replays a schedule: its deviations where it has them, the default everywhere else. Records
/// how many alternatives each choice point offered, and whether every deviation landed on a
/// point that offered it.
public struct ReplayStrategy: SchedulingStrategy {
  /// The schedule being replayed.
  public let schedule: Schedule
  /// The alternatives each choice point offered, in order.
  public private(set) var alternatives: [Int] = []
  /// Whether a deviation named a point the run never reached or an alternative it did not have.
  public private(set) var didNotFit = false

  /// Creates a replay of `schedule`.
  public init(_ schedule: Schedule) {
    self.schedule = schedule
  }

  /// The schedule's alternative at this point (the default where it has no deviation).
  public mutating func choose(_ point: ChoicePoint, state: ObservedState?) -> Int {
    let position = alternatives.count
    alternatives.append(point.alternativeCount)
    let wanted = schedule.alternative(at: position)
    guard wanted < point.alternativeCount else {
      didNotFit = true
      return 0
    }
    return wanted
  }

  /// Whether every deviation fell on a point reached by the run.
  public var fitted: Bool {
    !didNotFit && (schedule.deviations.last.map { $0.position < alternatives.count } ?? true)
  }
}

/// Picks uniformly at random at every choice point, from a seeded generator: the same seed
/// gives the same schedule on every machine.
public struct RandomStrategy: SchedulingStrategy {
  private var generator: SplitMix64
  /// The choices made, in order.
  public private(set) var choices: [Int] = []

  /// Creates a strategy seeded with `seed`.
  public init(seed: UInt64) {
    self.generator = SplitMix64(seed: seed)
  }

  /// A uniformly random alternative from the seeded generator.
  public mutating func choose(_ point: ChoicePoint, state _: ObservedState?) -> Int {
    let choice = Int(generator.next() % UInt64(point.alternativeCount))
    choices.append(choice)
    return choice
  }
}

/// SplitMix64: a small, fast, seeded generator whose sequence is the same on every machine.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator seeded with `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
