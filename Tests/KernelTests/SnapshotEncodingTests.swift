import KernelTestSupport
import ModelContract
import Testing

@testable import RacelabKernel

/// The state graph keeps a snapshot's kernel part as bytes (``StateSnapshot/withKernelBytes(_:)``)
/// and compares and hashes those. Held against the snapshot's own field-by-field comparison
/// (``StateSnapshot/isEqual(to:)``) on generated snapshots: the bytes must tell apart every two
/// snapshots the fields tell apart and no others, and the ready lanes read back from them must
/// be the lanes' own.
@Suite("Snapshot bytes")
struct SnapshotEncodingTests {
  typealias Snapshot = StateSnapshot<TestModel>

  @Test("Two snapshots have equal bytes exactly when their fields are equal")
  func bytesAgreeWithFields() {
    var generator = SplitMix64(seed: 7)
    var equalPairs = 0
    var unequalPairs = 0
    for round in 0..<20_000 {
      let one = Self.randomSnapshot(using: &generator)
      // Mostly one field changed, possibly to its old value; sometimes a snapshot of its own.
      let other =
        round % 8 == 0
        ? Self.randomSnapshot(using: &generator) : Self.changingOneField(of: one, using: &generator)
      let (erasedOne, erasedOther) = (ErasedSnapshot.of(one), ErasedSnapshot.of(other))
      let fieldsEqual = one.isEqual(to: other)
      #expect((erasedOne == erasedOther) == fieldsEqual, "\(one)\n\(other)")
      // The bytes and the model's parts compared on their own too: `==` compares hashes first,
      // which would hide a wrong comparison of a part that also changes the hash.
      let partsEqual =
        erasedOne.hasKernelBytes(equalTo: erasedOther)
        && erasedOne.model.sameState(erasedOne, erasedOther)
      #expect(partsEqual == fieldsEqual, "\(one)\n\(other)")
      if fieldsEqual {
        #expect(erasedOne.hash == erasedOther.hash)
        equalPairs += 1
      } else {
        unequalPairs += 1
      }
    }
    // Both kinds of pair were met often enough for the check to mean something.
    #expect(equalPairs > 1_000 && unequalPairs > 10_000)
  }

