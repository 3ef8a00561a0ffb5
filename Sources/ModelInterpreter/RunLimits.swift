/// How much one run of a model file may do before it stops with a run-time error, so that a
/// model that never stops, or one that keeps starting tasks, is reported within seconds and a
/// bounded amount of memory, whatever the machine: the limits count work, not time.
public struct RunLimits: Sendable, Equatable {
  /// Steps one run may take: instructions, and inside an instruction each table or record row
  /// scanned and each list item or text byte built (`--limits model-steps`).
  public var steps: Int
  /// Tasks one run may start, counting those that have ended (`--limits tasks`): each keeps
  /// its record and its place in the trace until the run ends.
  public var tasks: Int
  /// Rows one table may hold (`--limits table-rows`).
  public var tableRows: Int

  /// Far more than any real model needs: ten million steps, a hundred thousand tasks, a
  /// hundred thousand rows in a table.
  public static let defaults = RunLimits(steps: 10_000_000, tasks: 100_000, tableRows: 100_000)

  /// Limits of `steps` steps, `tasks` tasks and `tableRows` rows per table.
  public init(steps: Int, tasks: Int, tableRows: Int) {
    self.steps = steps
    self.tasks = tasks
    self.tableRows = tableRows
  }
}
