/// What remembering a state costs, counted in values (a task, a lane, a queued job, a due
/// happening, one of the model's values), so that an exploration can stop before the states it
/// keeps pass a memory limit. The count is deterministic, unlike the memory the process uses,
/// so a limit on it stops every run of the same exploration at the same state.
protocol StateFootprint {
  /// How many values the state holds.
  var footprint: Int { get }
}

/// How the memory of the states an exploration remembers is estimated.
public enum ExplorationMemory {
  /// Bytes a remembered state takes per value it holds (``StateFootprint``), as measured on
  /// racelab's own explorations (a release build on Linux, resident memory over the values
  /// counted, rounded up): the factor between a state's values and megabytes.
  public static let bytesPerValue = 80
}

extension StateSnapshot: StateFootprint {
  var footprint: Int {
    model.model.footprint + pendingBatch.count + agenda.count + lanes.count
      + lanes.reduce(0) { $0 + $1.jobs.count } + tasks.count + violations.count
  }
}

extension StateAtChoice {
  /// The footprint of the state.
  var footprint: Int { state.snapshot.footprint }
}
