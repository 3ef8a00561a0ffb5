import CommandTestSupport
import Commands
import Foundation
import Testing

/// `tasks:` replaces a task body by name, as `task:` replaces the first; `expect:` checks a list.
struct TaskBodiesAndListExpectationsTests {
  static let scenario = """
    name: versions
    model: review-prompt
    variant: original
    app: {wins: 4, version: 1.4.0}
    timeline:
      - {at: 0s, event: game-won}
      - {at: 0s, event: screen-show}

    """

  func run(_ folder: TemporaryFolder, _ name: String, _ text: String)
    throws -> (status: ExitStatus, output: String, error: String)
  {
    try folder.write(name, text)
    return capture { RunCommand(files: [folder.path(name)]).execute(console: $0) }
  }

  @Test("tasks: {deferred-request: …} gives the trace task: gives")
  func tasksByNameEqualsTask() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let steps = """
        - sleep: config.delay
          on-cancel: ignore
        - call: fire

      """
    let first = try run(folder, "task.yaml", Self.scenario + "task:\n" + steps)
    let indented = steps.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
    let second = try run(
      folder, "tasks.yaml", Self.scenario + "tasks:\n  deferred-request:\n" + indented + "\n")
    #expect(first.status == .success)
    #expect(first.error.isEmpty && second.error.isEmpty)
    #expect(first.output == second.output)
    #expect(first.output.contains("sleep 2.000s"))
  }

  @Test("attempt-versions is a list that expect: compares item by item")
  func listExpectation() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let held = try run(
      folder, "held.yaml", Self.scenario + "expect:\n  attempt-versions: [1.4.0]\n")
    #expect(held.status == .success)
    #expect(held.output.contains("expect attempt-versions: [1.4.0] ✓"))
    let failed = try run(
      folder, "failed.yaml", Self.scenario + "expect:\n  attempt-versions: []\n")
    #expect(failed.status == .failure)
    #expect(failed.output.contains("expect attempt-versions: [] ✗ (actual [1.4.0])"))
  }
}
