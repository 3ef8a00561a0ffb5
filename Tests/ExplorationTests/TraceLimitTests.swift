import ModelContract
import RacelabKernel
import ReviewPromptModel
import Testing

/// A run whose trace passes its limit stops at that instant: the limit bounds the work and the
/// memory of the run, not only the trace kept.
struct TraceLimitTests {
  @Test func aRunStopsAtTheInstantItsTracePassesTheLimit() throws {
    let events = (0..<2_000).map { "  - {at: \($0)ms, event: window-attach}\n" }.joined()
    let loaded = try LoadedScenario(
      "name: long\nmodel: review-prompt\ntimeline:\n  - {at: 0s, event: game-won}\n" + events)
    let run = ScenarioStart(
      ReviewPromptDefinition(), setup: loaded.scenario.setup, timeline: loaded.timeline)
    let whole = run.simulate(profile: loaded.scenario.runtime, strategy: DefaultStrategy()).result
    let cut = run.simulate(
      profile: loaded.scenario.runtime, strategy: DefaultStrategy(), traceLimit: 10
    ).result
    #expect(!whole.traceOverflowed && cut.traceOverflowed)
    #expect(cut.trace.count == 10)
    // Two thousand instants in the whole run; the cut one stops within the first few.
    #expect(whole.endTime.nanoseconds >= 1_999_000_000)
    #expect(cut.endTime.nanoseconds < 20_000_000, "ran on to \(cut.endTime)")
  }
}
