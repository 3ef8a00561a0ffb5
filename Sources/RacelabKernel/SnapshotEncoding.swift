import ModelContract

/// Writes a ``StateSnapshot``'s kernel part (everything but the model, the violations and the
/// unnumbered events) as bytes: each field in a fixed order, each integer as
/// a variable-length number (seven bits a byte, the high bit set on every byte but the last;
/// a signed one zigzagged first, so that small negative numbers stay short), every list after
/// its length.
///
/// The bytes are a function of the fields and the fields a function of the bytes (the fields
/// can be read back in order, each list's length telling where it ends), so two snapshots' kernel
/// parts are equal exactly when their bytes are. The state graph keeps these bytes, not the
/// snapshot's arrays: on `launch-burst` an entry of the agenda took 48 bytes and takes 4 to 9.
struct SnapshotWriter {
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  private(set) var count = 0

  /// A writer into `buffer`, sized by the most numbers the caller writes times the most bytes
  /// a number takes (``StateSnapshot/withKernelBytes(_:)``).
  init(into buffer: UnsafeMutableBufferPointer<UInt8>) {
    self.buffer = buffer
  }

  /// The most bytes a number of each width takes.
  static let wordBytes = 10
  static let doubleWordBytes = 19

  @inline(__always)
  mutating func append(_ value: UInt64) {
    write(value, room: Self.wordBytes)
  }

  @inline(__always)
  mutating func append(_ value: Int) {
    append(Int64(value))
  }

  @inline(__always)
  mutating func append(_ value: Int64) {
    append(UInt64(bitPattern: value) << 1 ^ UInt64(bitPattern: value >> 63))
  }

  mutating func append(_ value: Int128) {
    write(
      UInt128(bitPattern: value) << 1 ^ UInt128(bitPattern: value >> 127),
      room: Self.doubleWordBytes)
  }

  /// Writes `value` seven bits a byte, after checking that `room` bytes, the most a number of
  /// its width takes, are left: one comparison per number, so that a wrong size stops here
  /// instead of writing past the buffer (an optimised build does not check the buffer's bounds).
  @inline(__always)
  private mutating func write<Bits: FixedWidthInteger & UnsignedInteger>(_ value: Bits, room: Int) {
    precondition(buffer.count &- count >= room, "a snapshot's bytes outgrew their bound")
    var rest = value
    while rest >= 0x80 {
      buffer[count] = UInt8(truncatingIfNeeded: rest) | 0x80
      count &+= 1
      rest >>= 7
    }
    buffer[count] = UInt8(truncatingIfNeeded: rest)
    count &+= 1
  }
}

/// Reads the numbers a ``SnapshotWriter`` wrote, in order.
struct SnapshotReader {
  private let bytes: UnsafeRawBufferPointer
  private var index = 0

  /// A reader of `bytes`, which must outlive it (``ErasedSnapshot/withKernelBytes(_:)``).
  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  /// The next byte; reading past the end stops the run.
  private mutating func nextByte() -> UInt8 {
    precondition(index < bytes.count, "a snapshot's bytes read past their end")
    defer { index &+= 1 }
    return bytes[index]
  }

  /// The next unsigned number.
  mutating func next() -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = nextByte()
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }

  /// Steps over the next number.
  mutating func skip() {
    while nextByte() >= 0x80 {}
  }
}

extension StateSnapshot {
  /// Calls `body` with the kernel part as bytes (``SnapshotWriter``), the lanes first so that
  /// the ready lanes can be read back without reading the rest
  /// (``ErasedSnapshot/readyLanes(from:)``).
  func withKernelBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    withKernelBytes(applying: nil, body)
  }

  /// Calls `body` with the bytes of ``applying(pending:onto:)``'s state, written from this one
  /// without building it: the partial-order reduction asks for the next state of most
  /// alternatives of a batch, and building each (copying the snapshot, then freeing it) cost
  /// more than writing it. Only for a snapshot with no unnumbered event, whose successor keeps
  /// every number (``numberUnnumberedEventsInOrder()`` has nothing to renumber).
  func withKernelBytes<Result>(
    applyingPending position: Int, onto lane: LaneID,
    _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    precondition(unnumberedEvents.isEmpty, "a successor with unnumbered events is built")
    return withKernelBytes(applying: (position, Int(lane.index)), body)
  }

  /// The bytes, with the pending entry at `applied.position` applied onto lane `applied.lane`
  /// when there is one, as ``applying(pending:onto:)`` applies it.
  private func withKernelBytes<Result>(
    applying applied: (position: Int, lane: Int)?, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    // Allocated here rather than by `withUnsafeTemporaryAllocation`, whose closure was handed
    // a copy of the whole snapshot (and freed it after) at every call.
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(
      capacity: byteBound &+ SnapshotWriter.wordBytes)
    defer { buffer.deallocate() }
    let count = writeKernelBytes(applying: applied, into: buffer)
    return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
  }

  /// Writes the bytes into `buffer`, at least ``byteBound`` long, and returns how many it
  /// wrote. Not generic over what the caller makes of them: a generic writer copied the whole
  /// snapshot for each state written.
  private func writeKernelBytes(
    applying applied: (position: Int, lane: Int)?, into buffer: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    let removed = applied.map { pendingBatch[$0.position] }
    // What the applied entry adds to its lane, and the timer it takes away, if any.
    var addedJob: Job?
    var removedTimer: (task: Int32, rank: Int)?
    switch removed?.action {
    case .event(let number, _): addedJob = .event(number)
    case .timer(let task, let timerRank):
      addedJob = .task(task)
      removedTimer = (task, timerRank)
    case .laneFree: preconditionFailure("a lane's end of a busy period is never a choice")
    case nil: break
    }
    // An entry as it is after the removal: ranks above the removed entry's close up, and so do
    // timer ranks above the removed timer's.
    func closedUp(_ entry: Entry) -> Entry {
      guard let removed else { return entry }
      var entry = entry
      if entry.rank > removed.rank { entry.rank -= 1 }
      if let removedTimer, case .timer(let task, let rank) = entry.action, rank > removedTimer.rank
      {
        entry.action = .timer(task: task, timerRank: rank - 1)
      }
      return entry
    }
    var writer = SnapshotWriter(into: buffer)
    writer.append(UInt64(lanes.count))
    for index in lanes.indices {
      lanes[index].write(into: &writer, adding: index == applied?.lane ? addedJob : nil)
    }
    writer.append(nowClass)
    writer.append(now)
    zone.write(into: &writer)
    writer.append(UInt64(pendingBatch.count &- (removed == nil ? 0 : 1)))
    for index in pendingBatch.indices where index != applied?.position {
      closedUp(pendingBatch[index]).write(into: &writer)
    }
    writer.append(UInt64(agenda.count))
    for index in agenda.indices { closedUp(agenda[index]).write(into: &writer) }
    writer.append(UInt64(tasks.count))
    for index in tasks.indices {
      var task = tasks[index]
      if let removedTimer {
        if case .sleeping(let rank) = task.state, rank > Int64(removedTimer.rank) {
          task.state = .sleeping(timer: rank - 1)
        }
        if index == Int(removedTimer.task) { task.state = .resumeQueued(.sleep, throwing: false) }
      }
      task.write(into: &writer)
    }
    wallClock.write(into: &writer)
    return writer.count
  }

  /// At least the number of bytes ``withKernelBytes(_:)`` writes: the most numbers each part
  /// writes, at the most bytes a number takes.
  private var byteBound: Int {
    let jobs = lanes.reduce(0) { $0 &+ $1.jobs.count }
    let words =
      10 &+ lanes.count &* 2 &+ jobs &+ (pendingBatch.count &+ agenda.count) &* 6 &+ tasks.count
      &* 6
    return words &* SnapshotWriter.wordBytes &+ (zone.boundCount &+ 1)
      &* SnapshotWriter.doubleWordBytes
  }
}

