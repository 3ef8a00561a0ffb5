import CommandTestSupport
import Commands
import Foundation
import Testing

/// A record field's `about:` is said where the trace first writes the record, and only there.
struct RecordFieldAboutTests {
  static let model = """
    kind: model
    name: tally
    processes:
      app:
        lanes: {main: serial}
    records:
      counted:
        n: int
        fine: {type: bool, about: "whether the count was in range"}
    events:
      count:
        params:
          n: int
        steps:
          - record: counted
            with: {n: n, fine: "n < 3"}
    summary:
      counts: recorded(counted)

    """

  func run(_ scenario: String) throws -> (status: ExitStatus, output: String, error: String) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("tally.model.yaml", Self.model)
    try folder.write("s.yaml", scenario)
    return capture { RunCommand(files: [folder.path("s.yaml")]).execute(console: $0) }
  }

  @Test func theFirstRecordSaysWhatItsFieldsMean() throws {
    let (status, output, error) = try run(
      "name: s\nmodel: ./tally.model.yaml\ntimeline:\n  - {at: 0s, event: count, n: 1}\n"
        + "  - {at: 1s, event: count, n: 5}\n")
    #expect(status == .success, "\(error)")
    let recorded = output.split(separator: "\n").filter { $0.contains("recorded counted") }
    #expect(recorded.count == 2)
    #expect(recorded.first?.hasSuffix("fine true (fine: whether the count was in range)") == true)
    #expect(recorded.last?.hasSuffix("fine false") == true)
  }

  @Test func anAboutOnAStateVariableIsRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "tally.model.yaml",
      Self.model.replacingOccurrences(
        of: "    lanes: {main: serial}\n",
        with: "    lanes: {main: serial}\n    memory:\n"
          + "      x: {type: int, default: 0, about: \"a number\"}\n"))
    try folder.write("s.yaml", "name: s\nmodel: ./tally.model.yaml\ntimeline: []\n")
    let (status, _, error) = capture {
      RunCommand(files: [folder.path("s.yaml")]).execute(console: $0)
    }
    #expect(status == .badInput)
    #expect(error.contains("tally.model.yaml:"), "\(error)")
    #expect(error.contains("about"), "\(error)")
  }
}
