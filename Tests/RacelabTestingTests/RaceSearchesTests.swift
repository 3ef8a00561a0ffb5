import Foundation
import RacelabTesting
import Testing

/// The searches and verdicts around real code: seeded sampling, the words of a report, and an
/// agreement check that fails, or cannot start.
@Suite("Sampling, reports and agreements")
struct RaceSearchesTests {
  private static let twoIncrements: @Sendable () async -> Int = {
    let counter = Counter()
    async let first: Void = counter.increment()
    async let second: Void = counter.increment()
    _ = await (first, second)
    return await counter.value
  }

  @Test("a seeded sample runs as many schedules as asked, the same ones for the same seed")
  func sampling() async {
    let first = await Race.sample(runs: 40, seed: 7, Self.twoIncrements)
    let again = await Race.sample(runs: 40, seed: 7, Self.twoIncrements)
    #expect(first.schedules == 40)
    #expect(!first.complete)
    #expect(Set(first.results).isSubset(of: ["1", "2"]))
    #expect(first.outcomes == again.outcomes)
    #expect(first.jobs > 40)
    #expect(first.description.hasPrefix("40 schedules, incomplete\nresult "))
  }

  @Test("an exploration's words: coverage, each outcome with its smallest schedule, each break")
  func explorationDescription() async {
    let exploration = await Race.explore { () async -> Int in
      let value = await Self.twoIncrements()
      Race.check(value == 2, "no-lost-update")
      return value
    }
    let lines = exploration.description.split(separator: "\n").map(String.init)
    #expect(lines.first == "\(exploration.schedules) schedules, complete")
    #expect(lines.contains { $0.hasPrefix("result 1 · broken: no-lost-update · ") })
    #expect(lines.contains { $0.hasPrefix("BROKEN no-lost-update in ") })
  }

  static func scenario(_ relative: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("scenarios/\(relative)").path
  }

  @Test("code that reaches other outcomes than its model disagrees, and says which")
  func disagreement() async throws {
    let agreement = try await Race.agreement(
      scenario: Self.scenario("review-prompt/canonical/happy-path-original.yaml"),
      fields: ["attempts"]
    ) { run in
      await run.play { _ in }
      return ["attempts": "7"]
    }.get()
    #expect(!agreement.agrees && !agreement.isProof)
    #expect(agreement.description.contains("model and code DISAGREE"))
    #expect(agreement.description.contains("only the code: attempts 7"))
    #expect(agreement.description.contains("only the model: attempts 1"))
  }

  @Test(
    "a scenario the agreement cannot play is refused with the reason",
    arguments: [
      ("eligibility/eligibility-truth-table.yaml", "needs a timeline"),
      ("no-such-file.yaml", "no-such-file.yaml"),
    ])
  func unplayableScenarios(_ relative: String, _ reason: String) throws {
    #expect {
      _ = try RaceScenarioRun(scenario: Self.scenario(relative))
    } throws: { error in
      "\(error)".contains(reason)
    }
  }
}
