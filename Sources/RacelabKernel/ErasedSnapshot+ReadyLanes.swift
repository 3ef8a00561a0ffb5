extension ErasedSnapshot {
  /// Which lanes are ready, as the state graph reads it at a lane-order point, from the
  /// snapshot's kernel bytes (``withKernelBytes(_:)``): the lowest ready lane, how many ready
  /// lanes are below `first` (its place among them when they are offered from the lowest), and
  /// how many lanes are ready. Each lane's bytes say whether it is ready, by
  /// ``LaneAvailability``'s rule.
  func readyLanes(from first: LaneID) -> (lowest: LaneID, rank: Int, count: Int) {
    withKernelBytes { readyLanes(from: first, in: $0) }
  }

  private func readyLanes(from first: LaneID, in bytes: UnsafeRawBufferPointer) -> (
    lowest: LaneID, rank: Int, count: Int
  ) {
    var reader = SnapshotReader(bytes)
    var lowest: Int32?
    var rank = 0
    var count = 0
    let laneCount = reader.next()
    var lane: Int32 = 0
    while UInt64(lane) < laneCount {
      let header = reader.next()
      if header & 2 != 0 { reader.skip() }  // the busy instant
      for _ in 0..<(header >> 3) { reader.skip() }
      if header & 4 != 0 {
        if lowest == nil { lowest = lane }
        if lane < first.index { rank += 1 }
        count += 1
      }
      lane += 1
    }
    return (LaneID(index: lowest ?? first.index), rank, count)
  }
}
