import ModelLanguage
import Testing

@testable import ModelInterpreter

/// Runs share their closing words only when the figures and every answer read nothing but the
/// closing names (the checker keeps state out of the figures): a state variable, a function
/// reading one, or a `{when-broken(…)}` anywhere in the answers makes every run read its own.
@Suite("Which closings runs may share")
struct ClosingWordsMemoTests {
  /// A model whose figures and answers are `closing`, with one state variable, one function
  /// reading it and one invariant.
  static func program(_ closing: String) throws -> ModelProgram {
    let text = """
      kind: model
      name: closing
      processes:
        app:
          lanes: {main: serial}
          memory:
            n: {type: int, default: 0}
      functions:
        doubled:
          returns: int
          body: "app.n * 2"
        plus-one:
          params:
            x: {type: int}
          returns: int
          body: "x + 1"
      records:
        note: {}
      events:
        bump:
          steps:
            - set: {app.n: "app.n + 1"}
            - record: note
      invariants:
        small:
          always: "app.n < 5"
      summary:
        notes: recorded(note)
      \(closing)

      """
    switch ModelFileLoader.load(Array(text.utf8)) {
    case .success(let program): return program
    case .failure(let list):
      Issue.record("\(list.diagnostics.map(\.message))")
      throw list
    }
  }

  @Test(
    "closings that read only names and literals are shared",
    arguments: [
      "figures: '{notes} notes'",
      "figures: '{plus-one(notes)} after one more'",
      """
      answers:
        - when: "broken.small && runtime == \\"swift\\""
          harm: "{notes} notes broke it"
          fix:
            - when: tasks-replaced
              say: "replace less"
        - ok: "fine in {variant}"
      """,
    ])
  func shared(_ closing: String) throws {
    #expect(ClosingWordsMemo.applies(to: try Self.program(closing)))
  }

  @Test(
    "closings that read state, through a function, or the run's times are not",
    arguments: [
      """
      answers:
        - when: "app.n > 2"
          ok: "many"
      """,
      """
      answers:
        - when: "doubled() > 2"
          ok: "many"
      """,
      """
      answers:
        - ok: "{app.n} bumps"
      """,
      """
      answers:
        - when: broken.small
          harm: "broken {when-broken(small)}"
      """,
      """
      answers:
        - harm: "bumped"
          fix:
            - when: "app.n == 0"
              say: "nothing"
      """,
    ])
  func notShared(_ closing: String) throws {
    #expect(!ClosingWordsMemo.applies(to: try Self.program(closing)))
  }
}
