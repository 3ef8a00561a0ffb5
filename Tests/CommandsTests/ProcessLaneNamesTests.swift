import CommandTestSupport
import Foundation
import Testing

/// A model of two processes or more names every lane with its process (`app.main`,
/// `server.main`), the first process's too, so `main` never stands alone for the server in one
/// trace and the app in the next; a model of one process keeps bare names.
struct ProcessLaneNamesTests {
  /// `processes` goes in the model as written; `on: main` names the first process's lane.
  static func model(processes: String) -> String {
    """
    kind: model
    name: lanes
    processes:
    \(processes)
    operations:
      work:
        on: main
        steps:
          - say: "working"
    events:
      go:
        do: work

    """
  }

  static let scenario = """
    name: s
    model: ./lanes.model.yaml
    timeline:
      - {at: 0s, event: go}

    """

  func racelab(processes: String, format: [String] = []) throws -> ProcessOutput {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("lanes.model.yaml", Self.model(processes: processes))
    try folder.write("s.yaml", Self.scenario)
    return try runRacelab(["run", "s.yaml"] + format, in: folder.url)
  }

  static let twoProcesses = """
      app:
        lanes: {main: serial}
      server:
        lanes: {main: serial}
    """

  @Test func twoProcessesNameEveryLaneWithItsProcess() throws {
    let run = try racelab(processes: Self.twoProcesses)
    #expect(run.status == 0)
    let lines = run.outputText.split(separator: "\n").map(String.init)
    #expect(lines.contains("        time  #  lane         what happens"))
    #expect(lines.contains("      0.000s  1  app.main     go                         working"))
    let json = try racelab(processes: Self.twoProcesses, format: ["--format", "json"])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.outputText.utf8)) as? [String: Any])
    #expect(document["lanes"] as? [String] == ["app.main", "server.main"])
  }

  @Test func oneProcessKeepsBareNames() throws {
    let run = try racelab(processes: "  app:\n    lanes: {main: serial}")
    #expect(run.status == 0)
    #expect(
      run.outputText.split(separator: "\n").contains(
        "      0.000s  1  main  go                         working"))
  }

  @Test func anUnknownLaneListsTheLanesByTheirFullNames() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let model = Self.model(processes: Self.twoProcesses).replacingOccurrences(
      of: "on: main", with: "on: mian")
    try folder.write("lanes.model.yaml", model)
    try folder.write("s.yaml", Self.scenario)
    let run = try runRacelab(["run", "s.yaml"], in: folder.url)
    #expect(run.status == 2)
    #expect(run.errorText.contains("unknown lane 'mian'"))
    #expect(run.errorText.contains("app.main, server.main"))
  }
}
