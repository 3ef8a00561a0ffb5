import Foundation
import RacelabKernel
import Testing

/// State pruning changes how many schedules are run, never which outcomes are found.
@Suite struct PruningTests {
  /// Two at-once happenings due at the same instant commute (the suspend and the clock shift),
  /// so both orders reach the same state at the next choice point; everything after it is then
  /// explored once instead of twice.
  static let commutingArrivals = """
    name: commuting-arrivals
    model: review-prompt
    variant: original
    clock:
      start: 2026-08-15T21:00:00+09:00
    app:
      version: 1.4.0
      wins: 4
    timeline:
      - {at: 0s, event: game-won}
      - {at: 0s, event: screen-show}
      - {at: 1s, event: app-suspend}
      - {at: 1s, event: wall-clock-shift, by: +1h}
      - {at: 1.2s, event: app-resume}
      - {at: 1.8s..2.2s, event: main-busy, for: 100ms}
      - {at: 1.5s..2.5s, event: screen-disappear}
    """

  @Test func pruningFindsTheSameOutcomesWithFewerSchedules() throws {
    let explorer = try LoadedScenario(Self.commutingArrivals).explorer()
    // The whole space as one subtree, so every convergence is within reach of the seen set.
    let pruned = explorer.exploreSubtree(prefix: [], pruning: true)
    let unpruned = explorer.exploreSubtree(prefix: [], pruning: false)
    print(
      "pruning: commuting-arrivals explores \(pruned.schedules) schedules with pruning "
        + "(\(pruned.stateHashes.count) states), \(unpruned.schedules) without")
    #expect(pruned.complete && unpruned.complete)
    #expect(pruned.outcomeKeys == unpruned.outcomeKeys)
    #expect(Set(pruned.violations.map(\.name)) == Set(unpruned.violations.map(\.name)))
    #expect(pruned.schedules < unpruned.schedules)
  }

  @Test(arguments: teachingScenarios.filter { !$0.hasSuffix("-random.yaml") })
  func pruningKeepsEveryTeachingOutcome(_ path: String) throws {
    let explorer = try LoadedScenario(path: path).explorer()
    let pruned = explorer.exploreAll(pruning: true)
    let unpruned = explorer.exploreAll(pruning: false)
    let whole = explorer.exploreSubtree(prefix: [], pruning: true)
    print(
      "pruning: \((path as NSString).lastPathComponent) \(pruned.schedules) schedules pruned "
        + "in subtrees, \(whole.schedules) pruned as one tree, \(unpruned.schedules) unpruned")
    #expect(pruned.outcomeKeys == unpruned.outcomeKeys)
    #expect(whole.outcomeKeys == unpruned.outcomeKeys)
    #expect(pruned.schedules <= unpruned.schedules)
  }
}
