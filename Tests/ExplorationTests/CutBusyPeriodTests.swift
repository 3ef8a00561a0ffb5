import RacelabKernel
import Testing

/// A process that dies cuts its lanes' busy periods short (L1), and the end of each stays on
/// the agenda until it is due, to be discarded unapplied. A new busy period on the same lane
/// may end at the very instant a cut one would have; the old end must still count as stale.
/// When the cut period began at a windowed arrival, whether the two ends fall together depends
/// on the instant chosen in the window: judging the old end by its due instant made a run
/// forced along another run's choices meet fewer choice points than that run had offered, and
/// `explore` trapped.
@Suite struct CutBusyPeriodTests {
  /// Scenario #1602 of ``GeneratedOracleTests``' generator: the first `main-busy` holds the
  /// main lane from 16–17 ms for 6 ms; the relaunch at 18 ms cuts it short; when the second
  /// `main-busy` comes after the relaunch, it holds the new process's main lane until 22 ms,
  /// where the cut period ends too when it began at 16 ms.
  static let scenario = """
    name: cut-busy-period
    model: review-prompt
    runtime: swift
    variant: original
    app: {version: 1.0.0, wins: 2}
    config: {delay: 15ms, transition: 4ms}
    timeline:
      - {at: 0ms, event: game-won}
      - {at: 2ms, event: screen-show}
      - {at: 16ms..18ms, event: main-busy, for: 6ms}
      - {at: 18ms, event: main-busy, for: 4ms}
      - {at: 18ms, event: relaunch}

    """

  @Test func everySearchCoversTheSpaceAndAgreesWithTheSweep() throws {
    let loaded = try LoadedScenario(Self.scenario)
    let explorer = loaded.explorer()
    let pruned = explorer.exploreAll(pruning: true)
    let unpruned = explorer.exploreAll(pruning: false)
    let graph = explorer.exploreGraph(prefix: [], graph: StateGraph(capacity: .max))
    let sweep = BruteForceSweep(
      setup: loaded.scenario.setup, profile: loaded.scenario.runtime, timeline: loaded.timeline,
      step: 250_000
    ).outcomes()
    for tally in [pruned, unpruned, graph] {
      #expect(tally.complete)
      #expect(tally.outcomeKeys == sweep.outcomes)
    }
    // The graph counts every schedule, as the unpruned tree does; the pruned tree counts the
    // schedules it ran, which can be fewer.
    #expect(graph.schedules == unpruned.schedules)
    #expect(pruned.schedules <= unpruned.schedules)
    #expect(sweep.outcomes.count == 2, "the review is requested in some orders only")
  }

  @Test func everyRunForcedAlongAnOfferedPrefixMeetsItsPoints() throws {
    let explorer = try LoadedScenario(Self.scenario).explorer()
    let (runs, broken) = explorer.replayEveryOfferedPrefix()
    #expect(broken.isEmpty, "\(broken)")
    #expect(runs > 1)
  }
}