extension WallClock {
  /// Its start, its offset and the sum of its shifts. (A test holds this list against the
  /// clock's stored properties, so that one added later is not left out.)
  func write(into writer: inout SnapshotWriter) {
    writer.append(startNanosecondsSinceEpoch)
    writer.append(Int(utcOffsetSeconds))
    writer.append(shiftNanoseconds)
  }
}

extension StateSnapshot.Lane {
  /// Its queue's length and flags in one number (whether it is ready too, which follows from
  /// the others, so that the ready lanes can be read back, by the rule of
  /// ``LaneAvailability``: it can run and has a job queued), its busy instant if it has one, a
  /// number per job; with `added`, as the lane is once that job joins the back of its queue.
  func write(into writer: inout SnapshotWriter, adding added: StateSnapshot.Job? = nil) {
    let count = jobs.count &+ (added == nil ? 0 : 1)
    let ready = canRun && count > 0
    writer.append(
      UInt64(count) << 3 | (ready ? 4 : 0) | (busyUntil == nil ? 0 : 2) | (isFrozen ? 1 : 0))
    if let busyUntil { writer.append(busyUntil.nanoseconds) }
    for job in jobs { job.write(into: &writer) }
    added?.write(into: &writer)
  }
}

extension StateSnapshot.Job {
  /// Its number, and whether it is a task's.
  func write(into writer: inout SnapshotWriter) {
    switch self {
    case .event(let number): writer.append(Int(number) << 1)
    case .task(let task): writer.append(Int(task) << 1 | 1)
    }
  }
}

extension StateSnapshot.Entry {
  /// Its class, its instant and its rank, then its action's kind and its tie flag in one
  /// number, and the action's operands.
  func write(into writer: inout SnapshotWriter) {
    writer.append(instantClass)
    writer.append(due)
    writer.append(rank)
    let tie: UInt64 = tieLast ? 1 : 0
    switch action {
    case .event(let number, let mayBeLost):
      writer.append((mayBeLost ? 2 : 0) | tie)
      writer.append(Int(number))
    case .timer(let task, let timerRank):
      writer.append(4 | tie)
      writer.append(Int(task))
      writer.append(timerRank)
    case .laneFree(let lane):
      writer.append(6 | tie)
      writer.append(Int(lane))
    }
  }
}

extension StateSnapshot.Task {
  /// Its program, lane, place and cancellation, then its state's kind and operands.
  func write(into writer: inout SnapshotWriter) {
    writer.append(Int(program))
    writer.append(Int(lane))
    writer.append(Int(pc))
    switch state {
    case .startQueued:
      writer.append(UInt64(isCancelled ? 1 : 0))
    case .running:
      writer.append(UInt64(isCancelled ? 3 : 2))
    case .sleeping(let timer):
      writer.append(UInt64(isCancelled ? 5 : 4))
      writer.append(timer)
    case .resumeQueued(let suspension, let throwing):
      writer.append(UInt64(isCancelled ? 7 : 6))
      let kind: UInt64 =
        switch suspension {
        case .sleep: 0
        case .yield: 1
        case .hop: 2
        case .await: 3
        }
      writer.append(kind << 1 | (throwing ? 1 : 0))
    case .awaiting(let other):
      writer.append(UInt64(isCancelled ? 9 : 8))
      writer.append(Int(other))
    case .ended(let end):
      writer.append(UInt64(isCancelled ? 11 : 10))
      let kind: UInt64 =
        switch end {
        case .returned: 0
        case .threw: 1
        case .killed: 2
        }
      writer.append(kind)
    }
  }
}
