import KernelTestSupport
import ModelContract
import RacelabKernel
import TestSizes
import Testing

/// Runs each situation of rules S1–S8 with the real Swift runtime, ordered by gates, and checks
/// that the kernel on ``RuntimeProfile/swift`` predicts the same observable outcome.
///
/// Serialized: the main-actor cases block the main thread with a gate-controlled job.
@Suite("Conformance with the real Swift runtime (S1–S8)", .serialized)
struct RuntimeConformanceTests {
  /// A sleep cancelled before it ends; see ``longerThanTheTestRun``.
  static let long = longerThanTheTestRun
  static let short = Duration.milliseconds(20)

  static func report(_ rule: String, real: Any, kernel: Any) {
    print("\(rule) real: \(real) · kernel: \(kernel)")
  }

  // MARK: S1

  @Test(
    "S1: sleep in a task already cancelled throws at once",
    arguments: [Duration.zero, .milliseconds(-5), long])
  func s1(duration: Duration) async throws {
    let go = Gate()
    let task = Task { () -> Observation in
      await go.wait()
      do {
        try await Task.sleep(for: duration)
        return Observation(outcome: .returned(isCancelled: Task.isCancelled), nextRan: true)
      } catch {
        return Observation(outcome: .caught(error), nextRan: false)
      }
    }
    task.cancel()
    go.open()
    let real = await task.value

    let kernel = prediction(
      simulate(
        programs: [
          [.sleep(nanoseconds: nanoseconds(duration), onCancel: .return), .call(.mark("next"))]
        ],
        script: [.at(0, .spawn(program: 0)), .at(0, .cancel(task: 0))]))
    Self.report("S1 (\(duration))", real: real, kernel: kernel.map(String.init(describing:)) ?? "-")
    #expect(real == Observation(outcome: .threw(isCancelled: true), nextRan: false))
    #expect(kernel == real)
  }

  // MARK: S2

  @Test("S2: sleep in a live task suspends it; another job runs; it wakes no earlier than now + d")
  @MainActor
  func s2() async throws {
    var order: [String] = []
    let clock = ContinuousClock()
    let sleeper = Task { @MainActor () -> Duration in
      order.append("a-before")
      let start = clock.now
      try? await Task.sleep(for: Self.short)
      let elapsed = start.duration(to: clock.now)
      order.append("a-after")
      return elapsed
    }
    let other = Task { @MainActor in order.append("b") }
    let elapsed = await sleeper.value
    await other.value

    let result = simulate(
      programs: [
        [
          .call(.mark("a-before")), .sleep(nanoseconds: nanoseconds(Self.short), onCancel: .ignore),
          .call(.mark("a-after")),
        ],
        [.call(.mark("b"))],
      ],
      script: [.at(0, .spawn(program: 0)), .at(0, .spawn(program: 1))])
    let due = result.kinds.compactMap { kind -> VirtualTime? in
      if case .sleepStarted(t1, _, _, let due, "S2", _) = kind { return due }
      return nil
    }
    Self.report(
      "S2", real: "order=\(order.joined(separator: ",")) woke-after-d=\(elapsed >= Self.short)",
      kernel: "order=\(result.marks.joined(separator: ",")) due=\(due.map(\.nanoseconds))ns")
    #expect(order == ["a-before", "b", "a-after"])
    #expect(elapsed >= Self.short)
    #expect(result.marks == order)
    #expect(due == [at(nanoseconds(Self.short))])
  }

  @Test("S2 with a zero duration: the task still suspends and a queued job runs first")
  @MainActor
  func s2Zero() async throws {
    var order: [String] = []
    let first = Task { @MainActor in
      order.append("a1")
      try? await Task.sleep(for: .zero)
      order.append("a2")
    }
    let second = Task { @MainActor in order.append("b1") }
    await first.value
    await second.value

    let result = simulate(
      programs: [
        [.call(.mark("a1")), .sleep(nanoseconds: 0, onCancel: .ignore), .call(.mark("a2"))],
        [.call(.mark("b1"))],
      ],
      script: [.at(0, .spawn(program: 0)), .at(0, .spawn(program: 1))])
    Self.report(
      "S2 (zero)", real: "order=\(order.joined(separator: ","))",
      kernel: "order=\(result.marks.joined(separator: ","))")
    #expect(order == ["a1", "b1", "a2"])
    #expect(result.marks == order)
  }

  // MARK: S3

