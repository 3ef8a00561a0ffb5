import RacelabTesting
import Testing

/// Appends from tasks on racelab's thread (one job runs at a time there).
private final class Entries: @unchecked Sendable {
  var list: [String] = []
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
