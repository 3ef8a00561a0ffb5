import CommandTestSupport
import Commands
import Foundation
import Testing

/// A default run that does not show what the file's `explore:` expects ends with the command
/// that does; `explore: {counterexample: NAME}` has `check` keep NAME's shortest counterexample
/// as a golden, written by `--update`, compared like any golden, orphaned when dropped.
struct CounterexampleGoldenTests {
  /// Two writers at one instant: in the default order b writes last; in the other, a does, and
  /// `b-last` breaks.
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
      b-last:
        at-end: "app.last != a"
        say: "a wrote last"
    summary:
      last: app.last

    """

  static let scenario = """
    name: s
    model: ./writers.model.yaml
    timeline:
      - {at: 0s, event: a}
      - {at: 0s, event: b}
    expect:
      violations: []
    explore:
      violations: [b-last]
      counterexample: b-last

    """

  func folder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("scenarios/writers.model.yaml", Self.model)
    try folder.write("scenarios/s.yaml", Self.scenario)
    return folder
  }

  /// `racelab check` of the folder's `scenarios/` against its `traces/`.
  static func check(_ folder: TemporaryFolder, update: Bool = false) -> (
    status: ExitStatus, output: String, error: String
  ) {
    capture {
      CheckCommand(
        scenarios: folder.path("scenarios"), traces: folder.path("traces"), update: update
      ).execute(console: $0)
    }
  }

  @Test func theDefaultTraceNamesWhatOnlyExploreShows() throws {
    let folder = try folder()
    defer { folder.remove() }
    let (status, output, error) = capture {
      RunCommand(files: [folder.path("scenarios/s.yaml")]).execute(console: $0)
    }
    #expect(status == .success, "\(error)")
    // Under the header, before the run, wrapped like the scenario's about:.
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    let note = try #require(lines.firstIndex { $0.hasPrefix("note: ") })
    let start = try #require(lines.firstIndex { $0.hasPrefix("start ") })
    #expect(note < start)
    #expect(
      lines[note..<start].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        == "note: other orders break b-last (the file's explore:), which this run does not show: "
        + "racelab explore s.yaml; the shortest counterexample of b-last is kept beside this "
        + "trace's golden, in s.counterexample.trace", "\(output)")
  }

  @Test func checkKeepsTheCounterexampleAsAGolden() throws {
    let folder = try folder()
    defer { folder.remove() }
    let written = Self.check(folder, update: true)
    #expect(written.status == .success, "\(written.output)\(written.error)")
    #expect(written.output.contains("created \(folder.path("traces/s.counterexample.trace"))"))
    let golden = String(
      decoding: try #require(folder.read("traces/s.counterexample.trace")), as: UTF8.self)
    #expect(golden.contains(" · not the default schedule: the file's expectations describe"))
    #expect(golden.contains("\nbroken: b-last\n"))
    #expect(Self.check(folder).status == .success)

    try folder.write(
      "traces/s.counterexample.trace", golden.replacingOccurrences(of: "a", with: "A"))
    let changed = Self.check(folder)
    #expect(changed.status == .failure)
    #expect(changed.output.contains("counterexample differs from"), "\(changed.output)")

    try folder.write(
      "scenarios/s.yaml",
      Self.scenario.replacingOccurrences(of: "  counterexample: b-last\n", with: ""))
    _ = Self.check(folder, update: true)
    let dropped = Self.check(folder)
    #expect(dropped.status == .failure)
    #expect(
      dropped.error.contains(
        "orphaned \(folder.path("traces/s.counterexample.trace")): no 'explore: "
          + "{counterexample: …}' in \(folder.path("scenarios/s.yaml"))"), "\(dropped.error)")
  }
}
