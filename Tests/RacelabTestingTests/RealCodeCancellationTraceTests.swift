import Foundation
import RacelabTesting
import Testing

/// What a real-code trace says about cancellation: the cancelled flag at every resumption of a
/// task, as a model's trace says it, and a cancel that only sets the flag (S5).
@Suite("Cancellation in real-code traces")
struct RealCodeCancellationTraceTests {
  /// Two main-actor tasks whose timers fire at 1s: the canceller's resumption cancels the
  /// sleeper, before or after the sleeper's own resumption runs.
  static let race: @Sendable () async -> String = { @MainActor in
    let sleeper = Task { @MainActor () -> String in
      do { try await Task.sleep(for: .seconds(1)) } catch { return "threw" }
      return "isCancelled \(Task.isCancelled)"
    }
    let canceller = Task { @MainActor in
      try? await Task.sleep(for: .seconds(1))
      sleeper.cancel()
    }
    await canceller.value
    return await sleeper.value
  }

  @Test("S5: a cancel after the timer fired only sets the flag, and the trace says it twice")
  func s5() async throws {
    let exploration = await Race.explore(Self.race)
    #expect(exploration.complete && exploration.problems.isEmpty)
    #expect(Set(exploration.results) == ["isCancelled false", "isCancelled true"])
    let late = try #require(exploration.outcomes.first { $0.result == "isCancelled true" })
    let run = try #require(await Race.replay(late.schedule, Self.race))
    let cancel = try #require(
      run.trace.firstIndex {
        $0.contains("cancel T2 → sleep already completed: flag set, nothing thrown (S5")
      }, "\(run)")
    let read = try #require(
      run.trace.firstIndex {
        $0.contains("T2 resumes") && $0.contains("isCancelled = true as this job starts")
      }, "\(run)")
    #expect(cancel < read)
    // Where the flag is read before the cancel, the trace never says it is set.
    let early = try #require(exploration.outcomes.first { $0.result == "isCancelled false" })
    let before = try #require(await Race.replay(early.schedule, Self.race))
    #expect(!before.text.contains("isCancelled = true"), "\(before)")
    #expect(before.text.contains("sleep returned normally · isCancelled = false"))
  }

  @Test("S3: the resumption of a sleep a cancel ended says it threw, with the flag set")
  func s3() async throws {
    let run = try #require(
      await Race.replay("default") { () async -> String in
        let sleeper = Task { try? await Task.sleep(for: .seconds(2)) }
        try? await Task.sleep(for: .seconds(1))
        sleeper.cancel()
        await sleeper.value
        return "done"
      })
    #expect(
      run.trace.contains {
        $0.contains("T2 resumes")
          && $0.hasSuffix("sleep threw CancellationError · isCancelled = true (S3)")
      }, "\(run)")
    // The task the runtime runs to end a sleep is not one of the run's.
    #expect(!run.text.contains("T3"), "\(run)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.json.utf8)) as? [String: Any])
    let resumed = (json["trace"] as? [[String: Any]] ?? []).filter {
      $0["kind"] as? String == "resumed"
    }
    #expect(resumed.contains { $0["isCancelled"] as? Bool == true }, "\(resumed)")
  }
}
