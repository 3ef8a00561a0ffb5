import Dispatch
import Testing

/// Runs each situation of rules S9 and S10 with the real Swift runtime, ordered by gates.
///
/// These tests assert the real runtime only: the kernel does not model hops to another actor or
/// `await task.value` yet. The kernel's predictions will be added with the model-file kernel
/// support, as for S1–S8 in ``RuntimeConformanceTests``.
///
/// Serialized: some cases run on the main actor, and `Keychain.read()` blocks its actor's queue.
@Suite("Conformance with the real Swift runtime (S9–S10)", .serialized)
struct HopAndAwaitConformanceTests {
  static func report(_ rule: String, real: Any) {
    print("\(rule) real: \(real) · kernel: not modelled yet")
  }

  // MARK: S9

  enum HopMoment: String, CaseIterable, Sendable {
    case beforeTheHop = "before the hop"
    case whileRunning = "while the actor method runs"
  }

  enum Caller: String, CaseIterable, Sendable {
    case task = "a nonisolated task"
    case mainActorTask = "a main-actor task"
  }

  @Test(
    "S9: a hop to another actor in a cancelled task runs the call and returns; nothing checks",
    arguments: HopMoment.allCases, Caller.allCases)
  func s9(moment: HopMoment, caller: Caller) async throws {
    let keychain = Keychain()
    let go = Gate()
    let task: Task<HopRecord, Never> =
      switch caller {
      case .task:
        Task {
          await go.wait()
          return await readThroughHop(keychain)
        }
      case .mainActorTask:
        // The continuation after `read()` returns is a job on the main actor.
        Task { @MainActor in
          await go.wait()
          return await readThroughHop(keychain)
        }
      }
    if moment == .beforeTheHop { task.cancel() }
    go.open()
    // `read()` is running on the keychain's executor, blocked on `release`.
    await keychain.entered.wait()
    if moment == .whileRunning { task.cancel() }
    keychain.release.open()
    let real = await task.value

    Self.report("S9 (\(moment.rawValue), \(caller.rawValue))", real: real)
    #expect(
      real
        == HopRecord(
          reading: Reading(
            secret: Keychain.secret, cancelledOnEntry: moment == .beforeTheHop,
            cancelledOnExit: true, released: true),
          observation: Observation(outcome: .returned(isCancelled: true), nextRan: true)))
  }

  // MARK: S10

  enum AwaitMoment: String, CaseIterable, Sendable {
    case beforeTheAwait = "before the await"
    case whileAwaiting = "while awaiting"
  }

  @Test(
    "S10: a cancelled task awaiting task.value keeps waiting; the awaited task is not cancelled",
    arguments: AwaitMoment.allCases)
  func s10(moment: AwaitMoment) async throws {
    let executor = ObservingExecutor()
    let start = BlockingGate()
    let finish = Gate()
    // B: unstructured, and throwing, so that A's `try await awaited.value` could end A's wait by
    // throwing `CancellationError` if the runtime did that.
    let awaited = Task { () throws -> Awaited in
      await finish.wait()
      return Awaited(value: "B's value", isCancelled: Task.isCancelled)
    }
    // A: its first job blocks on `start`, then runs until it suspends in `awaited.value`.
    let awaiting = Task(executorPreference: executor) { () -> AwaitRecord in
      let started = start.block()
      let cancelledBeforeAwait = Task.isCancelled
      do {
        let result = try await awaited.value
        return AwaitRecord(
          started: started, cancelledBeforeAwait: cancelledBeforeAwait, awaited: result,
          observation: Observation(outcome: .returned(isCancelled: Task.isCancelled), nextRan: true)
        )
      } catch {
        return AwaitRecord(
          started: started, cancelledBeforeAwait: cancelledBeforeAwait, awaited: nil,
          observation: Observation(outcome: .caught(error), nextRan: false))
      }
    }
    if moment == .beforeTheAwait { awaiting.cancel() }
    start.open()
    // A's first job has returned: A is suspended in `awaited.value`, and B is blocked on `finish`.
    await executor.firstJobReturned.wait()
    if moment == .whileAwaiting { awaiting.cancel() }
    let cancelConfirmed = awaiting.isCancelled
    // B can finish only now, after A's cancel: a value in A proves A was still waiting.
    finish.open()
    let real = await awaiting.value
    let awaitedResult = try await awaited.value

    Self.report(
      "S10 (\(moment.rawValue))",
      real: "A: \(real) · B: \(awaitedResult) · A's jobs=\(executor.jobsStarted)")
    #expect(cancelConfirmed)
    #expect(
      real
        == AwaitRecord(
          started: true, cancelledBeforeAwait: moment == .beforeTheAwait,
          awaited: Awaited(value: "B's value", isCancelled: false),
          observation: Observation(outcome: .returned(isCancelled: true), nextRan: true)))
    #expect(awaitedResult == Awaited(value: "B's value", isCancelled: false))
    #expect(!awaited.isCancelled)
    // Two jobs: A's start, and its resumption when B finished; the cancel resumed nothing.
    #expect(executor.jobsStarted == 2)
  }
}

