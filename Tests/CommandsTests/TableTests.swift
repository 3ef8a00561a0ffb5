import CommandTestSupport
import Commands
import Foundation
import Testing

/// Tables in model files (§4 of the proposal): `insert`, `update`, `delete`, `set` on a row,
/// `for-each` over rows, and the queries `count`, `exists`, `best` and `any` (a choice point).
struct TableTests {
  static let model = """
    kind: model
    name: tiers
    processes:
      server:
        lanes: {main: serial}
        persisted:
          subscriptions:
            table:
              tier: {type: enum, values: [free, pro, max]}
              updated: int
          app-tier: {type: enum, values: [free, pro, max], optional: true}
          quota-tier: {type: enum, values: [free, pro, max], optional: true}
        memory:
          cache:
            table:
              tier: {type: enum, values: [free, pro, max]}
    records:
      granted: {tier: {type: enum, values: [free, pro, max]}}
    errors: [declined]
    operations:
      grant:
        params:
          tier: {type: enum, values: [free, pro, max]}
          updated: int
        steps:
          - insert: server.subscriptions
            with: {tier: tier, updated: updated}
          - insert: server.cache
            with: {tier: tier}
          - record: granted
            with: {tier: tier}
      read:
        steps:
          - let: {row: "any(server.subscriptions)"}
          - set: {server.app-tier: row.tier}
          - let: {top: "best(server.subscriptions by updated desc)"}
          - set: {server.quota-tier: top.tier}
      refund:
        steps:
          - try:
              - transaction:
                  - delete: server.subscriptions
                  - throw: declined
            catch:
              declined:
                - say: "refund declined; {count(server.subscriptions)} rows kept"
    variants:
      original: {}
      fixed:
        operations:
          read:
            steps:
              - let: {top: "best(server.subscriptions by updated desc)"}
              - set: {server.app-tier: top.tier}
              - set: {server.quota-tier: top.tier}
    events:
      grant:
        params:
          tier: {type: enum, values: [free, pro, max]}
          updated: int
        do: grant
      read: {do: read}
      refund: {do: refund}
    invariants:
      paths-agree:
        settled: "server.app-tier == server.quota-tier"
        say: "the app and the quota read different tiers"
    summary:
      rows: "count(server.subscriptions)"
      cached: "count(server.cache)"
      app-tier: "server.app-tier"
      tiers-granted: "distinct(granted by tier)"

    """

  static let race = """
    name: race
    model: ./tiers.model.yaml
    timeline:
      - {at: 0s, event: grant, tier: free, updated: 1}
      - {at: 1s, event: grant, tier: pro, updated: 2}
      - {at: 2s, event: read}
      - {at: 3s, event: refund}
      - {at: 4s, event: relaunch}

    """

  /// Runs `arguments` in a folder holding the model and the scenario `scenario` as race.yaml.
  private func racelab(_ arguments: [String], scenario: String = race) throws -> ProcessOutput {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("tiers.model.yaml", Self.model)
    try folder.write("race.yaml", scenario)
    return try runRacelab(arguments, in: folder.url)
  }

  @Test("run shows inserts, deletes, the row any returned, and a transaction's rollback")
  func runPinsTableLines() throws {
    let result = try racelab(["run", "race.yaml"])
    #expect(result.status == 0)
    #expect(
      timelineLines(result.outputText) == [
        "      0.000s  1  main  grant free 1               inserted into server.subscriptions · tier free, updated 1",
        "                                                  inserted into server.cache · tier free",
        "                                                  recorded granted · tier free",
        "      1.000s  1  main  grant pro 2                inserted into server.subscriptions · tier pro, updated 2",
        "                                                  inserted into server.cache · tier pro",
        "                                                  recorded granted · tier pro",
        "      2.000s  1  main  read                       the database returned row 1 of 2 matching in server.subscriptions: tier free, updated 1",
        "!!    2.000s     ·     BROKEN                     the app and the quota read different tiers "
          + "(checked once every lane was idle at this instant) · invariant paths-agree",
        "      3.000s  1  main  refund                     transaction opens in refund",
        "                                                  deleted 2 rows of server.subscriptions",
        "                                                  transaction in refund rolls back: declined leaves it",
        "                                                  back to before it: server.subscriptions 2 rows",
        "                                                  refund declined; 2 rows kept",
        "      4.000s  1  ·     relaunch                   server starts again: memory back to t = 0",
      ])
    // The persisted table survives the relaunch; the memory table starts empty again.
    #expect(result.outputText.contains("rows 2, cached 0, appTier free, tiersGranted 2"))
  }

  @Test("explore tries every row any can return; best reads one fixed row")
  func anyIsAChoicePoint() throws {
    let original = try racelab(["explore", "race.yaml", "--format", "json"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: original.output) as? [String: Any])
    #expect(report["complete"] as? Bool == true)
    let outcomes = try #require(report["outcomes"] as? [[String: Any]])
    let tiers = outcomes.compactMap { ($0["summary"] as? [String: Any])?["appTier"] as? String }
    #expect(tiers.sorted() == ["free", "pro"])
    let broken = outcomes.filter {
      (($0["summary"] as? [String: Any])?["violations"] as? [String])?.isEmpty == false
    }
    #expect(broken.count == 1)
    let fixed = try racelab(["explore", "race.yaml", "--variant", "fixed"])
    #expect(fixed.outputText.contains("no invariant breaks in any schedule explored"))
    #expect(fixed.outputText.contains("complete: true"))
  }

  @Test("rows that tie on every key of best are a run-time error naming the step")
  func bestTieIsAnError() throws {
    let tie = Self.race.replacingOccurrences(of: "updated: 2}", with: "updated: 1}")
    let result = try racelab(["run", "race.yaml"], scenario: tie)
    #expect(
      result.outputText.contains(
        "line 36 of read: best(server.subscriptions …): rows tie on every key; "
          + "add a key that tells them apart · invariant run-time-error"))
  }

  @Test("update changes matching rows, for-each sets a column through its row, exists sees it")
  func updateAndForEach() throws {
    let model = Self.model.replacingOccurrences(
      of: "  refund:\n    steps:\n",
      with: """
          refund:
            steps:
              - update: server.subscriptions
                where: "tier == pro"
                set: {updated: "updated + 10"}
              - for-each: r in server.subscriptions where updated > 5
                steps:
                  - set: {r.tier: max}
                  - say: "now {r}"
              - say: "max? {exists(server.subscriptions where tier == max)}, top {best(server.subscriptions by updated desc)}"

        """)
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("tiers.model.yaml", model)
    try folder.write("race.yaml", Self.race)
    let result = try runRacelab(["run", "race.yaml"], in: folder.url)
    #expect(result.status == 0, "\(result.errorText)")
    let lines = timelineLines(result.outputText)
    #expect(
      lines.contains(
        "      3.000s  1  main  refund                     updated 1 row of server.subscriptions"))
    #expect(
      lines.contains("                                                  now {tier max, updated 12}")
    )
    #expect(
      lines.contains(
        "                                                  max? true, top {tier max, updated 12}"))
  }
}
