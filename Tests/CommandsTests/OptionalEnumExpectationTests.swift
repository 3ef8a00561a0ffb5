import CommandTestSupport
import Foundation
import Testing

/// An optional enum is `none` until set: a scenario expects it as `none` or as one of its
/// values, and sets it either way.
struct OptionalEnumExpectationTests {
  static let model = """
    kind: model
    name: order
    processes:
      app:
        lanes: {main: serial}
        memory:
          state: {type: enum, values: [pending, paid], optional: true}
    events:
      pay:
        on: main
        steps:
          - set: {app.state: paid}
    summary:
      state: app.state

    """

  func run(_ timeline: String, expecting state: String, initially: String? = nil) throws
    -> (status: Int32, output: String)
  {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("order.model.yaml", Self.model)
    let setup = initially.map { "state:\n  app.state: \($0)\n" } ?? ""
    try folder.write(
      "s.yaml",
      "name: s\nmodel: ./order.model.yaml\n\(setup)timeline:\n\(timeline)expect:\n  state: \(state)\n"
    )
    let result = try runRacelab(["run", "s.yaml"], in: folder.url)
    return (result.status, result.outputText + result.errorText)
  }

  @Test("expect: none holds while the enum is unset, and fails once it is set")
  func noneIsExpected() throws {
    let kept = try run("  []\n", expecting: "none")
    #expect(kept.status == 0, "\(kept.output)")
    #expect(kept.output.contains("expect state: none ✓"))
    let paid = try run("  - {at: 0s, event: pay}\n", expecting: "none")
    #expect(paid.status == 1)
    #expect(paid.output.contains("expect state: none ✗ (actual paid)"))
    let expectedPaid = try run("  - {at: 0s, event: pay}\n", expecting: "paid")
    #expect(expectedPaid.status == 0)
  }

  @Test("a scenario sets an optional enum to none or to a value")
  func setting() throws {
    let reset = try run("  []\n", expecting: "none", initially: "none")
    #expect(reset.status == 0, "\(reset.output)")
    let pending = try run("  []\n", expecting: "pending", initially: "pending")
    #expect(pending.status == 0, "\(pending.output)")
    let wrong = try run("  []\n", expecting: "refunded")
    #expect(wrong.status == 2)
    #expect(wrong.output.contains("must be one of pending, paid, none, found 'refunded'"))
  }
}
