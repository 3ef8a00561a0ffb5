import Commands
import Testing

/// One scenario file of a ``RaceScenarioFolder``: an argument of a parameterized test, so
/// every scenario is its own test case.
public struct RaceScenario: Sendable, Hashable, Identifiable, CustomStringConvertible,
  CustomTestStringConvertible
{
  /// The file's path relative to the scenarios folder, such as `login/two-refreshes.yaml`.
  public let path: String
  /// The folder it belongs to.
  public let folder: RaceScenarioFolder

  /// The relative path: it names the test case, and running it again finds the same file.
  public var id: String { path }
  public var description: String { path }
  public var testDescription: String { path }

  /// Runs the scenario as `racelab check` does: its trace against its golden, its `expect:`
  /// block, and its `explore:` block when the folder explores.
  public func check() -> RaceScenarioVerdict {
    let result = folder.command.check(path)
    return RaceScenarioVerdict(passed: result.status == .success, report: result.output)
  }
}

/// How one scenario's check ended.
public struct RaceScenarioVerdict: Sendable, Equatable {
  /// Whether its golden, its expectations and its exploration all hold.
  public let passed: Bool
  /// What `racelab check` prints for it: the unified diff against the golden, the failed
  /// expectations, the exploration's verdict with its counterexample's replay command, or the
  /// file's diagnostics.
  public let report: String
}
