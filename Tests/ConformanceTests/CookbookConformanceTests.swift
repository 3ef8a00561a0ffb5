import RacelabKernel
import TestSizes
import Testing

/// The runtime rules the recipes of `scenarios/cookbook/` rely on beyond S1–S10, each checked
/// with the real Swift runtime and ordered by gates.
///
/// A long sleep below (``long``) is never waited out when the runtime behaves as the recipe
/// says: it is cancelled. Where a child may reach its sleep before or after the cancel, both
/// give the same verdict (S1 or S3), so no verdict depends on speed.
///
/// Not tested, only stated: a checked continuation resumed twice traps ("SWIFT TASK
/// CONTINUATION MISUSE"), which recipe 3 encodes as an invariant.
@Suite("Conformance with the real Swift runtime (cookbook recipes)")
struct CookbookConformanceTests {
  /// A sleep cancelled before it ends; see ``longerThanTheTestRun``.
  static let long = longerThanTheTestRun

  // MARK: Recipes 1 and 3: a continuation ignores cancellation

  @Test("A task suspended in a checked continuation is not resumed by cancel; it waits for resume")
  func continuationIgnoresCancellation() async throws {
    let executor = ObservingExecutor()
    let stored = Locked<CheckedContinuation<String, Never>?>(nil)
    let task = Task(executorPreference: executor) { () -> Resumed in
      let value = await withCheckedContinuation { continuation in
        stored.withLock { $0 = continuation }
      }
      return Resumed(value: value, isCancelled: Task.isCancelled)
    }
    // The first job stored the continuation and returned: the task is suspended in it.
    await executor.firstJobReturned.wait()
    task.cancel()
    // The callback resumes only now, after the cancel: its value proves the task still waited.
    let continuation = try #require(stored.withLock { $0 })
    continuation.resume(returning: "the callback's value")
    let real = await task.value

    #expect(real == Resumed(value: "the callback's value", isCancelled: true))
    // Two jobs: the start, and the resumption by the callback; the cancel resumed nothing.
    #expect(executor.jobsStarted == 2)
  }

  // MARK: Recipe 4: withTaskCancellationHandler

  @Test("withTaskCancellationHandler runs the handler inside cancel(); the body keeps going")
  func cancellationHandlerRunsAtOnce() async throws {
    let log = Locked<[String]>([])
    let entered = Gate()
    let release = Gate()
    let task = Task { () -> Resumed in
      await withTaskCancellationHandler {
        entered.open()
        // Gate.wait is not a cancellation point: the body goes on until it is released.
        await release.wait()
        log.withLock { $0.append("body ends") }
        return Resumed(value: "the body's value", isCancelled: Task.isCancelled)
      } onCancel: {
        log.withLock { $0.append("handler") }
      }
    }
    await entered.wait()
    task.cancel()
    // cancel() has returned: the handler has already run, on this thread.
    log.withLock { $0.append("cancel returned") }
    release.open()
    let real = await task.value

    #expect(log.withLock { $0 } == ["handler", "cancel returned", "body ends"])
    #expect(real == Resumed(value: "the body's value", isCancelled: true))
  }

  @Test("withTaskCancellationHandler in a task already cancelled runs the handler before the body")
  func cancellationHandlerBeforeBody() async throws {
    let log = Locked<[String]>([])
    let go = Gate()
    let task = Task {
      await go.wait()
      await withTaskCancellationHandler {
        log.withLock { $0.append("body") }
      } onCancel: {
        log.withLock { $0.append("handler") }
      }
    }
    task.cancel()
    go.open()
    await task.value

    #expect(log.withLock { $0 } == ["handler", "body"])
  }

  // MARK: Recipes 5 and 12: task groups

  @Test("A task group's cancelAll() makes a child's sleep throw CancellationError")
  func groupCancelAllReachesSleep() async throws {
    let entered = Gate()
    let real = await withTaskGroup(of: Outcome.self) { (group) -> Outcome? in
      group.addTask {
        entered.open()
        do {
          try await Task.sleep(for: Self.long)
          return .returned(isCancelled: Task.isCancelled)
        } catch {
          return .caught(error)
        }
      }
      await entered.wait()
      group.cancelAll()
      return await group.next()
    }

    #expect(real == .threw(isCancelled: true))
  }

