import Testing

@testable import Renderers

/// The merge behind `racelab compare`: the first run's order, what later runs lack or add.
struct TraceComparisonMergeTests {
  func merged(_ runs: [[String]]) -> [String] {
    TraceComparison.merge(runs).map { line in
      line.text + " " + line.runs.map(String.init).joined()
    }
  }

  @Test func sharedLinesOnceAndAReplacementAfterWhatItReplaces() {
    #expect(
      merged([["a", "x", "c"], ["a", "y", "c"]]) == ["a 01", "x 0", "y 1", "c 01"])
  }

  @Test func linesOnlyALaterRunHasComeWhereThatRunHasThem() {
    #expect(merged([["a", "c"], ["b", "a", "c", "d"]]) == ["b 1", "a 01", "c 01", "d 1"])
  }

  @Test func runsThatAddTheSameLinesAtOnePlaceShareThem() {
    #expect(
      merged([["a", "c"], ["a", "b", "c"], ["a", "b", "c"], ["a", "e", "c"]]) == [
        "a 0123", "b 12", "e 3", "c 0123",
      ])
  }

  @Test func everyLineOfEveryRunIsShownInItsOwnOrder() {
    // Seeded runs of a few words: each run's lines, read off the merge, are that run.
    var state: UInt64 = 0x9E37_79B9
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<300 {
      let runs = (0..<(1 + next(4))).map { _ in
        (0..<next(7)).map { _ in ["a", "b", "c", "d"][next(4)] }
      }
      let lines = TraceComparison.merge(runs)
      for run in runs.indices {
        #expect(lines.filter { $0.runs.contains(run) }.map(\.text) == runs[run], "\(runs)")
      }
    }
  }
}
