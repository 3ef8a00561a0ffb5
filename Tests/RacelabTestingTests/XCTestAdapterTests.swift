import RacelabTesting
import XCTest

/// `assertRaceScenariosPass` fails once per failing scenario. The failures are caught here so
/// that the test can count them instead of failing.
final class XCTestAdapterTests: XCTestCase {
  private var failures: [String] = []

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    failures.append(description)
  }

  func testOneFailurePerFailingScenarioWithItsPath() throws {
    let fixture = try RaceScenarioFixture()
    defer { fixture.remove() }
    try assertRaceScenariosPass(fixture.folder(explore: false))
    let passing = failures
    for name in ["two-loads-original", "two-loads-migrated"] {
      try fixture.edit(
        "traces/device-identity/\(name).trace", replacing: "broken:", with: "broken (edited):")
    }
    try assertRaceScenariosPass(fixture.folder(explore: false))
    let edited = failures
    failures = []
    XCTAssertEqual(passing, [])
    XCTAssertEqual(edited.count, 2)
    XCTAssertTrue(edited[0].contains("two-loads-migrated.yaml does not pass"), edited[0])
    XCTAssertTrue(edited[1].contains("-broken (edited):"), edited[1])
  }
}
