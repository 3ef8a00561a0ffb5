import RacelabTesting
import Testing

/// Every scenario in `scenarios/`, against its golden in `traces/` and its `explore:` block:
/// one test case each.
@Test(arguments: try RaceScenarioFolder("scenarios").scenarioFiles())
func raceScenario(_ scenario: RaceScenario) {
  scenario.expectToPass()
}
