import CommandTestSupport
import Commands
import Foundation
import Testing

/// A model file's break says when its invariant was checked, so a `BROKEN` line standing after
/// the job that did the harm, or at the end of a run, explains its place.
struct InvariantCheckTimeTests {
  static let model = """
    kind: model
    name: writers
    processes:
      app:
        lanes: {main: serial}
        persisted:
          last: {type: enum, values: [nobody, a, b], default: nobody}
    events:
      a:
        steps:
          - set: {app.last: a}
      b:
        steps:
          - set: {app.last: b}
    invariants:
      a-last:
        at-end: "app.last != b"
        say: "b wrote last"
      never-b:
        settled: "app.last != b"
        say: "b wrote"
    summary:
      last: app.last

    """

  /// The `BROKEN` lines of a run where a writes, then b, at 0s, then `later` writes at 2s
  /// unless `until:` stops the run before.
  func brokenLines(later: String? = nil, until: String? = nil) throws -> [String] {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("writers.model.yaml", Self.model)
    try folder.write(
      "s.yaml",
      "name: s\nmodel: ./writers.model.yaml\n" + (until.map { "until: \($0)\n" } ?? "")
        + "timeline:\n  - {at: 0s, event: a}\n  - {at: 0s, event: b}\n"
        + (later.map { "  - {at: 2s, event: \($0)}\n" } ?? ""))
    let (status, output, error) = capture {
      RunCommand(files: [folder.path("s.yaml")]).execute(console: $0)
    }
    #expect(status == .success, "\(error)")
    return output.split(separator: "\n").filter { $0.hasPrefix("!!") }.map(String.init)
  }

  @Test func aSettledBreakSaysTheLanesWereIdle() throws {
    #expect(
      try brokenLines().contains {
        $0.hasSuffix(
          "b wrote (checked once every lane was idle at this instant) · invariant never-b")
      })
  }

  @Test func aRunThatRanOutSaysSo() throws {
    #expect(
      try brokenLines().contains {
        $0.hasSuffix(
          "b wrote last (checked when the run ended: nothing was left to run) · invariant a-last")
      })
    // With a later write of a, the end finds a last; with b's, the run ends after it.
    #expect(!(try brokenLines(later: "a")).contains { $0.contains("invariant a-last") })
    #expect(
      try brokenLines(later: "b", until: "3s").contains {
        $0.hasSuffix("(checked when the run ended: nothing was left to run) · invariant a-last")
      })
  }

  @Test func aRunStoppedByUntilSaysSo() throws {
    #expect(
      try brokenLines(later: "a", until: "1s").contains {
        $0.hasSuffix("b wrote last (checked when the run ended, at its until:) · invariant a-last")
      })
  }
}