  @Test("S3: cancel while the sleep's timer is pending makes the sleep throw at once")
  func s3() async throws {
    let executor = ObservingExecutor()
    let task = Task(executorPreference: executor) { () -> Observation in
      do {
        try await Task.sleep(for: Self.long)
        return Observation(outcome: .returned(isCancelled: Task.isCancelled), nextRan: true)
      } catch {
        return Observation(outcome: .caught(error), nextRan: false)
      }
    }
    // The first job started the sleep and returned: the task is suspended in it.
    await executor.firstJobReturned.wait()
    task.cancel()
    let real = await task.value

    let kernel = prediction(
      simulate(
        programs: [
          [.sleep(nanoseconds: nanoseconds(Self.long), onCancel: .return), .call(.mark("next"))]
        ],
        script: [.at(0, .spawn(program: 0)), .at(sec, .cancel(task: 0))]))
    Self.report(
      "S3", real: "\(real) jobs=\(executor.jobsStarted)",
      kernel: kernel.map(String.init(describing:)) ?? "-")
    #expect(real == Observation(outcome: .threw(isCancelled: true), nextRan: false))
    // A second job means the task really suspended in the sleep and was resumed by the cancel.
    #expect(executor.jobsStarted == 2)
    #expect(kernel == real)
  }

  // MARK: S4

  @Test("S4: the timer expires and the sleep returns normally")
  func s4() async throws {
    let task = Task { () -> Observation in
      do {
        try await Task.sleep(for: Self.short)
        return Observation(outcome: .returned(isCancelled: Task.isCancelled), nextRan: true)
      } catch {
        return Observation(outcome: .caught(error), nextRan: false)
      }
    }
    let real = await task.value

    let kernel = prediction(
      simulate(
        programs: [
          [.sleep(nanoseconds: nanoseconds(Self.short), onCancel: .return), .call(.mark("next"))]
        ],
        script: [.at(0, .spawn(program: 0))]))
    Self.report("S4", real: real, kernel: kernel.map(String.init(describing:)) ?? "-")
    #expect(real == Observation(outcome: .returned(isCancelled: false), nextRan: true))
    #expect(kernel == real)
  }

  // MARK: S5

  /// The kernel's S5 setup: a 2s sleep, `main` busy from 1.95s to 2.05s, a cancel queued at 1.99s.
  static func kernelS5() -> Observation? {
    prediction(
      simulate(
        programs: [
          [.sleep(nanoseconds: 2 * sec, onCancel: .return), .call(.probe), .call(.mark("next"))]
        ],
        script: [
          .at(0, .spawn(program: 0)),
          .at(1_950 * ms, .busy(nanoseconds: 100 * ms)),
          .at(1_990 * ms, .cancel(task: 0)),
        ]))
  }

  @Test("S5: cancel after the sleep returned only sets the flag")
  func s5() async throws {
    let slept = Gate()
    let proceed = Gate()
    let task = Task { () -> Observation in
      do {
        try await Task.sleep(for: Self.short)
      } catch {
        slept.open()
        return Observation(outcome: .caught(error), nextRan: false)
      }
      slept.open()
      await proceed.wait()
      return Observation(outcome: .returned(isCancelled: Task.isCancelled), nextRan: true)
    }
    await slept.wait()
    task.cancel()
    proceed.open()
    let real = await task.value

    let kernel = Self.kernelS5()
    Self.report("S5", real: real, kernel: kernel.map(String.init(describing:)) ?? "-")
    #expect(real == Observation(outcome: .returned(isCancelled: true), nextRan: true))
    #expect(kernel == real)
  }

