import Dispatch
import RacelabKernel
import TestSizes

/// A one-shot gate for async code: ``wait()`` suspends until ``open()`` was called, and returns
/// at once after that. Waiting is not a cancellation point, so a cancelled task still waits.
final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  // A pthread lock (Locked), which ThreadSanitizer sees: it does not see Synchronization's Mutex
  // on Linux, and reports the accesses it guards as races.
  private let state = Locked(State())

  /// Opens the gate and releases every waiter. Opening twice does nothing.
  func open() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard !state.isOpen else { return [] }
      state.isOpen = true
      let waiters = state.waiters
      state.waiters = []
      return waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Suspends until the gate is open.
  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let openAlready = state.withLock { state -> Bool in
        if state.isOpen { return true }
        state.waiters.append(continuation)
        return false
      }
      if openAlready { continuation.resume() }
    }
  }
}

/// A one-shot gate that blocks the calling thread: a job that waits on it holds its actor.
final class BlockingGate: @unchecked Sendable {
  // DispatchSemaphore is thread-safe; it is only not marked Sendable on this platform.
  private let semaphore = DispatchSemaphore(value: 0)

  /// Releases the blocked thread.
  func open() { semaphore.signal() }

  /// Blocks until ``open()``. The limit, ``longerThanTheTestRun``, is a safety net against a
  /// hang when the runtime does not behave as the test assumes; it never orders anything.
  /// Returns whether the gate was opened.
  func block() -> Bool {
    let limit = Int(longerThanTheTestRun.components.seconds)
    return semaphore.wait(timeout: .now() + .seconds(limit)) == .success
  }
}

/// A task executor that runs jobs one at a time on a private queue and opens a gate when its
/// first job has returned. A task with this executor preference runs its nonisolated code, including the
/// body of `Task.sleep`, here; when its first job returns, the task has suspended.
final class ObservingExecutor: TaskExecutor, @unchecked Sendable {
  // The queue is serial and the counter is behind a lock.
  private let queue = DispatchQueue(label: "racelab.conformance.executor")
  private let started = Locked(0)
  /// Opened when the first job has returned.
  let firstJobReturned = Gate()

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async {
      let number = self.started.withLock { count -> Int in
        count += 1
        return count
      }
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      if number == 1 { self.firstJobReturned.open() }
    }
  }

  /// How many jobs have started.
  var jobsStarted: Int { started.withLock { $0 } }
}
