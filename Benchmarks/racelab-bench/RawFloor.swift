// RawFloor.swift — the "storm" workload as a bare binary-heap event loop.
//
// This is the practical floor for a single-threaded discrete-event loop: no
// tasks, no closures, no executor, no trace, no allocation per event — just a
// min-heap of 24-byte value entries stored in one preallocated array, plus
// flat per-task arrays. racelab's numbers are meant to be read against it.

/// One pending timer: due time in virtual nanoseconds, registration sequence
/// number (the tie-breaker), and the owning task (`-1` is the controller).
private struct RawFloorEntry {
  var due: Int64
  var sequence: UInt64
  var task: Int32
}

/// Heap order: earlier `due` first; at one instant, earlier registration first.
@inline(__always)
private func rawFloorPrecedes(_ a: RawFloorEntry, _ b: RawFloorEntry) -> Bool {
  a.due != b.due ? a.due < b.due : a.sequence < b.sequence
}

/// Minimal array-backed binary min-heap keyed by `(due, sequence)`.
///
/// The backing array is sized once to the maximum number of pending entries
/// and never grows or shrinks; `count` tracks the live prefix. Sifts move a
/// "hole" instead of swapping.
private struct RawFloorHeap {
  private var slots: [RawFloorEntry]
  private(set) var count = 0

  /// Creates an empty heap able to hold `capacity` entries.
  init(capacity: Int) {
    slots = Array(
      repeating: RawFloorEntry(due: 0, sequence: 0, task: 0),
      count: Swift.max(capacity, 1))
  }

  /// The minimum entry. Precondition: `count > 0`.
  var top: RawFloorEntry { slots[0] }

  /// Inserts `entry`. Precondition: `count < capacity`.
  mutating func push(_ entry: RawFloorEntry) {
    var hole = count
    count += 1
    while hole > 0 {
      let parent = (hole - 1) >> 1
      let parentEntry = slots[parent]
      if !rawFloorPrecedes(entry, parentEntry) { break }
      slots[hole] = parentEntry
      hole = parent
    }
    slots[hole] = entry
  }

  /// Removes the minimum entry. Precondition: `count > 0`.
  mutating func removeTop() {
    count -= 1
    if count > 0 { siftDown(slots[count]) }
  }

  /// Replaces the minimum entry with `entry` (pop + push in one sift).
  /// Precondition: `count > 0`.
  mutating func replaceTop(_ entry: RawFloorEntry) {
    siftDown(entry)
  }

  /// Places `entry` starting from the root hole and sifts it down.
  private mutating func siftDown(_ entry: RawFloorEntry) {
    var hole = 0
    while true {
      var child = 2 * hole + 1
      if child >= count { break }
      if child + 1 < count, rawFloorPrecedes(slots[child + 1], slots[child]) {
        child += 1
      }
      let childEntry = slots[child]
      if !rawFloorPrecedes(childEntry, entry) { break }
      slots[hole] = childEntry
      hole = child
    }
    slots[hole] = entry
  }
}

/// Runs the "storm" workload for `tasks` tasks on a bare binary heap and
/// returns its event count and checksum.
///
/// Workload: task `i` sleeps `d_i = 1 + ((x_{i+1} >> 33) % 1000)` ms ten times
/// in a row (`x_0 = 42`, `x_{i+1} = x_i · 6364136223846793005 +
/// 1442695040888963407` mod 2^64); all tasks start at t = 0. A controller,
/// started after all tasks, sleeps 2500 ms and then cancels every task with
/// `i % 7 == 0`; a cancelled task stops at once. `events` = completed sleeps +
/// delivered cancellations (delivered iff the task had not yet finished);
/// `checksum` = sum of the completion times in ms of every completed sleep,
/// mod 2^64.
///
/// Tie rule (Swift `Task.sleep` semantics, as in the racelab kernel), mirrored
/// by the heap key: every entry gets a sequence number at registration; the
/// controller's entry is registered at t = 0 (sequence `tasks`), so it has the
/// smallest sequence among the entries due at 2500 ms and is popped first.
/// Cancellation sets a flag; a flagged task's pending entry is dropped lazily
/// when popped. If that entry is due exactly at the cancel instant, its timer
/// had already fired when the controller ran, so the sleep counts as completed
/// before the task stops; if it is due later, the sleep was interrupted and
/// does not count. A task whose 10th sleep is due at 2500 ms is still
/// unfinished when the controller runs, so its cancellation is delivered.
func rawFloorStorm(tasks: Int) -> (events: UInt64, checksum: UInt64) {
  precondition(tasks >= 0 && tasks < Int(Int32.max), "rawFloorStorm: bad task count")
  let sleepsPerTask: UInt8 = 10
  let nanosPerMilli: Int64 = 1_000_000
  let controllerSleep: Int64 = 2500 * nanosPerMilli
  let cancelStride = 7
  let controllerTask: Int32 = -1

  // Per-task state in flat arrays.
  var duration = [Int64](repeating: 0, count: tasks)
  var remaining = [UInt8](repeating: sleepsPerTask, count: tasks)
  var cancelled = [Bool](repeating: false, count: tasks)
  var x: UInt64 = 42
  for i in 0..<tasks {
    x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    duration[i] = Int64(1 + (x >> 33) % 1000) * nanosPerMilli
  }

  // At most one pending timer per task, plus the controller's.
  var heap = RawFloorHeap(capacity: tasks + 1)
  var nextSequence: UInt64 = 0
  for i in 0..<tasks {
    heap.push(RawFloorEntry(due: duration[i], sequence: nextSequence, task: Int32(i)))
    nextSequence &+= 1
  }
  heap.push(RawFloorEntry(due: controllerSleep, sequence: nextSequence, task: controllerTask))
  nextSequence &+= 1

  var events: UInt64 = 0
  var checksum: UInt64 = 0
  var cancelInstant = Int64.max

  while heap.count > 0 {
    let entry = heap.top
    if entry.task == controllerTask {
      heap.removeTop()
      cancelInstant = entry.due
      for i in stride(from: 0, to: tasks, by: cancelStride) where remaining[i] > 0 {
        cancelled[i] = true
        events &+= 1  // cancellation delivered
      }
      continue
    }
    let task = Int(entry.task)
    if cancelled[task] {
      heap.removeTop()
      remaining[task] = 0
      if entry.due <= cancelInstant {  // fired at the cancel instant: completed
        events &+= 1
        checksum &+= UInt64(entry.due / nanosPerMilli)
      }
      continue
    }
    events &+= 1
    checksum &+= UInt64(entry.due / nanosPerMilli)
    remaining[task] -= 1
    if remaining[task] > 0 {
      heap.replaceTop(
        RawFloorEntry(due: entry.due + duration[task], sequence: nextSequence, task: entry.task))
      nextSequence &+= 1
    } else {
      heap.removeTop()
    }
  }
  return (events, checksum)
}
