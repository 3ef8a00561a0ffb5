import RacelabTesting
import Testing

/// An order of marks that tasks on the main actor append to.
@MainActor private final class Marks {
  var entries: [String] = []
  var text: String { entries.joined(separator: ",") }
}

/// Rules S1–S10 for jobs racelab drives: the cases `Tests/ConformanceTests` runs on the free
/// runtime, run here under racelab's control and explored. Where the free runtime has one
/// answer, every schedule must give it; where the rule is a race (S5), the search must find
/// both sides.
@Suite("S1–S10 hold for jobs racelab drives")
struct RealCodeConformanceTests {
  @Test("S1: sleep in a task already cancelled throws at once", arguments: [0, -5, 3_600_000])
  func s1(milliseconds: Int) async {
    let exploration = await Race.explore { () async -> String in
      let task = Task { () -> String in
        withUnsafeCurrentTask { $0?.cancel() }
        do {
          try await Task.sleep(for: .milliseconds(milliseconds))
          return "returned"
        } catch {
          return "threw \(type(of: error))"
        }
      }
      return await task.value
    }
    #expect(exploration.results == ["threw CancellationError"])
    #expect(exploration.complete && exploration.problems.isEmpty)
  }

  @Test("S2: a sleeping task suspends; another job runs; it wakes when its timer is due")
  func s2() async throws {
    let body: @Sendable () async -> String = { @MainActor in
      let marks = Marks()
      let sleeper = Task { @MainActor in
        marks.entries.append("a-before")
        try? await Task.sleep(for: .milliseconds(100))
        marks.entries.append("a-after")
      }
      let other = Task { @MainActor in marks.entries.append("b") }
      await sleeper.value
      await other.value
      return marks.text
    }
    let exploration = await Race.explore(body)
    #expect(exploration.results == ["a-before,b,a-after"])
    let run = try #require(await Race.replay("default", body))
    #expect(run.trace.contains { $0.contains("sleep 0.100s → timer #1 due at 0.100s (S2") })
    #expect(run.trace.contains { $0.contains("0.100s") && $0.contains("timer #1 fires") })
  }

  @Test("S2 with a zero duration: the task still suspends and a queued job runs first")
  func s2Zero() async {
    let exploration = await Race.explore {
      await Self.marksOfTwoTasks { try? await Task.sleep(for: .zero) }
    }
    #expect(exploration.results == ["a1,b1,a2"])
  }

  /// Two main-actor tasks started together: the first marks `a1`, suspends with `suspend`,
  /// marks `a2`; the second marks `b1`. The marks in the order they were made.
  @MainActor private static func marksOfTwoTasks(
    _ suspend: @escaping @MainActor () async -> Void
  ) async -> String {
    let marks = Marks()
    let first = Task { @MainActor in
      marks.entries.append("a1")
      await suspend()
      marks.entries.append("a2")
    }
    let second = Task { @MainActor in marks.entries.append("b1") }
    await first.value
    await second.value
    return marks.text
  }

  @Test("S3: a cancel while the timer is pending makes the sleep throw at once")
  func s3() async throws {
    let body: @Sendable () async -> String = {
      let sleeper = Task { () -> String in
        do {
          try await Task.sleep(for: .seconds(10))
          return "returned"
        } catch {
          return "threw \(type(of: error))"
        }
      }
      try? await Task.sleep(for: .seconds(1))
      sleeper.cancel()
      let result = await sleeper.value
      Race.note("the sleeper's result is in")
      return result
    }
    let exploration = await Race.explore(body)
    #expect(exploration.results == ["threw CancellationError"])
    let run = try #require(await Race.replay("default", body))
    let early = try #require(
      run.trace.firstIndex {
        $0.contains("timer #2 discarded, the resumption will throw CancellationError (S3")
      })
    let result = try #require(run.trace.firstIndex { $0.contains("result is in") })
    #expect(early < result)
    #expect(run.trace[result].contains("1.000s"))
    // DrivingRealCode.md, in the documentation, shows this trace.
    #expect(
      run.trace.contains(
        "      0.000s  1  pool  T1 starts                  T2 created (from T1) · first step "
          + "queued on pool (C5: a new task starts in a job of its own, after the current one)"))
  }

  @Test("S4: the timer expires and the sleep returns normally")
  func s4() async {
    let exploration = await Race.explore { () async -> String in
      await Task { () -> String in
        do {
          try await Task.sleep(for: .seconds(2))
          return "returned, isCancelled \(Task.isCancelled)"
        } catch {
          return "threw"
        }
      }.value
    }
    #expect(exploration.results == ["returned, isCancelled false"])
  }

  @Test("S6: try? drops the error and the next step runs with the flag set")
  func s6() async {
    let exploration = await Race.explore { () async -> String in
      let task = Task { () -> String in
        try? await Task.sleep(for: .seconds(2))
        return "next ran, isCancelled \(Task.isCancelled)"
      }
      try? await Task.sleep(for: .seconds(1))
      task.cancel()
      return await task.value
    }
    #expect(exploration.results == ["next ran, isCancelled true"])
  }

  @Test("S7: checkCancellation throws in a cancelled task", arguments: [true, false])
  func s7(cancel: Bool) async {
    let exploration = await Race.explore { () async -> String in
      let task = Task { () -> String in
        try? await Task.sleep(for: .seconds(1))
        do {
          try Task.checkCancellation()
          return "returned"
        } catch {
          return "threw"
        }
      }
      if cancel { task.cancel() }
      return await task.value
    }
    #expect(exploration.results == [cancel ? "threw" : "returned"])
  }

  @Test("S8: yield sends the task to the back of the main actor's queue")
  func s8() async {
    let exploration = await Race.explore { await Self.marksOfTwoTasks { await Task.yield() } }
    #expect(exploration.results == ["a1,b1,a2"])
  }

  @Test("S8: yield in a cancelled task makes no cancellation check")
  func s8Cancelled() async {
    let exploration = await Race.explore { @MainActor () async -> String in
      let task = Task { @MainActor () -> String in
        await Task.yield()
        return "returned, isCancelled \(Task.isCancelled)"
      }
      task.cancel()
      return await task.value
    }
    #expect(exploration.results == ["returned, isCancelled true"])
  }

  /// An actor whose method the cancelled caller awaits.
  private actor Callee {
    func value() -> String { "ran" }
  }

  @Test("S9: a call to another actor in a cancelled task still runs and returns its value")
  func s9() async {
    let exploration = await Race.explore { @MainActor () async -> String in
      let callee = Callee()
      let task = Task { @MainActor () -> String in
        let value = await callee.value()
        return "\(value), isCancelled \(Task.isCancelled)"
      }
      task.cancel()
      return await task.value
    }
    #expect(exploration.results == ["ran, isCancelled true"])
  }

  @Test("S10: a cancelled awaiter of task.value keeps waiting; the cancel does not reach it")
  func s10() async {
    let exploration = await Race.explore { () async -> String in
      let awaited = Task { () -> String in
        try? await Task.sleep(for: .seconds(2))
        return "awaited isCancelled \(Task.isCancelled)"
      }
      let awaiter = Task { () -> String in
        let value = await awaited.value
        return "\(value), awaiter isCancelled \(Task.isCancelled)"
      }
      try? await Task.sleep(for: .seconds(1))
      awaiter.cancel()
      return await awaiter.value
    }
    #expect(exploration.results == ["awaited isCancelled false, awaiter isCancelled true"])
  }
}
