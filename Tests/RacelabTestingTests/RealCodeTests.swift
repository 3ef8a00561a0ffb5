import Dispatch
import Foundation
import RacelabTesting
import Synchronization
import TestSizes
import Testing

/// Limits for a body whose work comes back from a thread racelab does not control: the wait
/// ends only a run whose body is really stuck (``longerThanTheTestRun``).
let outsideWorkLimits = RealCodeLimits(outsideWait: longerThanTheTestRun)

/// A counter whose increment reads, suspends, then writes: two increments at once can lose one.
actor Counter {
  var value = 0

  func increment() async {
    let read = value
    await Task.yield()
    value = read + 1
  }
}

/// The same on the main actor.
@MainActor private final class MainCounter {
  var value = 0

  func increment() async {
    MainActor.assertIsolated()
    let read = value
    await Task.yield()
    value = read + 1
  }
}

/// A list that tasks on racelab's thread append to (one job runs at a time there).
private final class Log: @unchecked Sendable {
  var entries: [String] = []
}

@Suite("Real code under racelab's control")
struct RealCodeTests {
  @Test("two increments on an actor: the search finds the lost update and the good order")
  func lostUpdateOnActor() async {
    let exploration = await Race.explore {
      let counter = Counter()
      async let first: Void = counter.increment()
      async let second: Void = counter.increment()
      _ = await (first, second)
      let value = await counter.value
      Race.check(value == 2, "no-lost-update")
      return value
    }
    #expect(exploration.complete)
    #expect(exploration.problems == [])
    #expect(Set(exploration.results) == ["1", "2"])
    #expect(exploration.violationNames == ["no-lost-update"])
    #expect(exploration.outcomes.first?.schedule == "default")
  }

  @Test("a result's dictionaries and sets are described in one order, whatever their own")
  func resultsAreStableText() async {
    let exploration = await Race.explore { () async -> [String: Set<Int>] in
      ["b": [3, 1, 2], "a": [], "c": [7]]
    }
    #expect(exploration.results == [#"["a": [], "b": [1, 2, 3], "c": [7]]"#])
    let tuple = await Race.explore { () async -> (Int?, [String: Int]?) in (nil, ["x": 1]) }
    #expect(tuple.results == [#"(nil, ["x": 1])"#])
  }

  @Test(
    "main-actor jobs run first in, first out: the second task starts before the first resumes, in every order"
  )
  func mainActorTasks() async {
    let exploration = await Race.explore { @MainActor () async -> Int in
      let counter = MainCounter()
      let first = Task { @MainActor in await counter.increment() }
      let second = Task { @MainActor in await counter.increment() }
      await first.value
      await second.value
      return counter.value
    }
    #expect(exploration.complete)
    #expect(exploration.problems == [])
    #expect(exploration.results == ["1"])
    #expect(exploration.schedules > 1)
  }

  @Test("sleeps are virtual: an hour passes at once, and timers fire in deadline order")
  func sleepsAreVirtual() async throws {
    let body: @Sendable () async -> String = {
      let log = Log()
      let late = Task {
        try? await Task.sleep(for: .seconds(3600))
        log.entries.append("late")
      }
      let early = Task {
        try? await Task.sleep(nanoseconds: 1_500_000)
        log.entries.append("early")
      }
      await late.value
      await early.value
      return log.entries.joined(separator: ",")
    }
    let exploration = await Race.explore(body)
    #expect(exploration.results == ["early,late"])
    let run = try #require(await Race.replay("default", body))
    #expect(run.trace.contains { $0.contains("sleep 1h → timer #1 due at 01:00:00.000") })
    #expect(run.trace.contains { $0.contains("sleep 1.5ms → timer #2 due at 00:00:00.0015") })
  }

  @Test("a cancel during the sleep throws; a cancel after the sleep completed only sets the flag")
  func cancellationFollowsTheRuntime() async {
    @Sendable func race(cancelAfter delay: Duration) async -> String {
      let sleeper = Task { () -> String in
        do {
          try await Task.sleep(for: .seconds(2))
          return "returned, isCancelled \(Task.isCancelled)"
        } catch {
          return "threw \(type(of: error))"
        }
      }
      try? await Task.sleep(for: delay)
      sleeper.cancel()
      return await sleeper.value
    }
    let early = await Race.explore { await race(cancelAfter: .seconds(1)) }
    #expect(early.results == ["threw CancellationError"])
    let together = await Race.explore { await race(cancelAfter: .seconds(2)) }
    #expect(Set(together.results) == ["returned, isCancelled true", "returned, isCancelled false"])
  }

  @Test("a replay token reproduces its run, trace byte for byte")
  func replayReproduces() async throws {
    let body: @Sendable () async -> Int = {
      let counter = Counter()
      Race.always("at-most-two") { true }
      async let first: Void = counter.increment()
      async let second: Void = counter.increment()
      _ = await (first, second)
      Race.note("both increments returned")
      let value = await counter.value
      Race.check(value == 2, "no-lost-update")
      return value
    }
    let exploration = await Race.explore(body)
    let token = try #require(exploration.violations.first?.schedule)
    let first = try #require(await Race.replay(token, body))
    let second = try #require(await Race.replay(token, body))
    #expect(first.result == "1")
    #expect(first.violations == ["no-lost-update"])
    #expect(first.fitted)
    #expect(first.description == second.description)
    #expect(first.trace.contains { $0.hasSuffix("both increments returned") })
    #expect(await Race.replay("not a token", body) == nil)
  }