  @Test("S5 on the main actor: a cancel job queued before the deadline, run after it, is too late")
  @MainActor
  func s5MainActor() async throws {
    let slept = BlockingGate()
    var log: [String] = []
    // Queued on the main actor in this order: the sleeper, a job that holds the main actor until
    // the sleep has returned, and the cancel job, queued long before the sleep's deadline.
    let sleeper = Task { @MainActor () -> Observation in
      log.append("sleeper started")
      let outcome = await sleepThenOpen(Self.short, slept)
      log.append("sleeper resumed")
      switch outcome {
      case .returned:
        return Observation(outcome: .returned(isCancelled: Task.isCancelled), nextRan: true)
      default: return Observation(outcome: outcome, nextRan: false)
      }
    }
    let blocker = Task { @MainActor () -> Bool in
      log.append("main blocked")
      let opened = slept.block()
      log.append("main free")
      return opened
    }
    let canceller = Task { @MainActor in
      sleeper.cancel()
      log.append("cancelled")
    }
    let opened = await blocker.value
    await canceller.value
    let real = await sleeper.value

    let kernel = Self.kernelS5()
    Self.report(
      "S5 (main actor)", real: real, kernel: kernel.map(String.init(describing:)) ?? "-")
    #expect(opened)
    #expect(
      log == ["sleeper started", "main blocked", "main free", "cancelled", "sleeper resumed"])
    #expect(real == Observation(outcome: .returned(isCancelled: true), nextRan: true))
    #expect(kernel == real)
  }

  // MARK: S6

  enum CancelMoment: String, CaseIterable, Sendable {
    case beforeTheSleep = "before the sleep"
    case whilePending = "while pending"
  }

  @Test(
    "S6: try? drops the CancellationError; the next statement runs with the flag set",
    arguments: CancelMoment.allCases)
  func s6(moment: CancelMoment) async throws {
    let executor = ObservingExecutor()
    let go = Gate()
    let task = Task(executorPreference: executor) { () -> Observation in
      if moment == .beforeTheSleep { await go.wait() }
      let slept: Void? = try? await Task.sleep(for: Self.long)
      return Observation(
        outcome: slept == nil
          ? .threw(isCancelled: Task.isCancelled) : .returned(isCancelled: Task.isCancelled),
        nextRan: true)
    }
    if moment == .whilePending { await executor.firstJobReturned.wait() }
    task.cancel()
    go.open()
    let real = await task.value

    let result = simulate(
      programs: [
        [
          .sleep(nanoseconds: nanoseconds(Self.long), onCancel: .ignore), .call(.probe),
          .call(.mark("next")),
        ]
      ],
      script: [
        .at(0, .spawn(program: 0)), .at(moment == .beforeTheSleep ? 0 : sec, .cancel(task: 0)),
      ])
    let kernel = prediction(result)
    Self.report(
      "S6 (\(moment.rawValue))", real: real,
      kernel: "\(kernel.map(String.init(describing:)) ?? "-") probe=\(result.probes)")
    #expect(real == Observation(outcome: .threw(isCancelled: true), nextRan: true))
    if moment == .whilePending { #expect(executor.jobsStarted == 2) }
    #expect(kernel == real)
    #expect(result.probes == [true])
    #expect(result.kinds.contains(.errorHandled(t1, .ignore, rule: "S6")))
  }

  // MARK: S7

  @Test("S7: checkCancellation throws in a cancelled task", arguments: [true, false])
  func s7(cancel: Bool) async throws {
    let go = Gate()
    let task = Task { () -> Observation in
      await go.wait()
      do {
        try Task.checkCancellation()
        return Observation(outcome: .returned(isCancelled: Task.isCancelled), nextRan: true)
      } catch {
        return Observation(outcome: .caught(error), nextRan: false)
      }
    }
    if cancel { task.cancel() }
    go.open()
    let real = await task.value

    let kernel = prediction(
      simulate(
        programs: [[.checkCancellation, .call(.mark("next"))]],
        script: [.at(0, .spawn(program: 0))] + (cancel ? [.at(0, .cancel(task: 0))] : [])))
    Self.report(
      "S7 (\(cancel ? "cancelled" : "live"))", real: real,
      kernel: kernel.map(String.init(describing:)) ?? "-")
    #expect(
      real
        == (cancel
          ? Observation(outcome: .threw(isCancelled: true), nextRan: false)
          : Observation(outcome: .returned(isCancelled: false), nextRan: true)))
    #expect(kernel == real)
  }

  // MARK: S8

  @Test("S8: yield sends the task to the back of the main actor's queue")
  @MainActor
  func s8() async throws {
    var order: [String] = []
    let first = Task { @MainActor in
      order.append("a1")
      await Task.yield()
      order.append("a2")
    }
    let second = Task { @MainActor in order.append("b1") }
    await first.value
    await second.value

    let result = simulate(
      programs: [[.call(.mark("a1")), .yield, .call(.mark("a2"))], [.call(.mark("b1"))]],
      script: [.at(0, .spawn(program: 0)), .at(0, .spawn(program: 1))])
    Self.report(
      "S8", real: "order=\(order.joined(separator: ","))",
      kernel: "order=\(result.marks.joined(separator: ","))")
    #expect(order == ["a1", "b1", "a2"])
    #expect(result.marks == order)
  }

  @Test("S8: yield in a cancelled task makes no cancellation check")
  @MainActor
  func s8Cancelled() async throws {
    let task = Task { @MainActor () -> Observation in
      await Task.yield()
      return Observation(outcome: .returned(isCancelled: Task.isCancelled), nextRan: true)
    }
    task.cancel()  // the task cannot start before this test suspends: both need the main actor
    let real = await task.value

    let kernel = prediction(
      simulate(
        programs: [[.yield, .call(.mark("next"))]],
        script: [.at(0, .spawn(program: 0)), .at(0, .cancel(task: 0))]))
    Self.report(
      "S8 (cancelled)", real: real, kernel: kernel.map(String.init(describing:)) ?? "-")
    #expect(real == Observation(outcome: .returned(isCancelled: true), nextRan: true))
    #expect(kernel == real)
  }
}

/// Calls the real `Task.sleep(for:)` off the main actor and opens `gate` as soon as the sleep
/// has returned or thrown, before the caller's main-actor continuation is enqueued.
@concurrent
func sleepThenOpen(_ duration: Duration, _ gate: BlockingGate) async -> Outcome {
  do {
    try await Task.sleep(for: duration)
    gate.open()
    return .returned(isCancelled: Task.isCancelled)
  } catch {
    gate.open()
    return .caught(error)
  }
}
