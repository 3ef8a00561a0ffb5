import CommandTestSupport
import Foundation
import Testing

/// `may-crash` points in an event handler are crash points like those of operations:
/// `explore` tries them, and `faults: {crash-at: [...]}` names them.
struct CrashPointTests {
  static let model = """
    kind: model
    name: m
    processes:
      app:
        lanes: {main: serial}
        persisted:
          a: {type: int}
    operations:
      op:
        on: main
        steps:
          - may-crash: in-operation
          - set: {app.a: "app.a + 10"}
    events:
      e:
        on: main
        steps:
          - may-crash: in-handler
          - set: {app.a: "app.a + 1"}
      g:
        on: main
        steps:
          - spawn: op
    summary:
      a: app.a

    """

  func run(_ faults: String, _ arguments: [String] = ["run"]) throws -> ProcessOutput {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("m.model.yaml", Self.model)
    try folder.write(
      "s.yaml",
      "name: s\nmodel: ./m.model.yaml\n\(faults)timeline:\n  - {at: 0s, event: e}\n"
        + "  - {at: 1ms, event: g}\n")
    return try runRacelab(arguments + ["s.yaml"], in: folder.url)
  }

  @Test("crash-at names a handler's crash point as it names an operation's")
  func crashAtAHandler() throws {
    #expect(try run("").outputText.contains("a 11"))
    let handler = try run("faults: {crash-at: [in-handler]}\n")
    #expect(handler.status == 0, "\(handler.errorText)")
    #expect(handler.outputText.contains("app dies here (in-handler)"))
    #expect(handler.outputText.contains("a 0\n"))
    let operation = try run("faults: {crash-at: [in-operation]}\n")
    #expect(operation.outputText.contains("a 1\n"))
    let unknown = try run("faults: {crash-at: [elsewhere]}\n")
    #expect(unknown.status == 2)
    #expect(unknown.errorText.contains("in-operation, in-handler"), "\(unknown.errorText)")
  }
}