  @Test("a replay renders as a model's run does: text, JSON and an SVG timeline")
  func replayRendersLikeAModel() async throws {
    let run = try #require(
      await Race.replay("default") { () async -> String in
        let sleeper = Task { try? await Task.sleep(for: .seconds(2)) }
        try? await Task.sleep(for: .seconds(1))
        sleeper.cancel()
        await sleeper.value
        return "done"
      })
    #expect(run.trace.first == "racelab · real code · runtime swift · variant as written")
    #expect(run.text.contains("cancel T2 → timer #2 discarded"))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.json.utf8)) as? [String: Any])
    let kinds = (json["trace"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
    #expect(kinds.contains("sleepStarted") && kinds.contains("timerFired"))
    #expect(run.svg.hasPrefix("<svg") && run.svg.contains("timer #1"))
  }

  @Test("a search started from driven code is refused, not deadlocked")
  func nestedSearchIsRefused() async {
    let outer = await Race.explore { () async -> String in
      let inner = await Race.explore { 1 }
      return inner.problems.first ?? "no problem"
    }
    #expect(
      outer.results == [
        "a search was started from code racelab is already driving; start searches from the "
          + "test, outside Race.explore, Race.sample and Race.replay"
      ])
  }

  @Test("a body that waits for something nothing will do is reported, not hung")
  func stuckBodyIsReported() async {
    // Nothing in the run ends the stream; the test ends it afterwards, so the task racelab
    // gave up on finishes (on the platform's executor) instead of staying suspended forever.
    let (stream, end) = AsyncStream.makeStream(of: Int.self)
    let exploration = await Race.explore(limits: RealCodeLimits(outsideWait: .milliseconds(20))) {
      () async -> String in
      for await _ in stream {}
      return "ended"
    }
    end.finish()
    #expect(exploration.results == [RaceOutcome.unfinished])
    #expect(exploration.problems.contains { $0.contains("did not finish") })
  }

  @Test("a continuation resumed on a DispatchQueue is run but reported as uncontrolled")
  func outsideResumptionIsReported() async {
    let exploration = await Race.explore(limits: outsideWorkLimits) {
      () async -> String in
      // The queue resumes the continuation only once the body has suspended on it: the gate
      // opens in a job of its own, which runs after the body's.
      let gate = DispatchSemaphore(value: 0)
      let opener = Task { _ = gate.signal() }
      let result = await withCheckedContinuation {
        (continuation: CheckedContinuation<String, Never>) in
        DispatchQueue.global().async {
          gate.wait()
          continuation.resume(returning: "resumed")
        }
      }
      await opener.value
      return result
    }
    #expect(exploration.results == ["resumed"])
    #expect(exploration.problems.contains { $0.contains("arrived from another thread") })
  }

  @Test("code whose later runs race less than its first is reported, not counted as explored")
  func codeThatDoesNotRepeatItselfIsReported() async {
    // Only the body's first run races two increments; every later run makes no choice, so
    // the run that should take the first run's other orders cannot.
    let starts = Starts()
    let exploration = await Race.explore { () async -> Int in
      let counter = Counter()
      if starts.next() == 0 {
        async let first: Void = counter.increment()
        async let second: Void = counter.increment()
        _ = await (first, second)
      }
      return await counter.value
    }
    #expect(!exploration.complete && exploration.schedules == 1)
    #expect(exploration.problems.contains { $0.contains("met other choice points") })
    // The first run, then the second one's eight tries.
    #expect(starts.next() == 9)
  }

  @Test("a run that once fails to repeat an earlier one is run again, and the search goes on")
  func aRunThatDivergesOnceIsRunAgain() async {
    let starts = Starts()
    let exploration = await Race.explore { () async -> Int in
      let counter = Counter()
      if starts.next() != 1 {
        async let first: Void = counter.increment()
        async let second: Void = counter.increment()
        _ = await (first, second)
      }
      return await counter.value
    }
    #expect(exploration.complete && exploration.problems.isEmpty)
    #expect(Set(exploration.results) == ["1", "2"])
  }
}

/// Counts the starts of a body across its runs (which a body should not depend on).
private final class Starts: Sendable {
  private let count = Mutex(0)

  /// The number of starts before this one.
  func next() -> Int {
    count.withLock { count in
      defer { count += 1 }
      return count
    }
  }
}

/// Ordinary async tests that run beside the controlled ones: none of their jobs may be
/// captured or reordered.
@Suite("Neighbours of controlled runs")
struct NeighbourTests {
  @Test("task groups, yields and real sleeps of an ordinary test run untouched", arguments: 0..<4)
  func ordinaryAsyncWork(round: Int) async throws {
    var total = 0
    for _ in 0..<200 {
      await Task.yield()
      total += await withTaskGroup(of: Int.self) { group in
        group.addTask { 1 }
        group.addTask { 1 }
        return await group.reduce(0, +)
      }
    }
    try await Task.sleep(for: .milliseconds(1))
    #expect(total == 400)
  }
}

/// A serial executor that runs its jobs on a dispatch queue.
private final class QueueExecutor: SerialExecutor {
  static let shared = QueueExecutor()
  private let queue = DispatchQueue(label: "racelab.tests.queue-executor")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}

/// An actor whose jobs run on an executor of its own: outside racelab's control.
private actor QueueBoundCounter {
  private var value = 0

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    QueueExecutor.shared.asUnownedSerialExecutor()
  }

  func increment() -> Int {
    value += 1
    return value
  }
}

@Suite("What racelab cannot control is reported")
struct UncontrolledWorkTests {
  @Test("an actor with an executor of its own runs the call elsewhere: reported, not raced")
  func customExecutorIsReported() async {
    let exploration = await Race.explore(limits: outsideWorkLimits) {
      await QueueBoundCounter().increment()
    }
    #expect(exploration.results == ["1"])
    #expect(exploration.problems.contains { $0.contains("an actor with its own executor") })
  }
}
