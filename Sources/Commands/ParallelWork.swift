import Dispatch
import Foundation

/// Runs independent pieces of work on several threads and returns their results in index
/// order, so the outcome never depends on which thread finished first.
enum ParallelWork {
  /// `body(0) … body(count - 1)`, on `jobs` threads; worker `w` takes indices `w, w + jobs, …`.
  static func map<Result: Sendable>(
    count: Int, jobs: Int, _ body: @escaping @Sendable (Int) -> Result
  ) -> [Result] {
    let slots = Slots<Result>(count: count)
    let workers = max(1, min(jobs, count))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for index in stride(from: worker, to: count, by: workers) {
        slots.store(body(index), at: index)
      }
    }
    return slots.values
  }

  /// Result slots written by several threads under a lock.
  private final class Slots<Result: Sendable>: @unchecked Sendable {
    private var storage: [Result?]
    private let lock = NSLock()

    init(count: Int) {
      storage = Array(repeating: nil, count: count)
    }

    func store(_ value: Result, at index: Int) {
      lock.withLock { storage[index] = value }
    }

    var values: [Result] {
      lock.withLock { storage.map { $0! } }
    }
  }
}
