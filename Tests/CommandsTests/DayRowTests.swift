import CommandTestSupport
import Commands
import Foundation
import Testing

/// A picture row that reads `today` changes at midnight whether a job runs or not: the trace
/// says so at that instant (with the date that begins), and the picture's band changes there,
/// not at the next job.
struct DayRowTests {
  /// A lease that ends on 2 January: `leased` reads `today`, so it turns false when 3 January
  /// begins, two days into a run whose only jobs are at its start and five days in.
  static let model = """
    kind: model
    name: lease
    processes:
      app:
        lanes: {main: serial}
        persisted:
          ends: {type: day, default: 2026-01-02}
          checks: int
    events:
      check:
        steps:
          - set: {app.checks: "app.checks + 1"}
    picture:
      rows:
        leased: "today <= app.ends"
        checks: app.checks
    summary:
      checks: app.checks

    """

  static let scenario = """
    name: s
    model: ./lease.model.yaml
    timeline:
      - {at: 0s, event: check}
      - {at: 5d, event: check}

    """

  func run(_ format: RunCommand.Format) throws -> String {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("lease.model.yaml", Self.model)
    try folder.write("s.yaml", Self.scenario)
    return capture {
      RunCommand(files: [folder.path("s.yaml")], format: format).execute(console: $0)
    }
    .output
  }

  @Test("the trace says at midnight what the day alone changed")
  func theTraceSaysItAtMidnight() throws {
    let lines = try run(.text).split(separator: "\n").map(String.init)
    let day = try #require(lines.firstIndex { $0.contains("2026-01-03 begins") })
    #expect(lines[day].hasPrefix("   +2d 00:00:00.000  1  ·"))
    #expect(
      lines[day].hasSuffix(
        "leased true → false, with no job running: the date alone changed it (the row depends "
          + "on today's date)"))
    // Only the row that reads the clock, and only when its value changes.
    #expect(lines.filter { $0.contains(" begins ") }.count == 1)
  }

  @Test("the picture's band changes at midnight")
  func theBandChangesAtMidnight() throws {
    let json = try run(.json)
    let trace = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let events = try #require(trace["trace"] as? [[String: Any]])
    let leased = events.filter {
      $0["kind"] as? String == "stateShown" && $0["row"] as? String == "leased"
    }
    #expect(leased.map { $0["value"] as? String } == ["true", "false"])
    #expect(leased.last?["timeNanoseconds"] as? Int == 2 * 86_400 * 1_000_000_000)
  }
}
