import ModelContract

/// A stretch of a run during which an invariant was broken: from the instant a break was
/// reported to the instant the invariant held again, or open when it never did.
///
/// Spells are history, not state: two runs that reach the same state may have been broken at
/// different times, so spells never enter a state's key, and an answer that states them keeps
/// them out of the outcome searches compare (``RunAnswer/timedSentence``).
public struct BrokenSpell: Sendable, Hashable {
  /// The invariant's name.
  public var invariant: String
  /// When the break was reported.
  public var start: VirtualTime
  /// When the invariant held again; `nil` while it has not (to the end of the run).
  public var end: VirtualTime?

  /// A spell of `invariant` from `start` to `end`.
  public init(invariant: String, start: VirtualTime, end: VirtualTime? = nil) {
    self.invariant = invariant
    self.start = start
    self.end = end
  }
}

extension BrokenSpell {
  /// When `spells` (one invariant's, in order) held, in words for an answer: `from 1.000s to
  /// 1.500s`; `from 1.000s until the run ended at 2.000s` for a spell still open at `runEnd`;
  /// `at 2.000s, the run's last instant` for one that began there; `for an instant at 1.000s` for
  /// one that ended where it began. A second spell adds `and again …`; more add how many, then
  /// the last (`from 1.000s to 1.500s and 3 more times, the last from …`). `at no time` when
  /// there are none.
  public static func words(
    _ spells: [BrokenSpell], runEnd: VirtualTime, instants: InstantStyle
  ) -> String {
    guard let first = spells.first else { return "at no time" }
    let opening = first.words(runEnd: runEnd, instants: instants)
    guard let last = spells.last, spells.count > 1 else { return opening }
    let closing = last.words(runEnd: runEnd, instants: instants)
    if spells.count == 2 { return "\(opening) and again \(closing)" }
    return "\(opening) and \(spells.count - 1) more times, the last \(closing)"
  }

  /// This spell in words (see ``words(_:runEnd:instants:)``).
  func words(runEnd: VirtualTime, instants: InstantStyle) -> String {
    let start = instants.format(self.start)
    guard let end else {
      let ended = instants.format(runEnd)
      return self.start == runEnd
        ? "at \(ended), the run's last instant"
        : "from \(start) until the run ended at \(ended)"
    }
    return end == self.start
      ? "for an instant at \(start)" : "from \(start) to \(instants.format(end))"
  }
}
