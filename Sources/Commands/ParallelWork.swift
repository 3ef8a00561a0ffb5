import Dispatch
import RacelabKernel

/// Runs independent pieces of work on several threads and returns their results in index
/// order, so the outcome never depends on which thread finished first.
enum ParallelWork {
  /// `body(0) … body(count - 1)`, on `jobs` threads; worker `w` takes indices `w, w + jobs, …`.
  static func map<Result: Sendable>(
    count: Int, jobs: Int, _ body: @escaping @Sendable (Int) -> Result
  ) -> [Result] {
    let slots = Locked<[Result?]>(Array(repeating: nil, count: count))
    let workers = max(1, min(jobs, count))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for index in stride(from: worker, to: count, by: workers) {
        let result = body(index)
        slots.withLock { $0[index] = result }
      }
    }
    return slots.withLock { $0.map { $0! } }
  }
}
