import KernelTestSupport
import ModelContract
import Testing

@testable import RacelabKernel

/// The state graph keeps each distinct model once (``ModelTable``): a state it stores gives up
/// its own copy of a model for the equal one stored states already share, and stays equal to
/// itself, with the same hash, as it does.
@Suite("Models shared by the states of the graph")
struct ModelTableTests {
  typealias Snapshot = StateSnapshot<TestModel>

  /// A state whose kernel part differs with `now` and whose model is `model`, in a snapshot
  /// object of its own.
  static func state(now: Int64, model: TestModel) -> StateGraph.Point {
    let snapshot = Snapshot(
      model: SnapshotModel(model), pendingBatch: [], nowClass: 0, now: now,
      wallClock: WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0), agenda: [],
      zone: ArrivalZone(windows: []), lanes: [.init(jobs: [], busyUntil: nil, isFrozen: false)],
      tasks: [], violations: [])
    return StateGraph.Point(
      StateAtChoice(
        point: .sameInstant(time: VirtualTime(nanoseconds: now), alternatives: 2),
        state: ObservedState(ErasedSnapshot.of(snapshot))))
  }

  static func model(of point: StateGraph.Point) -> SnapshotModel<TestModel> {
    unsafeDowncast(point.key.value.state.snapshot.model, to: SnapshotModel<TestModel>.self)
  }

  @Test("States with equal models share one; a state with another model keeps its own")
  func equalModelsShared() {
    let graph = StateGraph(capacity: 10)
    let first = Self.state(now: 1, model: TestModel())
    let second = Self.state(now: 2, model: TestModel())
    let other = Self.state(now: 3, model: TestModel(programs: [[]]))
    #expect(Self.model(of: first) !== Self.model(of: second))
    let (hash, again) = (second.key.hash, Self.state(now: 2, model: TestModel()))
    for point in [first, second, other] { #expect(graph.claim(point)) }
    #expect(Self.model(of: first) === Self.model(of: second))
    #expect(Self.model(of: other) !== Self.model(of: first))
    // Sharing changed neither the state's hash nor what it equals.
    #expect(
      second.key.hash == hash && second.key.hash == again.key.hash
        && second.key.value == again.key.value)
    #expect(!graph.claim(again), "an equal state is the one already claimed")
  }
}
