import CommandTestSupport
import Commands
import Testing

/// An `always:` invariant that reads only records is checked again only after a job that
/// recorded one of them (records only grow, so nothing else can turn it); one that reads state
/// too is checked after every job. Either way it breaks at the job that breaks it.
struct RecordOnlyInvariantTests {
  static let model = """
    kind: model
    name: tally
    processes:
      app:
        lanes: {main: serial}
        memory:
          n: {type: int, default: 0}
    records:
      x: {}
    events:
      add:
        steps:
          - record: x
      bump:
        steps:
          - set: {app.n: "app.n + 1"}
    invariants:
      not-two-x:
        always: "recorded(x) != 2"
      sum-not-three:
        always: "recorded(x) + app.n != 3"
    """

  @Test("each invariant breaks at the job that breaks it, whichever jobs came between")
  func breaksWhereTheyBreak() throws {
    let result = try runBesideModel(
      Self.model, named: "tally",
      scenario: """
        name: s
        model: tally.model.yaml
        timeline:
          - {at: 1s, event: bump}
          - {at: 2s, event: add}
          - {at: 3s, event: bump}
          - {at: 4s, event: bump}
          - {at: 5s, event: add}
          - {at: 6s, event: bump}
        expect:
          violations: [sum-not-three, not-two-x]
        """)
    #expect(result.status == .success, "\(result.error)")
    let broken = lines(result.output).filter { $0.hasPrefix("!!") }
    #expect(
      broken == [
        "!!    3.000s     main  BROKEN                     sum-not-three does not hold · invariant sum-not-three",
        "!!    5.000s     main  BROKEN                     not-two-x does not hold · invariant not-two-x",
      ])
  }

  @Test("a record-only invariant broken before any record is broken at the first job")
  func brokenFromTheStart() throws {
    let result = try runBesideModel(
      Self.model.replacingOccurrences(of: "recorded(x) != 2", with: "recorded(x) > 0"),
      named: "tally",
      scenario: """
        name: s
        model: tally.model.yaml
        timeline:
          - {at: 1s, event: bump}
        """)
    #expect(
      lines(result.output).contains { $0.hasPrefix("!!    1.000s") && $0.contains("not-two-x") })
  }
}
