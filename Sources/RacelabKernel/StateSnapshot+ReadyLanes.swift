extension StateSnapshot {
  /// Which lanes are ready, as the state graph reads it at a lane-order point: the lowest ready
  /// lane, how many ready lanes are below `first` (its place among them when they are offered
  /// from the lowest), and how many lanes are ready.
  func readyLanes(from first: LaneID) -> (lowest: LaneID, rank: Int, count: Int) {
    let ready = lanes.indices.filter { lanes[$0].isReady }
    let lowest = LaneID(index: Int32(ready.first ?? Int(first.index)))
    return (lowest, ready.count(where: { $0 < Int(first.index) }), ready.count)
  }
}
