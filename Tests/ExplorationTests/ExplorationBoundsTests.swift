import Foundation
import RacelabKernel
import ReviewPromptModel
import Testing

/// An exploration's memory is bounded by the values of the states it remembers, counted the
/// same way on every run; and its progress estimates the part of the space covered.
@Suite struct ExplorationBoundsTests {
  static func explorer() throws -> Explorer<ReviewPromptDefinition> {
    try LoadedScenario(path: teachingScenario("busy-main-window-original")).explorer()
  }

  @Test func aTreeExplorationStopsWhenItsStatesHoldTooManyValues() throws {
    let explorer = try Self.explorer()
    let whole = explorer.exploreSubtree(prefix: [], pruning: true)
    #expect(whole.complete && !whole.statesFilledMemory)
    let capped = explorer.exploreSubtree(prefix: [], pruning: true, valueCapacity: 50)
    #expect(!capped.complete && capped.statesFilledMemory)
    #expect(capped.schedules > 0 && capped.schedules < whole.schedules)
    // The same cap stops at the same schedule every time: the count is not the memory used.
    let again = explorer.exploreSubtree(prefix: [], pruning: true, valueCapacity: 50)
    #expect(again.schedules == capped.schedules)
  }

  @Test func aGraphStopsWhenItsStatesHoldTooManyValues() throws {
    let explorer = try Self.explorer()
    let whole = StateGraph(capacity: .max)
    let complete = explorer.exploreGraph(prefix: [], graph: whole)
    #expect(complete.complete && !whole.isFull)
    let graph = StateGraph(capacity: .max, valueCapacity: 50)
    let capped = explorer.exploreGraph(prefix: [], graph: graph)
    #expect(!capped.complete && graph.isFull && graph.isFullOfValues)
    #expect(capped.schedules < complete.schedules)
    // A graph full by its number of states is not full of values.
    let counted = StateGraph(capacity: 3)
    _ = explorer.exploreGraph(prefix: [], graph: counted)
    #expect(counted.isFull && !counted.isFullOfValues)
  }

  @Test func theCoveredPartGrowsToTheWholeSubtree() throws {
    let explorer = try Self.explorer()
    var steps: [SubtreeProgress] = []
    let tally = explorer.exploreSubtree(
      prefix: [], pruning: false,
      onSchedule: {
        steps.append($0)
        return true
      })
    #expect(tally.complete && steps.count == tally.schedules)
    #expect(steps.last?.covered == 1)
    let covered = steps.map(\.covered)
    #expect(zip(covered, covered.dropFirst()).allSatisfy { $0 < $1 })
    #expect(covered.allSatisfy { $0 > 0 && $0 <= 1 })
    var runs: [SubtreeProgress] = []
    _ = explorer.exploreGraph(
      prefix: [], graph: StateGraph(capacity: .max),
      onRun: {
        runs.append($0)
        return true
      })
    #expect(runs.map(\.covered).allSatisfy { $0 >= 0 && $0 <= 1 })
  }
}