  @Test("A task group does not return until every child ended, even one that ignores cancelAll()")
  func groupWaitsForEveryChild() async throws {
    let log = Locked<[String]>([])
    let bodyDone = Gate()
    let slowMayEnd = Gate()
    let caller = Task {
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          // Ignores cancellation: Gate.wait is not a cancellation point.
          await slowMayEnd.wait()
          log.withLock { $0.append("slow child ends") }
        }
        group.addTask {}
        // Only the fast child can have ended: the slow one waits for a gate opened later.
        await group.next()
        group.cancelAll()
        log.withLock { $0.append("body returns") }
        bodyDone.open()
      }
      log.withLock { $0.append("group returned") }
    }
    await bodyDone.wait()
    log.withLock { $0.append("slow child released") }
    slowMayEnd.open()
    await caller.value

    #expect(
      log.withLock { $0 } == [
        "body returns", "slow child released", "slow child ends", "group returned",
      ])
  }

  // MARK: Recipe 6: async let

  @Test("An async let its scope never awaited is cancelled at the scope's end, and awaited there")
  func asyncLetCancelledAtScopeEnd() async throws {
    let log = Locked<[String]>([])
    let entered = Gate()
    await scopeWithUnawaitedChild(entered: entered, log: log)
    log.withLock { $0.append("scope returned") }

    #expect(
      log.withLock { $0 } == [
        "scope ends", "child: threw isCancelled=true", "scope returned",
      ])
  }

  private func scopeWithUnawaitedChild(entered: Gate, log: Locked<[String]>) async {
    async let _: Void = sleepingChild(entered: entered, log: log)
    await entered.wait()
    log.withLock { $0.append("scope ends") }
  }

  private func sleepingChild(entered: Gate, log: Locked<[String]>) async {
    entered.open()
    let outcome: Outcome
    do {
      try await Task.sleep(for: Self.long)
      outcome = .returned(isCancelled: Task.isCancelled)
    } catch {
      outcome = .caught(error)
    }
    log.withLock { $0.append("child: \(outcome)") }
  }

  // MARK: Recipe 7: actor reentrancy

  @Test("An actor's state can change across an await inside one of its methods")
  func actorStateChangesAcrossAwait() async throws {
    let account = Account(balance: 100)
    let suspended = Gate()
    let resume = Gate()
    let first = Task { await account.withdrawAcrossAwait(80, suspended: suspended, resume: resume) }
    await suspended.wait()
    // Runs on the actor as soon as it is free, which is only when `first` suspends in its await:
    // `resume` opens after this call returns.
    await account.withdraw(80)
    resume.open()
    let real = await first.value

    #expect(real == BalanceSeen(beforeAwait: 100, afterAwait: 20))
    #expect(await account.balance == -60)
  }

  // MARK: Recipe 11: single flight

  @Test("Cancelling one waiter of a shared unstructured task cancels neither the task nor its wait")
  func singleFlightWaiterCancel() async throws {
    let finish = Gate()
    let shared = Task { () -> Resumed in
      await finish.wait()
      return Resumed(value: "token", isCancelled: Task.isCancelled)
    }
    let go = Gate()
    let waiter1 = Task { () -> WaiterSaw in
      await go.wait()
      let token = await shared.value
      return WaiterSaw(token: token, waiterCancelled: Task.isCancelled)
    }
    let waiter2 = Task { () -> WaiterSaw in
      await go.wait()
      let token = await shared.value
      return WaiterSaw(token: token, waiterCancelled: Task.isCancelled)
    }
    waiter1.cancel()
    go.open()
    // The shared task ends only after the cancel: a token in waiter 1 proves it still waited.
    finish.open()
    let saw1 = await waiter1.value
    let saw2 = await waiter2.value

    let token = Resumed(value: "token", isCancelled: false)
    #expect(saw1 == WaiterSaw(token: token, waiterCancelled: true))
    #expect(saw2 == WaiterSaw(token: token, waiterCancelled: false))
    #expect(!shared.isCancelled)
  }

  // MARK: Recipe 8: AsyncStream

  @Test(
    "An AsyncStream buffers what is yielded while its consumer is busy, by its policy",
    arguments: [Buffering.newestOne, .unbounded])
  func streamBuffersWhileConsumerBusy(_ buffering: Buffering) async throws {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Int.self, bufferingPolicy: buffering.policy)
    let tookFirst = Gate()
    let proceed = Gate()
    let consumer = Task { () -> [Int] in
      var received: [Int] = []
      for await element in stream {
        received.append(element)
        if element == 1 {
          tookFirst.open()
          await proceed.wait()
        }
      }
      return received
    }
    continuation.yield(1)
    // The consumer took 1 and is busy: 2 and 3 go to the buffer.
    await tookFirst.wait()
    let second = continuation.yield(2)
    let third = continuation.yield(3)
    continuation.finish()
    proceed.open()
    let received = await consumer.value

    switch buffering {
    case .newestOne:
      #expect(received == [1, 3])
      #expect(describe(second) == "enqueued")
      #expect(describe(third) == "dropped 2")
    case .unbounded:
      #expect(received == [1, 2, 3])
      #expect(describe(second) == "enqueued")
      #expect(describe(third) == "enqueued")
    }
  }

  @Test("Cancelling the task that iterates an AsyncStream ends its loop and terminates the stream")
  func streamConsumerCancelled() async throws {
    let executor = ObservingExecutor()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let termination = Locked<String?>(nil)
    continuation.onTermination = { reason in
      termination.withLock { $0 = "\(reason)" }
    }
    let consumer = Task(executorPreference: executor) { () -> [Int] in
      var received: [Int] = []
      for await element in stream { received.append(element) }
      return received
    }
    // The first job returned: the consumer is suspended in next() on the empty stream.
    await executor.firstJobReturned.wait()
    consumer.cancel()
    let received = await consumer.value
    let late = continuation.yield(9)

    #expect(received == [])
    #expect(termination.withLock { $0 } == "cancelled")
    #expect(describe(late) == "terminated")
  }
}

