import Foundation
import RacelabTesting
import Testing

/// The review-prompt coordinator's real Swift code, explored on the canonical teaching cases,
/// reaches exactly the outcomes the bundled review-prompt model reaches.
@Suite("Review-prompt code against its model")
struct ReviewPromptCodeTests {
  static let canonical: [String] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("scenarios/review-prompt/canonical")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    // Kotlin's runtime is not Swift's, and try-question-mark replaces the task's body.
    return names.filter { !$0.hasPrefix("kotlin-") && !$0.hasPrefix("try-question-mark") }
      .sorted().map { folder.appendingPathComponent($0).path }
  }()

  @Test("the code's outcomes equal the model's", arguments: canonical)
  func codeAgreesWithModel(_ path: String) async throws {
    let agreement = try await Race.agreement(
      scenario: path, fields: ["attempts", "pending", "reviewRequests", "reviewsShown"]
    ) { run in
      await Self.play(run)
    }.get()
    #expect(agreement.isProof, "\(agreement)")
  }

  @Test(
    "the original code's two findings: recorded in the background, and fired after its cancel",
    arguments: [
      ("background-during-wait-original.yaml", ["attempt-while-visible"]),
      ("busy-main-disappear-original.yaml", ["attempt-while-visible", "no-fire-after-cancel"]),
    ])
  func originalFindings(_ file: String, _ expected: [String]) async throws {
    let path = try #require(Self.canonical.first { $0.hasSuffix("/" + file) })
    let run = try RaceScenarioRun(scenario: path)
    let exploration = await Race.explore { await Self.play(run) }
    #expect(exploration.complete)
    #expect(exploration.violationNames.sorted() == expected)
  }

  /// A `maybe: true` disappear is delivered or lost in the code's runs as in the model's, and a
  /// `lost: true` one never reaches the code (once both reached it every time, so the check
  /// compared the model's lost runs with code that had been told).
  @Test("maybe and lost happenings reach the code as the model explores them")
  func maybeAndLostAgree() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "racelab-agreement-\(ProcessInfo.processInfo.globallyUniqueString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let original = try #require(
      Self.canonical.first { $0.hasSuffix("/busy-main-disappear-original.yaml") })
    let text = try String(contentsOfFile: original, encoding: .utf8)
    for marking in ["maybe: true", "lost: true"] {
      let path = folder.appendingPathComponent("\(marking.prefix(4)).yaml").path
      let marked = text.replacingOccurrences(
        of: "    event: screen-disappear", with: "    \(marking)\n    event: screen-disappear")
      #expect(marked != text)
      try Data(marked.utf8).write(to: URL(fileURLWithPath: path))
      let agreement = try await Race.agreement(
        scenario: path, fields: ["attempts", "pending", "reviewRequests", "reviewsShown"]
      ) { run in
        await Self.play(run)
      }.get()
      #expect(agreement.isProof, "\(marking): \(agreement)")
    }
  }

  @Test("cancel-guard breaks no invariant on any canonical case")
  func cancelGuardIsClean() async throws {
    for path in Self.canonical where path.hasSuffix("-cancel-guard.yaml") {
      let run = try RaceScenarioRun(scenario: path)
      let exploration = await Race.explore { await Self.play(run) }
      #expect(exploration.complete && exploration.violations.isEmpty, "\(path)")
    }
  }

  @MainActor static func play(_ run: RaceScenarioRun) async -> [String: String] {
    let world = ReviewPromptWorld(run: run)
    await run.play { world.deliver($0) }
    return world.figures
  }
}
