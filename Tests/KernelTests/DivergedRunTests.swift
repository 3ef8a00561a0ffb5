import ModelContract
import RacelabKernel
import Synchronization
import Testing

/// An execution whose choice points are given by `shape`: the alternatives of the next point
/// of run number `run` (from 0) after `choices`, or `nil` at the run's end. A model's runs
/// depend on their choices only; `shape` may also depend on the run number, as real code that
/// reads the real clock can.
private final class ShapedExecution: Execution {
  let shape: @Sendable (_ run: Int, _ choices: [Int]) -> Int?
  private let runs = Mutex(0)

  init(_ shape: @escaping @Sendable (_ run: Int, _ choices: [Int]) -> Int?) {
    self.shape = shape
  }

  func execute<Strategy: SchedulingStrategy>(_ strategy: Strategy) -> (
    findings: RunFindings, strategy: Strategy
  ) {
    let run = runs.withLock { runs in
      defer { runs += 1 }
      return runs
    }
    var strategy = strategy
    var choices: [Int] = []
    while let alternatives = shape(run, choices) {
      choices.append(strategy.choose(.model("pick", alternatives: alternatives), state: nil))
    }
    let path = choices.map(String.init).joined(separator: ",")
    return (
      RunFindings(summary: [TraceField("path", .text(path))], violations: [], violationTimes: []),
      strategy
    )
  }
}

/// The exhaustive tree trusts that a run replaying an earlier run's choices meets the choice
/// points that run met; when one does not (real code can), it stops and says so instead of
/// counting a tree it did not walk.
@Suite struct DivergedRunTests {
  private static func explore(_ execution: ShapedExecution) -> ExplorationTally {
    var search = TreeSearch(prefix: [], pruning: false, budget: nil, valueCapacity: 0)
    execution.drive(&search)
    return search.tally
  }

  @Test func aTreeOfRunsThatRepeatThemselvesIsCompleteAndTrusted() {
    let tally = Self.explore(ShapedExecution { _, choices in choices.count < 3 ? 2 : nil })
    #expect(tally.complete && !tally.runsDiverged && tally.schedules == 8)
  }

  @Test func aRunThatMeetsFewerChoicePointsThanItReplaysStopsTheSearch() {
    // From the fourth run on, every run ends after two choices: the fourth replays three.
    let tally = Self.explore(
      ShapedExecution { run, choices in choices.count < (run < 3 ? 3 : 2) ? 2 : nil })
    #expect(tally.runsDiverged && !tally.complete)
    // The three runs before it are counted; the one that diverged is not.
    #expect(tally.schedules == 3 && tally.runs == 3)
  }

  @Test func aRunThatMeetsOtherAlternativesAtAReplayedPointStopsTheSearch() {
    // From the second run on, the first point offers three alternatives instead of two.
    let tally = Self.explore(
      ShapedExecution { run, choices in
        switch choices.count {
        case 0: run == 0 ? 2 : 3
        case 1: 2
        default: nil
        }
      })
    #expect(tally.runsDiverged && !tally.complete && tally.schedules == 1)
  }

  @Test func aReplayedChoiceBeyondThePointsAlternativesIsADivergence() {
    // The second run replays alternative 1 at a point that now offers one alternative.
    let tally = Self.explore(
      ShapedExecution { run, choices in choices.isEmpty ? (run == 0 ? 2 : 1) : nil })
    #expect(tally.runsDiverged && !tally.complete && tally.schedules == 1)
  }

  @Test func aDivergedTallyStaysDivergedWhenMerged() {
    var whole = Self.explore(ShapedExecution { _, choices in choices.isEmpty ? 2 : nil })
    #expect(whole.complete)
    whole.merge(
      Self.explore(ShapedExecution { run, choices in choices.count < (run < 1 ? 2 : 0) ? 2 : nil }))
    #expect(whole.runsDiverged && !whole.complete)
  }
}
