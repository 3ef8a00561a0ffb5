import ModelContract
import RacelabKernel

/// The storm workload as a kernel model: one scripted event spawns `N` tasks on the one lane,
/// in order, then a controller task. Task `i` runs ten times `[sleep d_i (on-cancel: return),
/// call(.recordSleep)]`; the controller runs `[sleep 2500 ms, call(.cancelEverySeventh)]`.
///
/// Tasks with the same sleep duration share one program, so the programs are at most 1,000
/// (one per duration) plus the controller's, whatever `N` is.
struct StormModel: SimulationModel {
  enum Event: Sendable, Hashable {
    /// Spawns every storm task, then the controller.
    case spawnAll
  }

  enum Operation: Sendable, Hashable {
    /// Adds the current virtual time in milliseconds to the checksum.
    case recordSleep
    /// Cancels tasks 0, 7, 14, … of the storm.
    case cancelEverySeventh
  }

  /// The number of storm tasks. Their durations are generated while spawning them, not stored:
  /// a million tasks would otherwise add 8 MB to the measured peak.
  let tasks: Int
  /// Program handle for each duration in milliseconds (index `d - 1`).
  private var programForDuration: [Int] = []
  private var controllerProgram = 0
  /// Completed sleeps of storm tasks (each is followed by one `recordSleep` call).
  private(set) var sleepsRecorded: UInt64 = 0
  /// Sum of the virtual times in ms of every completed storm sleep, mod 2^64.
  private(set) var checksum: UInt64 = 0

  init(tasks: Int) {
    self.tasks = tasks
  }

  var laneNames: [String] { ["main"] }

  mutating func prepare(context: inout SimulationContext<StormModel>) {
    let nanosecondsPerMillisecond: Int64 = 1_000_000
    for milliseconds in Int64(1)...Int64(stormMaxDurationMilliseconds) {
      let sleep = TaskStep<Operation>.sleep(
        nanoseconds: milliseconds * nanosecondsPerMillisecond, onCancel: .return)
      let steps = Array(repeating: [sleep, .call(.recordSleep)], count: 10).flatMap { $0 }
      programForDuration.append(context.addProgram(TaskProgram(name: "storm", steps: steps)))
    }
    controllerProgram = context.addProgram(
      TaskProgram(
        name: "controller",
        steps: [
          .sleep(nanoseconds: 2500 * nanosecondsPerMillisecond, onCancel: .return),
          .call(.cancelEverySeventh),
        ]))
  }

  func delivery(of event: Event) -> EventDelivery { .job(LaneID(index: 0)) }

  func label(of event: Event) -> String { "spawn-all" }

  func name(of operation: Operation) -> String {
    switch operation {
    case .recordSleep: "record-sleep"
    case .cancelEverySeventh: "cancel-every-seventh"
    }
  }

  mutating func handle(_ event: Event, context: inout SimulationContext<StormModel>) {
    let lane = LaneID(index: 0)
    var durations = StormDurations()
    for _ in 0..<tasks {
      _ = context.spawnTask(program: programForDuration[Int(durations.next()) - 1], lane: lane)
    }
    _ = context.spawnTask(program: controllerProgram, lane: lane)
  }

  mutating func perform(
    _ operation: Operation, task: TaskID, context: inout SimulationContext<StormModel>
  ) {
    switch operation {
    case .recordSleep:
      sleepsRecorded += 1
      checksum &+= UInt64(context.now.nanoseconds / 1_000_000)
    case .cancelEverySeventh:
      for index in stride(from: 0, to: tasks, by: 7) {
        context.cancel(TaskID(index: Int32(index)))
      }
    }
  }

  func summary(context: SimulationContext<StormModel>) -> [TraceField] { [] }

  static func == (lhs: StormModel, rhs: StormModel) -> Bool {
    lhs.sleepsRecorded == rhs.sleepsRecorded && lhs.checksum == rhs.checksum
      && lhs.tasks == rhs.tasks
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(sleepsRecorded)
    hasher.combine(checksum)
  }
}

/// The longest storm sleep: `d_i` lies in `1...1000` ms.
let stormMaxDurationMilliseconds = 1000

/// The storm tasks' sleep durations in milliseconds, task by task: `d_i = 1 + ((x_{i+1} >> 33) mod
/// 1000)`, with `x_0 = 42` and `x_{i+1} = x_i · 6364136223846793005 + 1442695040888963407`.
struct StormDurations {
  private var x: UInt64 = 42

  /// The next task's duration in milliseconds.
  mutating func next() -> Int64 {
    x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int64(1 + (x >> 33) % 1000)
  }
}

/// What one storm run produced.
struct StormOutcome: Equatable {
  /// Completed storm sleeps plus delivered cancellations.
  var events: UInt64
  var checksum: UInt64
}
