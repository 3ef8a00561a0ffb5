import Foundation
import Testing

/// Every resource limit holds at its value and refuses just past it, with a message that names
/// the `--limits` setting to raise.
@Suite(.serialized) struct LimitsTests {
  static let scenario = """
    name: limits
    title: abcdefghijklmnopqrst
    model: review-prompt
    task:
      - sleep: 2s
      - call: fire
    timeline:
      - {at: 0s, event: game-won}
      - {at: 0s, event: screen-show}
      - {at: 1s, event: screen-disappear}

    """

  func withScenario(_ text: String = scenario, _ body: (String) throws -> Void) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("s.yaml", text)
    try body(folder.path("s.yaml"))
  }

  @Test func fileBytes() throws {
    try withScenario { path in
      let size = Self.scenario.utf8.count
      #expect(try runRacelab(["run", path, "--limits", "file-bytes=\(size)"]).status == 0)
      let past = try runRacelab(["run", path, "--limits", "file-bytes=\(size - 1)"])
      #expect(past.status == 2)
      #expect(past.errorText.contains("larger than the limit of \(size - 1) bytes"))
      #expect(past.errorText.contains("--limits file-bytes=N"))
    }
  }

  @Test func scalarBytes() throws {
    try withScenario { path in
      #expect(try runRacelab(["run", path, "--limits", "scalar-bytes=20"]).status == 0)
      let past = try runRacelab(["run", path, "--limits", "scalar-bytes=19"])
      #expect(past.status == 2)
      #expect(
        past.errorText.hasPrefix(
          "\(path):2:8: error: a value of 20 bytes is longer than the limit of 19"))
    }
  }

  @Test func happeningsAndTaskSteps() throws {
    try withScenario { path in
      #expect(
        try runRacelab(["run", path, "--limits", "happenings=3,task-steps=2"]).status == 0)
      let happenings = try runRacelab(["run", path, "--limits", "happenings=2"])
      #expect(happenings.status == 2)
      #expect(
        happenings.errorText.contains("'timeline' has 3 happenings, more than the limit of 2"))
      let steps = try runRacelab(["run", path, "--limits", "task-steps=1"])
      #expect(steps.status == 2)
      #expect(steps.errorText.contains(":5:3: error: 'task' has 2 steps, more than the limit of 1"))
    }
  }

  @Test func errorsPrinted() throws {
    let bad = (1...5).map { "  - {at: \($0)s, event: no-such-event}" }.joined(separator: "\n")
    try withScenario("name: x\nmodel: review-prompt\ntimeline:\n\(bad)\n") { path in
      let all = try runRacelab(["run", path, "--limits", "errors=5"])
      #expect(all.errorText.components(separatedBy: ": error: ").count == 6)
      #expect(!all.errorText.contains("more errors not shown"))
      let four = try runRacelab(["run", path, "--limits", "errors=4"])
      #expect(four.errorText.components(separatedBy: ": error: ").count == 5)
      #expect(four.errorText.contains("\(path): 1 more errors not shown"))
    }
  }

  @Test func traceEventsAndNoIncompleteGolden() throws {
    try withScenario { path in
      let json = try runRacelab(["run", path, "--format", "json"])
      let object = try #require(
        try JSONSerialization.jsonObject(with: json.output) as? [String: Any])
      let events = try #require(object["trace"] as? [Any]).count
      #expect(try runRacelab(["run", path, "--limits", "trace-events=\(events)"]).status == 0)
      let past = try runRacelab(["run", path, "--limits", "trace-events=\(events - 1)"])
      #expect(past.status == 2)
      #expect(past.output.isEmpty)
      #expect(past.errorText.contains("the trace is longer than the limit of \(events - 1) events"))
    }
    let folder = try makeSandbox()
    defer { folder.remove() }
    let before = folder.snapshot()
    let check = try runRacelab(
      ["check", "--update", "--limits", "trace-events=3"], in: folder.url)
    #expect(check.status == 2)
    #expect(folder.snapshot() == before)
  }

  @Test func unknownLimitsAreUsageErrors() throws {
    let result = try runRacelab(["run", "x.yaml", "--limits", "file-byte=3"])
    #expect(result.status == 2)
    #expect(result.errorText.contains("unknown limit 'file-byte'"))
    #expect(result.errorText.contains("did you mean 'file-bytes'?"))
    let zero = try runRacelab(["run", "x.yaml", "--limits", "errors=0"])
    #expect(zero.errorText.contains("errors takes a whole number ≥ 1, not '0'"))
  }
}
