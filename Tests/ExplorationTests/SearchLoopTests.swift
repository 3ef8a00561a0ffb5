import Commands
import RacelabKernel
import ReviewPromptModel
import Testing

/// The one exploration loop and its searches at their edges: a caller that says stop, a budget
/// of runs, a schedule that does not fit. (Their answers are held against brute force and each
/// other elsewhere: the oracle, state-graph, replay and shortest-counterexample tests.)
@Suite struct SearchLoopTests {
  static func explorer() throws -> Explorer<ReviewPromptDefinition> {
    try LoadedScenario(path: teachingScenario("busy-main-window-original")).explorer()
  }

  @Test func aCallerThatSaysStopEndsTheSearchAfterThatRun() throws {
    let explorer = try Self.explorer()
    let sampled = explorer.sample(runs: 0..<10, seed: 7) { $0 < 4 }
    #expect(sampled.schedules == 4 && !sampled.complete)
    let tree = explorer.exploreSubtree(prefix: [], pruning: false) { $0.schedules < 3 }
    #expect(tree.schedules == 3 && !tree.complete)
    let whole = explorer.exploreSubtree(prefix: [], pruning: false)
    #expect(whole.complete && whole.schedules > 3)
  }

  @Test func theShortestCounterexampleSearchKeepsToItsBudget() throws {
    let explorer = try Self.explorer()
    var unbounded = ShortestCounterexampleSearch(
      for: "no-fire-after-cancel", maxDeviations: 8, budget: .max)
    var runs = 0
    explorer.execution.drive(&unbounded) { _ in
      runs += 1
      return true
    }
    let found = try #require(unbounded.counterexample)
    #expect(found.deviations.count == 2 && runs > 2)

    // The same search with exactly the runs it took finds the same schedule; with two runs,
    // the second level is cut after its first schedule and nothing is found.
    #expect(
      explorer.shortestCounterexample(
        for: "no-fire-after-cancel", maxDeviations: 8, budget: runs) == found)
    var short = ShortestCounterexampleSearch(
      for: "no-fire-after-cancel", maxDeviations: 8, budget: 2)
    var shortRuns = 0
    explorer.execution.drive(&short) { _ in
      shortRuns += 1
      return true
    }
    #expect(shortRuns == 2 && short.counterexample == nil)
    // A caller's stop ends it too, keeping what it found.
    var stopped = ShortestCounterexampleSearch(
      for: "no-fire-after-cancel", maxDeviations: 8, budget: .max)
    var stoppedRuns = 0
    explorer.execution.drive(&stopped) { _ in
      stoppedRuns += 1
      return stoppedRuns < 3
    }
    #expect(stoppedRuns == 3 && stopped.counterexample == nil)
  }

  @Test func aReplayTellsWhetherItsScheduleFitted() throws {
    let explorer = try Self.explorer()
    let fitting = explorer.run(.default)
    #expect(fitting.fitted && !fitting.alternatives.isEmpty)
    let beyond = explorer.run(
      Schedule(deviations: [.init(position: fitting.alternatives.count + 5, alternative: 1)]))
    #expect(!beyond.fitted)
    let tooLarge = explorer.run(Schedule(deviations: [.init(position: 0, alternative: 99)]))
    #expect(!tooLarge.fitted)
  }
}
