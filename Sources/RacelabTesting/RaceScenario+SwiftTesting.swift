import Testing

extension RaceScenario {
  /// Checks the scenario and records a Swift Testing issue with the diff, the failed
  /// expectations or the counterexample when it does not pass.
  ///
  /// ```swift
  /// @Test(arguments: try RaceScenarioFolder("scenarios").scenarioFiles())
  /// func race(_ scenario: RaceScenario) {
  ///   scenario.expectToPass()
  /// }
  /// ```
  public func expectToPass(sourceLocation: SourceLocation = #_sourceLocation) {
    let verdict = check()
    if !verdict.passed {
      Issue.record(
        Comment(rawValue: "racelab: \(path) does not pass\n" + verdict.report),
        sourceLocation: sourceLocation)
    }
  }
}
