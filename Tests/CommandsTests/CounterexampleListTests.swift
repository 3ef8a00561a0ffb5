import CommandTestSupport
import Commands
import Foundation
import Testing

/// `explore: {counterexample: [A, B]}` keeps the shortest counterexample of each invariant it
/// lists, each in a golden named after it.
struct CounterexampleListTests {
  /// Three writers at one instant, c last by default; either other writer last breaks one
  /// invariant.
  static let model = """
    kind: model
    name: writers
    processes:
      app:
        lanes: {main: serial}
        persisted:
          last: {type: enum, values: [nobody, a, b, c], default: nobody}
    events:
      a:
        steps:
          - set: {app.last: a}
      b:
        steps:
          - set: {app.last: b}
      c:
        steps:
          - set: {app.last: c}
    invariants:
      a-not-last:
        at-end: "app.last != a"
      b-not-last:
        at-end: "app.last != b"
    summary:
      last: app.last

    """

  static func scenario(counterexample: String) -> String {
    """
    name: s
    model: ./writers.model.yaml
    timeline:
      - {at: 0s, event: a}
      - {at: 0s, event: b}
      - {at: 0s, event: c}
    explore:
      violations: [a-not-last, b-not-last]
      counterexample: \(counterexample)

    """
  }

  func folder(counterexample: String) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("scenarios/writers.model.yaml", Self.model)
    try folder.write("scenarios/s.yaml", Self.scenario(counterexample: counterexample))
    return folder
  }

  @Test func eachListedInvariantGetsItsOwnGolden() throws {
    let folder = try folder(counterexample: "[a-not-last, b-not-last]")
    defer { folder.remove() }
    let written = CounterexampleGoldenTests.check(folder, update: true)
    #expect(written.status == .success, "\(written.output)\(written.error)")
    for name in ["a-not-last", "b-not-last"] {
      let golden = String(
        decoding: try #require(folder.read("traces/s.counterexample.\(name).trace")),
        as: UTF8.self)
      #expect(golden.contains("\nbroken: \(name)\n"), "\(golden)")
    }
    #expect(folder.read("traces/s.counterexample.trace") == nil)
    #expect(CounterexampleGoldenTests.check(folder).status == .success)
    // The default trace names both files.
    let trace = String(decoding: try #require(folder.read("traces/s.trace")), as: UTF8.self)
    #expect(trace.contains("s.counterexample.a-not-last.trace"))
    #expect(trace.contains("s.counterexample.b-not-last.trace"))

    // Dropping one name from the list leaves its golden orphaned, and the other is then the
    // only one, under the plain name.
    try folder.write("scenarios/s.yaml", Self.scenario(counterexample: "[a-not-last]"))
    _ = CounterexampleGoldenTests.check(folder, update: true)
    let dropped = CounterexampleGoldenTests.check(folder)
    #expect(dropped.status == .failure)
    #expect(folder.read("traces/s.counterexample.trace") != nil)
    #expect(
      dropped.error.contains("orphaned \(folder.path("traces/s.counterexample.b-not-last.trace"))"),
      "\(dropped.error)")
  }

  @Test func aListedInvariantTheFileDoesNotExpectIsRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("scenarios/writers.model.yaml", Self.model)
    try folder.write(
      "scenarios/s.yaml",
      Self.scenario(counterexample: "[a-not-last, b-not-last]").replacingOccurrences(
        of: "violations: [a-not-last, b-not-last]", with: "violations: [a-not-last]"))
    let (status, _, error) = capture {
      RunCommand(files: [folder.path("scenarios/s.yaml")]).execute(console: $0)
    }
    #expect(status == .badInput)
    #expect(
      error.contains(
        "s.yaml:9:32: error: 'counterexample: b-not-last' keeps the shortest counterexample"),
      "\(error)")
  }
}
