import Foundation
import RacelabTesting
import Testing

/// The agreement check over a scenario whose disappear arrives somewhere in a window: the code
/// receives it at every instant that matters, as the model does, and a model that is wrong only
/// at one instant of the window is caught.
@Suite("Windowed arrivals in the agreement check")
struct WindowedArrivalAgreementTests {
  static let fields = ["attempts", "pending", "reviewRequests", "reviewsShown"]

  /// A bundled scenario whose disappear arrives in `1.5s..2.5s`, around the timer at 2s.
  static func windowed(_ variant: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("scenarios/review-prompt/explore/disappear-window-\(variant).yaml")
      .path
  }

  static func agreement(_ path: String) async throws -> RaceAgreement {
    try await Race.agreement(scenario: path, fields: fields) { run in
      await ReviewPromptCodeTests.play(run)
    }.get()
  }

  /// Before the timer the cancel finds the task asleep (S3); at its instant, ordered first, the
  /// cancel only sets the flag (S5), and the original fires anyway where cancel-guard returns;
  /// after it, the attempt is recorded while the screen still shows.
  @Test(
    "the window reaches the code as explore places it for the model; where it lands matters",
    arguments: [
      (
        "original",
        [
          "attempts 0, pending true, reviewRequests 0, reviewsShown 0",
          "attempts 1, pending false, reviewRequests 1, reviewsShown 1",
          "attempts 1, pending false, reviewRequests 1, reviewsShown 1 · broken: "
            + "attempt-while-visible, no-fire-after-cancel",
        ]
      ),
      (
        "cancel-guard",
        [
          "attempts 0, pending true, reviewRequests 0, reviewsShown 0",
          "attempts 1, pending false, reviewRequests 1, reviewsShown 1",
        ]
      ),
    ])
  func windowAgrees(_ variant: String, _ outcomes: [String]) async throws {
    let run = try RaceScenarioRun(scenario: Self.windowed(variant))
    let disappear = try #require(run.happenings.first { $0.event == "screen-disappear" })
    #expect(disappear.window == .milliseconds(1_500) ... .milliseconds(2_500))
    #expect(disappear.at == .milliseconds(1_500))
    let agreement = try await Self.agreement(Self.windowed(variant))
    #expect(agreement.isProof, "\(agreement)")
    #expect(agreement.code.map(\.description).sorted() == outcomes, "\(agreement)")
  }

  /// A model that believes the original checks `Task.isCancelled` after its sleep: it differs
  /// from the code only when the disappear lands at the timer's very instant and is applied
  /// first, one point of the window.
  @Test("a model wrong only at one instant of the window is caught")
  func wrongModelIsCaught() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "racelab-window-agreement-\(ProcessInfo.processInfo.globallyUniqueString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = try String(contentsOfFile: Self.windowed("original"), encoding: .utf8)
    let wrong = text.replacingOccurrences(
      of: "variant: original\n",
      with: """
        variant: original
        task:
          - sleep: delay
            on-cancel: return
          - guard-not-cancelled
          - call: fire

        """)
    #expect(wrong != text)
    let windowPath = folder.appendingPathComponent("wrong-window.yaml").path
    try Data(wrong.utf8).write(to: URL(fileURLWithPath: windowPath))
    let window = try await Self.agreement(windowPath)
    #expect(!window.agrees, "\(window)")
    #expect(window.modelComplete && window.codeComplete && window.problems.isEmpty)
    #expect(
      window.code.subtracting(window.model).map(\.violations)
        == [["attempt-while-visible", "no-fire-after-cancel"]], "\(window)")
    #expect(window.model.isSubset(of: window.code))
    // At the window's start, the instant a plain run takes, the wrong model still agrees.
    let fixedPath = folder.appendingPathComponent("wrong-fixed.yaml").path
    try Data(wrong.replacingOccurrences(of: "at: 1.5s..2.5s", with: "at: 1.5s").utf8).write(
      to: URL(fileURLWithPath: fixedPath))
    let fixed = try await Self.agreement(fixedPath)
    #expect(fixed.isProof, "\(fixed)")
  }
}