// MARK: - Support

/// A value a task got, and `Task.isCancelled` when it went on.
struct Resumed: Equatable, Sendable {
  var value: String
  var isCancelled: Bool
}

/// What a waiter of a shared task got, and whether the waiter was cancelled.
struct WaiterSaw: Equatable, Sendable {
  var token: Resumed
  var waiterCancelled: Bool
}

/// The balance one call read before and after its await.
struct BalanceSeen: Equatable, Sendable {
  var beforeAwait: Int
  var afterAwait: Int
}

actor Account {
  private(set) var balance: Int

  init(balance: Int) { self.balance = balance }

  /// Reads the balance, awaits `resume` (a suspension: the actor is free), reads it again and
  /// deducts.
  func withdrawAcrossAwait(_ amount: Int, suspended: Gate, resume: Gate) async -> BalanceSeen {
    let before = balance
    suspended.open()
    await resume.wait()
    let after = balance
    balance -= amount
    return BalanceSeen(beforeAwait: before, afterAwait: after)
  }

  func withdraw(_ amount: Int) { balance -= amount }
}

enum Buffering: String, CustomStringConvertible, Sendable {
  case newestOne = "bufferingNewest(1)"
  case unbounded

  var description: String { rawValue }

  var policy: AsyncStream<Int>.Continuation.BufferingPolicy {
    switch self {
    case .newestOne: .bufferingNewest(1)
    case .unbounded: .unbounded
    }
  }
}

/// A yield's result in words, without the buffer's remaining capacity.
func describe(_ result: AsyncStream<Int>.Continuation.YieldResult) -> String {
  switch result {
  case .enqueued: "enqueued"
  case .dropped(let element): "dropped \(element)"
  case .terminated: "terminated"
  @unknown default: "unknown"
  }
}
