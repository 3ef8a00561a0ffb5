import Dispatch
import RacelabKernel

/// Runs independent pieces of work on several threads and returns their results in index
/// order, so the outcome never depends on which thread finished first.
enum ParallelWork {
  /// `body(tools, 0) … body(tools, count - 1)`, on `jobs` threads; worker `w` makes its own
  /// `tools` once, with `worker(w)`, and takes indices `w, w + jobs, …`.
  static func map<Tools, Result: Sendable>(
    count: Int, jobs: Int, worker: @escaping @Sendable (Int) -> Tools,
    _ body: @escaping @Sendable (Tools, Int) -> Result
  ) -> [Result] {
    let slots = Locked<[Result?]>(Array(repeating: nil, count: count))
    let workers = max(1, min(jobs, count))
    DispatchQueue.concurrentPerform(iterations: workers) { number in
      let tools = worker(number)
      for index in stride(from: number, to: count, by: workers) {
        let result = body(tools, index)
        slots.withLock { $0[index] = result }
      }
    }
    return slots.withLock { $0.map { $0! } }
  }
}
