import KernelTestSupport
import ModelContract
import Testing

@testable import RacelabKernel

/// A state snapshot holds events by number (``EventNumbers``): equal scripted events share one,
/// an event the model scheduled takes the number of the scripted event it equals, and one that
/// equals none is kept by value, numbered in the order the state names it, so that equal states
/// are equal however their numbers were handed out.
@Suite("Events by number in state snapshots")
struct EventNumberTests {
  typealias Snapshot = StateSnapshot<TestModel>

  static let first = TestModel.Event.mark("first", lane: 1)
  static let second = TestModel.Event.mark("second", lane: 1)

  @Test("Equal scripted events share a number; a scheduled event equal to one takes it")
  func scriptedNumbers() {
    var numbers = EventNumbers([Self.first, Self.second, Self.first, .suspend])
    numbers.firstIndex = 2
    #expect((0..<6).map { numbers.number(registeredAs: $0) } == [nil, nil, 0, 1, 0, 2])
    #expect(numbers.number(of: Self.second) == 1)
    #expect(numbers.number(of: .mark("second", lane: 0)) == nil)
    #expect(EventNumbers<TestModel.Event>([]).number(of: Self.first) == nil)
  }

  /// A snapshot naming `agendaEvent` on the agenda and `laneEvent` in lane 1's queue, both
  /// unnumbered, with the list in the order `list` and the numbers pointing into it.
  static func snapshot(
    agendaEvent: TestModel.Event, laneEvent: TestModel.Event, list: [TestModel.Event],
    pending: [Snapshot.Entry] = []
  ) -> Snapshot {
    func number(_ event: TestModel.Event) -> Int32 {
      -1 - Int32(list.firstIndex(of: event) ?? 0)
    }
    return Snapshot(
      model: SnapshotModel(TestModel()), pendingBatch: pending, nowClass: 0, now: 0,
      wallClock: WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0),
      agenda: [
        .init(
          instantClass: 0, due: 5, rank: pending.count, tieLast: false,
          action: .event(number(agendaEvent), mayBeLost: false))
      ],
      zone: ArrivalZone(windows: []),
      lanes: [
        .init(jobs: [], busyUntil: nil, isFrozen: false),
        .init(jobs: [.event(number(laneEvent))], busyUntil: nil, isFrozen: false),
      ],
      tasks: [], violations: [], unnumberedEvents: list)
  }

  /// The hash the state graph keys the snapshot by.
  static func hash(_ snapshot: Snapshot) -> Int {
    ErasedSnapshot.of(snapshot).hash
  }

  @Test("Unnumbered events listed in either order make equal states once numbered in order")
  func unnumberedOrder() {
    var one = Self.snapshot(
      agendaEvent: Self.first, laneEvent: Self.second, list: [Self.first, Self.second])
    var other = Self.snapshot(
      agendaEvent: Self.first, laneEvent: Self.second, list: [Self.second, Self.first])
    #expect(!one.isEqual(to: other))
    one.numberUnnumberedEventsInOrder()
    other.numberUnnumberedEventsInOrder()
    #expect(one.isEqual(to: other))
    #expect(Self.hash(one) == Self.hash(other))
    #expect(other.unnumberedEvents == [Self.first, Self.second])

    var swapped = Self.snapshot(
      agendaEvent: Self.second, laneEvent: Self.first, list: [Self.second, Self.first])
    swapped.numberUnnumberedEventsInOrder()
    #expect(!one.isEqual(to: swapped), "the same events at other places are another state")
  }

  @Test("A predicted successor numbers its unnumbered events as the run's snapshot would")
  func successorRenumbers() {
    // Pending: `second`, which only adds a job to lane 1; the agenda names `first`. In order of
    // naming (pending batch first) `second` is -1; once applied, it sits in a lane, after the
    // agenda's `first`.
    let pending = Snapshot.Entry(
      instantClass: -1, due: 0, rank: 0, tieLast: false, action: .event(-1, mayBeLost: false))
    var before = Self.snapshot(
      agendaEvent: Self.first, laneEvent: Self.first, list: [Self.second, Self.first],
      pending: [pending])
    before.lanes[1].jobs = []
    before.numberUnnumberedEventsInOrder()
    #expect(before.unnumberedEvents == [Self.second, Self.first])

    let after = before.applying(pending: 0, onto: LaneID(index: 1))
    var expected = Self.snapshot(
      agendaEvent: Self.first, laneEvent: Self.second, list: [Self.first, Self.second])
    expected.agenda[0].rank = 0
    #expect(after.isEqual(to: expected))
    #expect(Self.hash(after) == Self.hash(expected))
  }
}
