import ScenarioFormat

/// What checking one scenario file gave: how it ended and everything `check` printed for it.
public struct ScenarioCheck: Sendable, Equatable {
  /// The scenario file's path.
  public var scenario: String
  /// `.success` when its golden, its expectations and (when asked) its exploration hold,
  /// `.failure` when one does not, `.badInput` when the file could not be read or run.
  public var status: ExitStatus
  /// What `check` printed for the file, uncoloured: the diff, the failed expectations, the
  /// exploration's verdict, or the diagnostics.
  public var output: String
}

extension CheckCommand {
  /// The scenario files ``execute(console:)`` checks (model files aside), relative to
  /// ``scenarios``, in the order it checks them.
  public func scenarioFiles() -> [String] {
    Files.list(scenarios, suffixes: ScenarioFiles.suffixes).filter {
      !$0.hasSuffix(ScenarioLoader.modelFileSuffix)
    }
  }

  /// Checks one scenario file, named relative to ``scenarios``, as ``execute(console:)`` checks
  /// it (its golden, its expectations, its exploration when ``explore``, its committed picture;
  /// goldens rewritten when ``update``), printing nothing.
  public func check(_ relative: String) -> ScenarioCheck {
    let path = Files.join(scenarios, relative)
    let golden = GoldenCheck(
      scenarioPath: path, goldenPath: Files.join(tracesFolder, Self.goldenName(of: relative)),
      goldens: GoldenFiles(root: tracesFolder), update: update, explore: explore,
      limits: limits, models: ModelFiles(limits: limits))
    let transcript = ScenarioTranscript()
    let silent = Console(write: { _ in }, writeError: { _ in }, colour: false)
    var tally = CheckTally()
    let status = golden.run(console: transcript.teeing(silent), tally: &tally)
    return ScenarioCheck(scenario: path, status: status, output: transcript.written)
  }
}