  @Test("A successor written from its state's bytes is the successor built and then written")
  func successorBytes() {
    var generator = SplitMix64(seed: 13)
    var written = 0
    for _ in 0..<20_000 {
      var snapshot = Self.randomSnapshot(using: &generator)
      snapshot.unnumberedEvents = []
      guard let position = snapshot.pendingBatch.indices.randomElement(using: &generator) else {
        continue
      }
      // Only what a same-instant choice applies: an event, or a timer of a task there is.
      switch snapshot.pendingBatch[position].action {
      case .laneFree: continue
      case .timer(let task, _) where Int(task) >= snapshot.tasks.count: continue
      case .event, .timer: break
      }
      let lane = LaneID(index: Int32.random(in: 0..<Int32(snapshot.lanes.count), using: &generator))
      let built = snapshot.applying(pending: position, onto: lane)
      let (direct, erased) = (
        ErasedSnapshot.successor(of: snapshot, applyingPending: position, onto: lane),
        ErasedSnapshot.of(built)
      )
      #expect(
        direct.withKernelBytes { Array($0) } == erased.withKernelBytes { Array($0) },
        "\(snapshot)")
      #expect(
        direct == erased && direct.hash == erased.hash && direct.footprint == erased.footprint)
      written += 1
    }
    #expect(written > 5_000)
  }

  @Test("The ready lanes read from the bytes are the lanes that are ready")
  func readyLanesFromBytes() {
    var generator = SplitMix64(seed: 11)
    for _ in 0..<5_000 {
      let snapshot = Self.randomSnapshot(using: &generator)
      let erased = ErasedSnapshot.of(snapshot)
      let ready = snapshot.lanes.indices.filter { snapshot.lanes[$0].isReady }
      for first in 0..<Int32(snapshot.lanes.count) {
        let read = erased.readyLanes(from: LaneID(index: first))
        #expect(read.lowest.index == Int32(ready.first ?? Int(first)))
        #expect(read.rank == ready.count(where: { $0 < Int(first) }))
        #expect(read.count == ready.count)
      }
    }
  }

  @Test("The bytes and the comparison know every stored property of a snapshot's parts")
  func everyStoredPropertyKnown() {
    // `withKernelBytes(_:)` and `isEqual(to:)` name these properties one by one: a property added
    // to one of these types must be added to both, or states that differ in it would be taken
    // for one. This list fails first, pointing there.
    func labels(_ value: Any) -> [String] {
      Mirror(reflecting: value).children.compactMap(\.label)
    }
    var generator = SplitMix64(seed: 1)
    let snapshot = Self.randomSnapshot(using: &generator)
    #expect(
      labels(snapshot) == [
        "model", "pendingBatch", "nowClass", "now", "wallClock", "agenda", "zone", "lanes",
        "tasks", "violations", "unnumberedEvents",
      ])
    #expect(
      labels(Self.randomEntry(using: &generator)) == [
        "instantClass", "due", "rank", "tieLast", "action",
      ])
    #expect(labels(Self.randomLane(using: &generator)) == ["jobs", "busyUntil", "isFrozen"])
    #expect(
      labels(Self.randomTask(using: &generator)) == [
        "program", "lane", "pc", "isCancelled", "state",
      ])
    #expect(labels(snapshot.zone) == ["size", "bounds"])
    #expect(
      labels(snapshot.wallClock) == [
        "startNanosecondsSinceEpoch", "utcOffsetSeconds", "shiftNanoseconds",
      ])
  }

  // MARK: - Generated snapshots

  /// Values drawn from small sets, extremes among them, so that equal fields are common and
  /// the longest numbers are written.
  static let instants: [Int64] = [0, 5, -1, .min, .max, 1 << 40]
  static let classes = [-1, 0, 1, 2]
  static let numbers: [Int32] = [-2, -1, 0, 1, .max, .min]
  static let zones = [
    ArrivalZone(windows: []), ArrivalZone(windows: [0...5]),
    ArrivalZone(windows: [Int64.min...Int64.max, 3...3]),
  ]
  static let wallClocks: [WallClock] = {
    var shifted = WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0)
    shifted.shift(byNanoseconds: .min)
    shifted.shift(byNanoseconds: .min)
    return [
      WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0),
      WallClock(startNanosecondsSinceEpoch: .max, utcOffsetSeconds: 0),
      WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: -3_600), shifted,
    ]
  }()
  static let taskStates: [TaskRecord.State] = [
    .startQueued, .running, .sleeping(timer: 0), .sleeping(timer: 1),
    .resumeQueued(.sleep, throwing: false), .resumeQueued(.yield, throwing: true),
    .resumeQueued(.hop, throwing: false), .resumeQueued(.await, throwing: false),
    .awaiting(0), .awaiting(1), .ended(.returned), .ended(.threw), .ended(.killed),
  ]

  static func randomSnapshot(using generator: inout SplitMix64) -> Snapshot {
    Snapshot(
      model: SnapshotModel(TestModel()),
      pendingBatch: (0..<Int.random(in: 0...2, using: &generator)).map { _ in
        randomEntry(using: &generator)
      },
      nowClass: classes.randomElement(using: &generator)!,
      now: instants.randomElement(using: &generator)!,
      wallClock: wallClocks.randomElement(using: &generator)!,
      agenda: (0..<Int.random(in: 0...3, using: &generator)).map { _ in
        randomEntry(using: &generator)
      },
      zone: zones.randomElement(using: &generator)!,
      lanes: (0..<Int.random(in: 1...3, using: &generator)).map { _ in
        randomLane(using: &generator)
      },
      tasks: (0..<Int.random(in: 0...2, using: &generator)).map { _ in
        randomTask(using: &generator)
      },
      violations: Bool.random(using: &generator) ? [] : ["broken"],
      unnumberedEvents: Bool.random(using: &generator) ? [] : [.suspend])
  }

  static func randomEntry(using generator: inout SplitMix64) -> Snapshot.Entry {
    let action: Snapshot.Action =
      switch Int.random(in: 0..<3, using: &generator) {
      case 0:
        .event(
          numbers.randomElement(using: &generator)!, mayBeLost: Bool.random(using: &generator))
      case 1:
        .timer(
          task: Int32.random(in: 0...1, using: &generator),
          timerRank: Int.random(in: -1...1, using: &generator))
      default: .laneFree(Int32.random(in: 0...1, using: &generator))
      }
    return Snapshot.Entry(
      instantClass: classes.randomElement(using: &generator)!,
      due: instants.randomElement(using: &generator)!,
      rank: Int.random(in: 0...3, using: &generator), tieLast: Bool.random(using: &generator),
      action: action)
  }

  static func randomLane(using generator: inout SplitMix64) -> Snapshot.Lane {
    Snapshot.Lane(
      jobs: (0..<Int.random(in: 0...2, using: &generator)).map { _ in
        Bool.random(using: &generator)
          ? .event(numbers.randomElement(using: &generator)!)
          : .task(Int32.random(in: 0...1, using: &generator))
      },
      busyUntil: Bool.random(using: &generator)
        ? nil : VirtualTime(nanoseconds: instants.randomElement(using: &generator)!),
      isFrozen: Int.random(in: 0..<4, using: &generator) == 0)
  }

  static func randomTask(using generator: inout SplitMix64) -> Snapshot.Task {
    Snapshot.Task(
      program: Int32.random(in: 0...1, using: &generator),
      lane: Int32.random(in: 0...1, using: &generator),
      pc: Int32.random(in: 0...1, using: &generator),
      isCancelled: Bool.random(using: &generator),
      state: taskStates.randomElement(using: &generator)!)
  }

  /// `snapshot` with one field, or one field of one entry, lane or task, drawn again (it may
  /// come out as it was).
  static func changingOneField(of snapshot: Snapshot, using generator: inout SplitMix64)
    -> Snapshot
  {
    var changed = snapshot
    let fresh = randomSnapshot(using: &generator)
    switch Int.random(in: 0..<12, using: &generator) {
    case 11: changed.wallClock = fresh.wallClock
    case 0: changed.nowClass = fresh.nowClass
    case 1: changed.now = fresh.now
    case 2: changed.zone = fresh.zone
    case 3: changed.violations = fresh.violations
    case 4: changed.unnumberedEvents = fresh.unnumberedEvents
    case 5: changed.pendingBatch = fresh.pendingBatch
    case 6: changed.agenda = fresh.agenda
    case 7: changed.lanes = fresh.lanes
    case 8 where !changed.agenda.isEmpty:
      changeOneField(of: &changed.agenda[0], using: &generator)
    case 9:
      let lane = Int.random(in: changed.lanes.indices, using: &generator)
      let other = randomLane(using: &generator)
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: changed.lanes[lane].jobs = other.jobs
      case 1: changed.lanes[lane].busyUntil = other.busyUntil
      default: changed.lanes[lane].isFrozen = other.isFrozen
      }
    case 10 where !changed.tasks.isEmpty:
      let other = randomTask(using: &generator)
      switch Int.random(in: 0..<5, using: &generator) {
      case 0: changed.tasks[0].program = other.program
      case 1: changed.tasks[0].lane = other.lane
      case 2: changed.tasks[0].pc = other.pc
      case 3: changed.tasks[0].isCancelled = other.isCancelled
      default: changed.tasks[0].state = other.state
      }
    default: changed.tasks = fresh.tasks
    }
    return changed
  }

  /// Draws one field of `entry` again, or only its action's flag.
  static func changeOneField(of entry: inout Snapshot.Entry, using generator: inout SplitMix64) {
    let other = randomEntry(using: &generator)
    switch Int.random(in: 0..<6, using: &generator) {
    case 0: entry.instantClass = other.instantClass
    case 1: entry.due = other.due
    case 2: entry.rank = other.rank
    case 3: entry.tieLast = other.tieLast
    case 4:
      if case .event(let number, let mayBeLost) = entry.action {
        entry.action = .event(number, mayBeLost: !mayBeLost)
      }
    default: entry.action = other.action
    }
  }
}
