import XCTest

extension XCTestCase {
  /// Checks every scenario of `folder` and fails once per scenario that does not pass, with
  /// its path and the diff, the failed expectations or the counterexample.
  ///
  /// ```swift
  /// final class RaceTests: XCTestCase {
  ///   func testScenarios() throws {
  ///     try assertRaceScenariosPass(RaceScenarioFolder("scenarios"))
  ///   }
  /// }
  /// ```
  ///
  /// - Throws: ``RaceScenarioFolderError`` when the folder does not exist or holds no scenario.
  public func assertRaceScenariosPass(
    _ folder: RaceScenarioFolder, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    for scenario in try folder.scenarioFiles() {
      let verdict = scenario.check()
      if !verdict.passed {
        XCTFail(
          "racelab: \(scenario.path) does not pass\n" + verdict.report, file: file, line: line)
      }
    }
  }
}
