import CommandTestSupport
import Foundation
import Testing

/// A filter nested in another reads the outer row's fields by the outer record's name:
/// `recorded(finished where recorded(started where started.token == finished.token) == 0)`.
struct NestedFilterTests {
  static let model = """
    kind: model
    name: tokens
    processes:
      app:
        lanes: {main: serial}
    records:
      started: {token: int}
      finished: {token: int}
    events:
      start:
        on: main
        params:
          token: {type: int}
        steps:
          - record: started
            with: {token: token}
      finish:
        on: main
        params:
          token: {type: int}
        steps:
          - record: finished
            with: {token: token}
    invariants:
      finished-were-started:
        always: "recorded(finished where recorded(started where started.token == finished.token) == 0) == 0"
    summary:
      unmatched: "recorded(finished where recorded(started where started.token == finished.token) == 0)"
      matched: "recorded(started where recorded(finished where finished.token == started.token) > 0)"
      self-pairs: "recorded(started where recorded(started where started.token == 1) > 0)"

    """

  @Test("a nested filter reads the enclosing row's fields; the innermost row wins a shared name")
  func nestedFilters() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("tokens.model.yaml", Self.model)
    try folder.write(
      "s.yaml",
      """
      name: s
      model: ./tokens.model.yaml
      timeline:
        - {at: 0s, event: start, token: 1}
        - {at: 1s, event: finish, token: 1}
        - {at: 2s, event: finish, token: 2}
        - {at: 3s, event: start, token: 3}

      """)
    let run = try runRacelab(["run", "s.yaml"], in: folder.url)
    #expect(run.errorText.isEmpty, "\(run.errorText)")
    // finish 2 has no start; start 1 is the only start with a finish; both starts see a start
    // with token 1 (the inner `started` is the inner row).
    #expect(run.outputText.contains("unmatched 1, matched 1, selfPairs 2"), "\(run.outputText)")
    #expect(run.outputText.contains("!!    2.000s     main  BROKEN"))
  }
}
