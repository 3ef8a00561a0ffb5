import Foundation
import ReviewPromptModel
import Testing

/// The eligibility rule against the shared 12-case fixture. The count is asserted exactly, so a
/// fixture that gains or loses a case fails loudly instead of silently testing less.
@Suite struct EligibilityRuleTests {
  struct Fixture: Decodable {
    struct Config: Decodable {
      var winThreshold: Int64
      var cooldownDays: Int64
    }
    struct Case: Decodable, CustomTestStringConvertible {
      var name: String
      var wins: Int64
      var lastAttemptDay: Int64?
      var today: Int64
      var lastPromptedVersion: String?
      var version: String
      var forceOverride: Bool
      var expect: Bool
      var testDescription: String { name }
    }
    var config: Config
    var cases: [Case]
  }

  static let fixture: Fixture = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/eligibility-cases.json")
    do {
      return try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    } catch {
      fatalError("cannot read \(url.lastPathComponent): \(error)")
    }
  }()

  @Test func fixtureHasExactlyTwelveCases() {
    #expect(Self.fixture.cases.count == 12)
  }

  @Test(arguments: fixture.cases)
  func ruleAnswersAsTheFixtureSays(_ row: Fixture.Case) {
    let rule = EligibilityRule(
      winThreshold: Self.fixture.config.winThreshold,
      cooldownDays: Self.fixture.config.cooldownDays)
    let verdict = rule.evaluate(
      EligibilityRule.Input(
        wins: row.wins, lastAttemptDay: row.lastAttemptDay, today: row.today,
        lastPromptedVersion: row.lastPromptedVersion, version: row.version,
        forceOverride: row.forceOverride))
    #expect(verdict.eligible == row.expect, "\(verdict.reason)")
  }

  @Test func checksRunInTheDocumentedOrder() {
    let rule = EligibilityRule(winThreshold: 3, cooldownDays: 120)
    let tooFewAndCooling = EligibilityRule.Input(
      wins: 1, lastAttemptDay: 20680, today: 20680, lastPromptedVersion: "1.4.0",
      version: "1.4.0", forceOverride: false)
    #expect(rule.evaluate(tooFewAndCooling).reason.hasPrefix("wins below the threshold"))
    var cooling = tooFewAndCooling
    cooling.wins = 3
    #expect(rule.evaluate(cooling).reason.hasPrefix("inside the cooldown"))
  }
}
