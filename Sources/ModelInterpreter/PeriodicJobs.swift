import ModelContract
import ModelLanguage
import RacelabKernel

/// Periodic jobs: each run starts the job's operation as a new task and schedules the next run
/// `every` later, on the virtual clock (a wall-clock shift does not move them).
extension InterpretedModel {
  static let nanosecondsPerDay: Int64 = 86_400 * 1_000_000_000

  /// Schedules the first run of every periodic job the scenario has not put down.
  mutating func schedulePeriodicJobs(context: inout SimulationContext<InterpretedModel>) {
    for (index, job) in program.periodic.enumerated() where !code.downPeriodic.contains(index) {
      context.schedule(.periodic(index), afterNanoseconds: firstRun(of: job, context))
    }
  }

  /// When a job first runs: at its time of day (today's, or tomorrow's once it has passed; at
  /// once when the run starts exactly then), else `every` after `t = 0`.
  private func firstRun(of job: PeriodicDecl, _ context: SimulationContext<InterpretedModel>)
    -> Int64
  {
    guard let timeOfDay = job.timeOfDay else { return job.every }
    let local = context.wallClock.localNanosecondsSinceEpoch(at: .zero)
    let day = Int128(Self.nanosecondsPerDay)
    let sinceMidnight = ((local % day) + day) % day
    let wait = ((Int128(timeOfDay) - sinceMidnight) % day + day) % day
    return Int64(wait)
  }

  /// One run: the next is scheduled, then the operation starts unless its process is down.
  /// A skipped run counts as an instruction, so a job that fires every nanosecond while its
  /// process stays down cannot keep a run going forever.
  mutating func runPeriodicJob(_ index: Int, context: inout SimulationContext<InterpretedModel>) {
    let job = program.periodic[index]
    guard spendInstruction(context: &context) else { return }
    context.schedule(.periodic(index), afterNanoseconds: job.every)
    guard !processDown[job.process] else {
      context.note(
        ModelNote(
          kind: "periodic-skipped", subject: job.name,
          detail: ["skipped: \(program.processes[job.process].name) is down"]))
      return
    }
    start(job.operation, arguments: [], process: job.process, lane: nil, context: &context)
  }
}
