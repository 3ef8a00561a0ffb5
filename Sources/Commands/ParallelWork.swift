import Dispatch
import RacelabKernel

/// Runs independent pieces of work on several threads and returns their results in index
/// order, so the outcome never depends on which thread finished first.
enum ParallelWork {
  /// `body(tools, 0) … body(tools, count - 1)`, on `jobs` threads; worker `w` makes its own
  /// `tools` once, with `worker(w)`.
  ///
  /// Each worker starts on its own block of consecutive indices, so the threads work on parts
  /// of a space far apart (sharing a state graph, they then seldom expand one state at the
  /// same time, twice); a worker whose block is done takes the last index of the largest
  /// block left.
  static func map<Tools, Result: Sendable>(
    count: Int, jobs: Int, worker: @escaping @Sendable (Int) -> Tools,
    _ body: @escaping @Sendable (Tools, Int) -> Result
  ) -> [Result] {
    let slots = Locked<[Result?]>(Array(repeating: nil, count: count))
    let workers = max(1, min(jobs, count))
    let blocks = Locked(Blocks(count: count, workers: workers))
    DispatchQueue.concurrentPerform(iterations: workers) { number in
      let tools = worker(number)
      while let index = blocks.withLock({ $0.next(for: number) }) {
        let result = body(tools, index)
        slots.withLock { $0[index] = result }
      }
    }
    return slots.withLock { $0.map { $0! } }
  }

  /// The indices not yet taken: one block of consecutive indices per worker.
  private struct Blocks {
    var left: [Range<Int>]

    init(count: Int, workers: Int) {
      left = (0..<workers).map { worker in
        (worker * count / workers)..<((worker + 1) * count / workers)
      }
    }

    /// The next index of `worker`'s block, or else the last of the largest block left.
    mutating func next(for worker: Int) -> Int? {
      if let first = left[worker].first {
        left[worker] = (first + 1)..<left[worker].upperBound
        return first
      }
      guard let largest = left.indices.max(by: { left[$0].count < left[$1].count }),
        let last = left[largest].last
      else { return nil }
      left[largest] = left[largest].lowerBound..<last
      return last
    }
  }
}
