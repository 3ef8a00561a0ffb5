import CommandTestSupport
import Commands
import Foundation
import Testing

/// Scenarios that name a model file: it is read once, checked before anything runs, hashed
/// into replay tokens, refused where it would give a wrong answer, and never run as a scenario.
struct ModelFileCommandTests {
  static let model = """
    kind: model
    name: counter
    processes:
      app:
        lanes: {main: serial, worker: serial}
        memory:
          count: {type: int, default: 0}
    operations:
      bump:
        on: worker
        steps:
          - sleep: 1s
          - set: {app.count: "app.count + 1"}
    events:
      tap:
        steps:
          - spawn: bump
    invariants:
      at-most-one:
        always: "app.count <= 1"
    summary:
      count: app.count

    """

  static func scenario(_ name: String, timeline: String, model: String = "./counter.model.yaml")
    -> String
  {
    """
    name: \(name)
    model: \(model)
    timeline:
    \(timeline)

    """
  }

  func folder(model: String = Self.model) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("counter.model.yaml", model)
    return folder
  }

  @Test("a scenario runs on the model file it names")
  func runsOnAModelFile() throws {
    let folder = try folder()
    defer { folder.remove() }
    try folder.write(
      "two.yaml",
      Self.scenario("two", timeline: "  - {at: 0s, event: tap}\n  - {at: 0s, event: tap}"))
    let result = try runRacelab(["run", "two.yaml"], in: folder.url)
    #expect(result.status == 0)
    #expect(result.outputText.hasPrefix("racelab · counter · runtime swift · variant original\n"))
    #expect(result.outputText.contains("count 2"))
    #expect(result.outputText.contains("broken: at-most-one"))
  }

  @Test("a broken model file is reported once, at its own lines, and nothing runs")
  func brokenModelIsReportedOnce() throws {
    let broken = Self.model.replacingOccurrences(of: "app.count + 1", with: "app.cout + 1")
    let folder = try folder(model: broken)
    defer { folder.remove() }
    try folder.write("a.yaml", Self.scenario("a", timeline: "  - {at: 0s, event: tap}"))
    try folder.write("b.yaml", Self.scenario("b", timeline: "  - {at: 0s, event: tap}"))
    let result = try runRacelab(["run", "a.yaml", "b.yaml"], in: folder.url)
    #expect(result.status == 2)
    #expect(result.outputText.isEmpty)
    let lines = result.errorText.split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.hasPrefix("./counter.model.yaml:13:27: error:") }.count == 1)
    #expect(lines.contains("./counter.model.yaml: 1 error; the model was not loaded"))
    #expect(
      lines.contains("a.yaml: its model ./counter.model.yaml has errors; the file was not run"))
    #expect(
      lines.contains("b.yaml: its model ./counter.model.yaml has errors; the file was not run"))
  }

  @Test("a model file with more errors than are shown counts them all")
  func errorsPastTheLimitAreCounted() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let records = (0..<105).map { "  r.\(letters[$0 / 26])\(letters[$0 % 26]): {n: int}" }
      .joined(separator: "\n")
    try folder.write(
      "many.model.yaml",
      "kind: model\nname: many\nprocesses:\n  app: {lanes: {main: serial}}\nrecords:\n"
        + records + "\n")
    let result = try runRacelab(["schema", "many.model.yaml"], in: folder.url)
    #expect(result.status == 2)
    let lines = result.errorText.split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.contains(": error: a record name is one word") }.count == 100)
    #expect(lines.contains { $0.hasPrefix("many.model.yaml: 5 more errors not shown") })
    #expect(lines.last == "many.model.yaml: 105 errors; the model was not loaded")
  }

  @Test("check validates every model file, runs none as a scenario, and counts a broken one")
  func checkValidatesModelFiles() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("scenarios/counter.model.yaml", Self.model)
    try folder.write("scenarios/broken.model.yaml", "kind: model\nname: broken\n")
    try folder.write(
      "scenarios/one.yaml", Self.scenario("one", timeline: "  - {at: 0s, event: tap}"))
    let result = try runRacelab(["check", "scenarios", "--update"], in: folder.url)
    #expect(result.status == 2)
    #expect(result.errorText.contains("scenarios/broken.model.yaml:"))
    #expect(!result.errorText.contains("counter.model.yaml"))
    #expect(FileManager.default.fileExists(atPath: folder.path("traces/one.trace")))
    #expect(!FileManager.default.fileExists(atPath: folder.path("traces/counter.model.trace")))
  }

  @Test("a replay token covers the model file: an edited model refuses it")
  func tokensHashTheModel() throws {
    let folder = try folder()
    defer { folder.remove() }
    try folder.write(
      "two.yaml",
      Self.scenario("two", timeline: "  - {at: 0s, event: tap}\n  - {at: 0s, event: tap}"))
    let explored = try runRacelab(["explore", "two.yaml", "--format", "json"], in: folder.url)
    let report = try #require(
      try JSONSerialization.jsonObject(with: explored.output) as? [String: Any])
    let outcomes = try #require(report["outcomes"] as? [[String: Any]])
    let token = try #require(outcomes.last?["schedule"] as? String)
    #expect(
      try runRacelab(["run", "two.yaml", "--schedule", String(token)], in: folder.url).status != 2)
    try folder.write("counter.model.yaml", Self.model.replacingOccurrences(of: "1s", with: "2s"))
    let refused = try runRacelab(["run", "two.yaml", "--schedule", String(token)], in: folder.url)
    #expect(refused.status == 2)
    #expect(refused.errorText.contains("the token was made for another version of this scenario"))
  }

  @Test("a model that reads now explores windowed arrivals exactly, and says when it cannot")
  func clockReadingModelExploresWindows() throws {
    // The invariant compares a time read inside the tap's window with a constant: the second
    // bump ends somewhere in 3s…4s, so both answers are possible, and explore tries each.
    let reading = Self.model.replacingOccurrences(
      of: "always: \"app.count <= 1\"", with: "always: \"app.count <= 1 || now > 3500ms\"")
    let folder = try folder(model: reading)
    defer { folder.remove() }
    let window = Self.scenario(
      "window",
      timeline:
        "  - {at: 0s, event: tap}\n  - {at: 2s..3s, event: tap}\nexplore: {violations: [at-most-one]}"
    )
    try folder.write("window.yaml", window)
    let exact = try runRacelab(["explore", "window.yaml"], in: folder.url)
    #expect(exact.status == 0, "\(exact.errorText)")
    #expect(exact.outputText.contains("2 schedules · 0 states · complete: true"))
    #expect(exact.outputText.contains("3s > 3.5s: false — where the windows land decides"))
    // A product of a time read inside a window is no order of instants: explore says so.
    let scaled = Self.model.replacingOccurrences(
      of: "always: \"app.count <= 1\"", with: "always: \"app.count <= 1 || now * 2 > 7s\"")
    try folder.write("counter.model.yaml", scaled)
    let inexact = try runRacelab(["explore", "window.yaml"], in: folder.url)
    #expect(inexact.outputText.contains("complete: false"))
    #expect(
      inexact.outputText.contains(
        "the model computes * with a time read inside a window, which explore cannot follow "
          + "exactly"))
  }

  @Test("schema prints a model file's vocabulary; a model file is not a scenario")
  func schemaAndNotAScenario() throws {
    let folder = try folder()
    defer { folder.remove() }
    let schema = try runRacelab(["schema", "counter.model.yaml"], in: folder.url)
    #expect(schema.status == 0)
    #expect(schema.outputText.hasPrefix("model counter:"))
    #expect(schema.outputText.contains("  tap — "))
    #expect(schema.outputText.contains("  at-most-one — "))
    let run = try runRacelab(["run", "counter.model.yaml"], in: folder.url)
    #expect(run.status == 2)
    #expect(run.errorText.contains("a model file, not a scenario"))
  }
}