// MARK: - S9 support

/// What `Keychain.read()` saw while it ran on the keychain actor.
struct Reading: Equatable, Sendable, CustomStringConvertible {
  var secret: String
  /// `Task.isCancelled` when the method started.
  var cancelledOnEntry: Bool
  /// `Task.isCancelled` just before the method returned.
  var cancelledOnExit: Bool
  /// Whether `release` was opened (false only if the safety limit ran out).
  var released: Bool

  var description: String {
    "read \(secret) entry-cancelled=\(cancelledOnEntry) exit-cancelled=\(cancelledOnExit)"
      + (released ? "" : " (the safety limit ran out before the release)")
  }
}

/// What the caller of `Keychain.read()` observed: the reading, or nil if the call threw, and the
/// outcome of the statement after the call, back on the caller's isolation.
struct HopRecord: Equatable, Sendable, CustomStringConvertible {
  var reading: Reading?
  var observation: Observation

  var description: String {
    "\(reading.map(String.init(describing:)) ?? "no reading"); \(observation)"
  }
}

/// An actor with its own serial queue, so that `read()` blocked on a gate holds the actor without
/// taking a thread from the cooperative pool.
actor Keychain {
  static let secret = "s3cret"

  /// Opened when `read()` has started on the actor.
  nonisolated let entered = Gate()
  /// `read()` blocks until this opens.
  nonisolated let release = BlockingGate()
  private nonisolated let executor = QueueExecutor()

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Declared `throws`, though it throws nothing, so that a `CancellationError` thrown on the way
  /// there or back would reach the caller's `catch`.
  func read() throws -> Reading {
    let cancelledOnEntry = Task.isCancelled
    entered.open()
    let released = release.block()
    return Reading(
      secret: Self.secret, cancelledOnEntry: cancelledOnEntry, cancelledOnExit: Task.isCancelled,
      released: released)
  }
}

/// Calls `keychain.read()` from the caller's isolation (a hop there and back) and records what
/// the statement after the call observed.
func readThroughHop(
  _ keychain: Keychain, isolation: isolated (any Actor)? = #isolation
) async -> HopRecord {
  do {
    let reading = try await keychain.read()
    return HopRecord(
      reading: reading,
      observation: Observation(outcome: .returned(isCancelled: Task.isCancelled), nextRan: true))
  } catch {
    return HopRecord(
      reading: nil, observation: Observation(outcome: .caught(error), nextRan: false))
  }
}

/// A serial executor that runs jobs one at a time on a private queue.
final class QueueExecutor: SerialExecutor, @unchecked Sendable {
  // The queue is serial and thread-safe; it is only not marked Sendable on this platform.
  private let queue = DispatchQueue(label: "racelab.conformance.keychain")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
  }
}

// MARK: - S10 support

/// What the awaited task B returned: its value and `Task.isCancelled` when it finished.
struct Awaited: Equatable, Sendable, CustomStringConvertible {
  var value: String
  var isCancelled: Bool

  var description: String { "\(value) isCancelled=\(isCancelled)" }
}

/// What the awaiting task A observed around `await awaited.value`.
struct AwaitRecord: Equatable, Sendable, CustomStringConvertible {
  /// Whether `start` was opened (false only if the safety limit ran out).
  var started: Bool
  /// `Task.isCancelled` just before the await.
  var cancelledBeforeAwait: Bool
  /// B's result, or nil if the await threw.
  var awaited: Awaited?
  var observation: Observation

  var description: String {
    "cancelled-before-await=\(cancelledBeforeAwait) got \(awaited.map(String.init(describing:)) ?? "nothing"); \(observation)"
      + (started ? "" : " (the safety limit ran out before the start)")
  }
}
