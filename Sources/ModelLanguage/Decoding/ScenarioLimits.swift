/// How large a scenario file and what it describes may be, so that no input makes racelab run
/// out of memory or time. The defaults are far above any real scenario; `--limits` raises them.
public struct ScenarioLimits: Sendable, Equatable {
  /// Bytes of one file.
  public var fileBytes = 16 << 20
  /// Bytes of one scalar value.
  public var scalarBytes = 1 << 20
  /// Entries of a timeline (or rows of a table).
  public var happenings = 1_000_000
  /// Steps in one list: a scenario's `task:` body, or any step list of a model file.
  public var taskSteps = 10_000
  /// Diagnostics printed for one file (the rest are counted).
  public var errors = 100
  /// Events of one run's full trace.
  public var traceEvents = 20_000_000
  /// Steps a model file's run may take (instructions, and periodic runs skipped while their
  /// process is down) before it stops as a model that does not stop.
  public var modelSteps = 10_000_000
  /// Tasks a model file's run may start, counting those that have ended.
  public var tasks = 100_000
  /// Rows one table of a model file may hold in a run.
  public var tableRows = 100_000
  /// Megabytes the states an exploration remembers may take (estimated from the values they
  /// hold, the same on every machine and run).
  public var stateMemory = 4096

  /// The defaults.
  public init() {}

  /// Each limit's name as `--limits` writes it, with its key path.
  public static var names: [(name: String, keyPath: WritableKeyPath<ScenarioLimits, Int>)] {
    [
      ("file-bytes", \.fileBytes), ("scalar-bytes", \.scalarBytes),
      ("happenings", \.happenings), ("task-steps", \.taskSteps), ("errors", \.errors),
      ("trace-events", \.traceEvents), ("model-steps", \.modelSteps),
      ("tasks", \.tasks), ("table-rows", \.tableRows),
      ("state-memory", \.stateMemory),
    ]
  }

  /// Reads `name=N,name=N`; `nil` (with the reason) when a name is unknown or a value is not
  /// a whole number ≥ 1.
  public static func parse(_ text: String) -> Result<ScenarioLimits, LimitsError> {
    var limits = ScenarioLimits()
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard pair.count == 2, let entry = names.first(where: { $0.name == pair[0] }) else {
        return .failure(LimitsError(name: String(pair[0])))
      }
      guard pair[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(pair[1]),
        value >= 1
      else { return .failure(LimitsError(name: String(pair[0]), badValue: String(pair[1]))) }
      limits[keyPath: entry.keyPath] = value
    }
    return .success(limits)
  }

  /// A `--limits` text that does not parse.
  public struct LimitsError: Error, Sendable {
    /// The limit's name as written.
    public var name: String
    /// The value, when the name was right and the value was not.
    public var badValue: String?
  }

  /// The limit named `name`'s value.
  public func value(named name: String) -> Int? {
    Self.names.first { $0.name == name }.map { self[keyPath: $0.keyPath] }
  }
}
