import KernelTestSupport
import ModelContract
import Testing

@testable import RacelabKernel

/// The state graph's table (``StateTable``) against what a dictionary of its keys would say:
/// every state stored is found at its point and no other, through every growth of the table,
/// and one snapshot met at two points is two states.
@Suite("The state graph's table of states")
struct StateTableTests {
  /// A snapshot whose kernel part differs with `now`.
  static func snapshot(now: Int64) -> ErasedSnapshot {
    ErasedSnapshot.of(
      StateSnapshot<TestModel>(
        model: SnapshotModel(TestModel()), pendingBatch: [], nowClass: 0, now: now,
        wallClock: WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0), agenda: [],
        zone: ArrivalZone(windows: []),
        lanes: [.init(jobs: [], busyUntil: nil, isFrozen: false)], tasks: [], violations: []))
  }

  static func point(_ snapshot: ErasedSnapshot, alternatives: Int) -> StateGraph.Point {
    StateGraph.Point(
      StateAtChoice(
        point: .sameInstant(time: VirtualTime(nanoseconds: 0), alternatives: alternatives),
        state: ObservedState(snapshot)))
  }

  static func reach(outcome: Int) -> Reach {
    Reach(entries: [.init(outcome: outcome, count: 1, smallest: [])])
  }

  @Test("Every state stored is found, through the table's growth, and no other")
  func storedStatesFound() {
    let graph = StateGraph(capacity: .max)
    let count = 3_000
    for now in 0..<Int64(count) {
      let point = Self.point(Self.snapshot(now: now), alternatives: 2)
      #expect(graph.claim(point))
      #expect(graph.reach(at: point) == nil, "claimed, not finished")
      #expect(graph.finish(point, reach: Self.reach(outcome: Int(now)), continuations: []))
    }
    #expect(graph.stateCount == count)
    for now in 0..<Int64(count) {
      // Equal states in objects of their own find what was stored.
      let again = Self.point(Self.snapshot(now: now), alternatives: 2)
      #expect(graph.reach(at: again)?.entries.map(\.outcome) == [Int(now)])
      #expect(!graph.claim(again))
      // The same state at another point is another state.
      #expect(graph.reach(at: Self.point(Self.snapshot(now: now), alternatives: 3)) == nil)
    }
    #expect(graph.reach(at: Self.point(Self.snapshot(now: -1), alternatives: 2)) == nil)
  }

  @Test("One snapshot met at two points is stored as two states")
  func oneSnapshotTwoPoints() {
    let graph = StateGraph(capacity: .max)
    let snapshot = Self.snapshot(now: 7)
    let (two, three) = (
      Self.point(snapshot, alternatives: 2), Self.point(snapshot, alternatives: 3)
    )
    #expect(graph.claim(two) && graph.claim(three))
    #expect(graph.finish(two, reach: Self.reach(outcome: 2), continuations: []))
    #expect(graph.finish(three, reach: Self.reach(outcome: 3), continuations: []))
    #expect(graph.reach(at: two)?.entries.map(\.outcome) == [2])
    #expect(graph.reach(at: three)?.entries.map(\.outcome) == [3])
    #expect(graph.stateCount == 2)
  }
}
