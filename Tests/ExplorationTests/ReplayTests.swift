import CommandTestSupport
import Commands
import Foundation
import Testing

/// Every counterexample token `explore` prints replays, with `run --schedule`, to a trace that
/// breaks the invariant it was reported for, byte for byte the same each time; a token made for
/// another version of the file is refused.
@Suite struct ReplayTests {
  @Test(arguments: teachingScenarios)
  func everyCounterexampleReplays(_ path: String) throws {
    let report = try ExploreOutput(ExploreCommand(files: []), path: path)
    #expect(report.status == .success)
    for (invariant, token) in report.violations.sorted(by: { $0.key < $1.key }) {
      let json = capture {
        RunCommand(files: [path], format: .json, schedule: token).execute(console: $0)
      }
      #expect(json.error == "", "\(invariant): \(token)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
      let summary = try #require(object["summary"] as? [String: Any])
      let broken = try #require(summary["violations"] as? [String])
      #expect(broken.contains(invariant), "\(token) should break \(invariant)")

      let first = capture { RunCommand(files: [path], schedule: token).execute(console: $0) }
      let second = capture { RunCommand(files: [path], schedule: token).execute(console: $0) }
      #expect(first.output.contains("BROKEN"))
      #expect(first.output.contains("schedule \(token)"))
      #expect(Array(first.output.utf8) == Array(second.output.utf8))
      #expect(first.status == second.status)
    }
    // The outcomes' tokens replay too, to the outcome they stand for.
    for outcome in report.outcomes {
      let replay = capture {
        RunCommand(files: [path], format: .json, schedule: outcome.schedule).execute(console: $0)
      }
      #expect(replay.error == "", "\(outcome.schedule)")
    }
  }

  @Test func aTokenFromAnEditedFileIsRefused() throws {
    let path = teachingScenario("busy-main-window-original")
    let report = try ExploreOutput(ExploreCommand(files: []), path: path)
    let token = try #require(report.violations["no-fire-after-cancel"])
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    // Change one byte of the title: the run is the same, the file is not.
    let title = try #require(bytes.firstIndex(of: UInt8(ascii: "T")))
    bytes[title] = UInt8(ascii: "t")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "racelab-exploration-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let edited = folder.appendingPathComponent("busy-main-window-original.yaml")
    try Data(bytes).write(to: edited)

    let refused = capture {
      RunCommand(files: [edited.path], schedule: token).execute(console: $0)
    }
    #expect(refused.status == .badInput)
    #expect(refused.output == "")
    #expect(refused.error.contains("the token was made for another version of this scenario"))

    let unedited = folder.appendingPathComponent("copy.yaml")
    try Data(contentsOf: URL(fileURLWithPath: path)).write(to: unedited)
    let accepted = capture {
      RunCommand(files: [unedited.path], schedule: token).execute(console: $0)
    }
    #expect(accepted.error == "")
    #expect(accepted.output.contains("BROKEN"))
  }
}
