import RacelabTesting
import Testing

/// Appends from tasks on racelab's thread (one job runs at a time there).
private final class Entries: @unchecked Sendable {
  var list: [String] = []
}

/// An actor whose steps reach racelab: a note, and a task it creates, isolated to it.
private actor Ledger {
  var entries: [String] = []

  func add(_ entry: String) {
    entries.append(entry)
    Race.note("added \(entry)")
    Task { self.confirm(entry) }
  }

  private func confirm(_ entry: String) {
    Race.note("\(entry) confirmed, \(entries.count) entries")
  }
}

/// What racelab relies on in the runtime, each checked on the toolchain that runs the tests:
/// the executors it installs receive every kind of job, every form of sleep reaches its
/// virtual clock, main-actor isolation holds in the jobs it runs and fails outside them, and
/// the same schedule gives the same bytes.
@Suite("The runtime surface racelab stands on")
struct RuntimeSurfaceTests {
  @Test("all five forms of sleep wait on the virtual clock")
  func everySleepFormIsVirtual() async throws {
    let body: @Sendable () async -> String = {
      let entries = Entries()
      let sleeps: [(String, @Sendable () async throws -> Void)] = [
        ("for", { try await Task.sleep(for: .seconds(5)) }),
        ("nanoseconds", { try await Task.sleep(nanoseconds: 4_000_000_000) }),
        ("until", { try await Task.sleep(until: .now + .seconds(3), clock: .continuous) }),
        ("suspending", { try await SuspendingClock().sleep(for: .seconds(2)) }),
        ("continuous", { try await ContinuousClock().sleep(until: .now + .seconds(1)) }),
      ]
      let tasks = sleeps.map { name, sleep in
        Task {
          try? await sleep()
          entries.list.append(name)
        }
      }
      for task in tasks { await task.value }
      return entries.list.joined(separator: ",")
    }
    let exploration = await Race.explore(body)
    #expect(exploration.results == ["continuous,suspending,until,nanoseconds,for"])
    #expect(exploration.problems == [])
    let run = try #require(await Race.replay("default", body))
    for seconds in 1...5 {
      #expect(run.trace.contains { $0.contains("sleep \(seconds).000s → timer") })
    }
  }

  @Test("async let, task groups, detached tasks, continuations and streams are all driven")
  func structuredAndUnstructuredWork() async {
    let exploration = await Race.explore { () async -> String in
      async let left = Task.detached { 1 }.value
      let group = await withTaskGroup(of: Int.self) { group in
        for value in 1...3 { group.addTask { value } }
        return await group.reduce(0, +)
      }
      let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
      let producer = Task {
        continuation.yield(10)
        continuation.finish()
      }
      var streamed = 0
      for await value in stream { streamed += value }
      await producer.value
      let resumed = await withCheckedContinuation { (resume: CheckedContinuation<Int, Never>) in
        Task { resume.resume(returning: 100) }
      }
      await Task.yield()
      return String(await left + group + streamed + resumed)
    }
    #expect(exploration.results == ["117"])
    #expect(exploration.complete)
    #expect(exploration.problems == [])
    #expect(exploration.schedules > 1)
  }

  @Test("main-actor code is isolated in the jobs racelab runs, by every check there is")
  func mainActorIsolationHolds() async {
    let exploration = await Race.explore { () async -> String in
      let fromPool = await MainActor.run {
        MainActor.assertIsolated()
        MainActor.preconditionIsolated()
        return "run"
      }
      let assumed = await Task { @MainActor in Self.assumeMain() }.value
      return "\(fromPool), \(assumed)"
    }
    #expect(exploration.results == ["run, assumed"])
    #expect(exploration.problems == [])
  }

  /// `MainActor.assumeIsolated` from synchronous code, called in a main-actor job.
  @MainActor private static func assumeMain() -> String {
    let synchronous: () -> String = { MainActor.assumeIsolated { "assumed" } }
    return synchronous()
  }

  @Test("a pool job that claims the main actor stops the process, as it would unchecked")
  func offMainIsolationStillFails() async {
    await #expect(processExitsWith: .failure) {
      _ = await Race.explore { () async -> Int in
        await Task.detached { MainActor.preconditionIsolated() }.value
        return 0
      }
    }
  }

  /// The runtime's current executor is a default actor's identity while its job runs.
  @Test("a job seen on an actor is drawn on a lane named after the actor's type")
  func actorLanes() async throws {
    let run = try #require(
      await Race.replay("default") { () async -> [String] in
        let ledger = Ledger()
        async let first: Void = ledger.add("a")
        async let second: Void = ledger.add("b")
        _ = await (first, second)
        await MainActor.run { Race.note("back on main") }
        return await ledger.entries
      })
    for entry in ["a", "b"] {
      #expect(
        run.trace.contains {
          $0.contains("  actor Ledger  T") && $0.hasSuffix("added \(entry)")
        }, "\(run)")
    }
    // The task add(_:) creates is isolated to the busy actor: it goes straight to the
    // actor's queue, and racelab numbers it when it first sees it run.
    let seen = try #require(
      run.trace.firstIndex { $0.contains("T4 created (queued straight on its actor") }, "\(run)")
    #expect(run.trace[seen].contains("  actor Ledger  T4"), "\(run)")
    #expect(run.trace[seen + 1].hasSuffix("a confirmed, 1 entries"), "\(run)")
    #expect(
      run.trace.contains { $0.contains("  main          T1") && $0.hasSuffix("back on main") })
    #expect(run.json.contains(#""lanes":["main","pool","actor Ledger"]"#))
    #expect(run.svg.contains("actor Ledger"))
  }

  @Test("one schedule, one trace: 100 replays print the same bytes")
  func replaysAreDeterministic() async throws {
    let body: @Sendable () async -> String = {
      let entries = Entries()
      await withTaskGroup(of: Void.self) { group in
        for name in ["a", "b"] {
          group.addTask {
            try? await Task.sleep(for: .milliseconds(10))
            await Task.yield()
            entries.list.append(name)
            Race.note("\(name) done")
          }
        }
      }
      return entries.list.joined()
    }
    let exploration = await Race.explore(body)
    #expect(exploration.complete)
    #expect(Set(exploration.results) == ["ab", "ba"])
    let token = try #require(exploration.outcomes.last?.schedule)
    let first = try #require(await Race.replay(token, body)).description
    for _ in 1..<100 {
      #expect(try #require(await Race.replay(token, body)).description == first)
    }
    let again = await Race.explore(body)
    #expect(again.outcomes == exploration.outcomes)
  }
}
