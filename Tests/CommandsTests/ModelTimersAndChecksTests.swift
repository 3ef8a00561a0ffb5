import CommandTestSupport
import Commands
import Foundation
import Testing

/// A model file's own happenings and breaks told where they happen: an `after:` that sends one
/// of the model's events (`internal:`, named by its `label:`), a `check:` that breaks an
/// invariant in the middle of a job with the step's message, `cancelled-at` and `seconds(…)`,
/// a restart told in the model's words (`restart:`), a line about another task (`say … task:`)
/// and a fix that depends on the runtime (`fix:` as a list).
struct ModelTimersAndChecksTests {
  static let model = """
    kind: model
    name: door
    processes:
      app:
        lanes: {main: serial}
        restart:
          say: "the app starts over · the door is {app.door}"
          set: {app.door: closed}
        persisted:
          door: {type: enum, values: [open, closed], default: closed}
        memory:
          waiter: {type: task, optional: true}
    records:
      slam: {late: bool}
    operations:
      wait:
        steps:
          - sleep: 1s
            on-cancel: ignore
          - record: slam
            with: {late: is-cancelled}
            quiet: true
          - check: no-late-slam
            message: "{current-task} slammed the door after it was cancelled at {cancelled-at}"
          - say: "slam"
            heading: door
    events:
      open:
        label: "open the door"
        steps:
          - set: {app.door: open}
          - spawn: wait
            into: task
          - set: {app.waiter: task}
          - say: "{task} waits by the door"
            heading: doorman
            task: task
          - say: "it closes at {seconds(now + 2s)}"
          - after: 2s
            event: close
            with: {by: 2s}
            quiet: true
      peek:
        steps:
          - say: "the door is {app.door}"
      leave:
        steps:
          - if: "app.waiter != none"
            then:
              - cancel: app.waiter
      close:
        internal: true
        label: "door closes after {by}"
        params:
          by: duration
        steps:
          - set: {app.door: closed}
          - say: "closed"
    invariants:
      no-late-slam:
        always: "recorded(slam where late) == 0"
        say: "a slam came late"
    summary:
      slams: recorded(slam)
    answers:
      - when: broken.no-late-slam
        harm: "the door was slammed after the waiter had left"
        fix:
          - when: 'runtime == "kotlin"'
            say: "check isActive before slamming"
          - say: "check Task.isCancelled before slamming"
      - ok: "nothing slammed late"

    """

  func run(
    _ timeline: String, runtime: String = "swift", model: String = Self.model,
    format: RunCommand.Format = .text
  ) throws -> (status: ExitStatus, output: String, error: String) {
    try runBesideModel(
      model, named: "door",
      scenario: "name: s\nmodel: ./door.model.yaml\nruntime: \(runtime)\ntimeline:\n\(timeline)",
      format: format)
  }

  @Test func anAfterSendsTheModelsEventUnderItsLabel() throws {
    let (status, output, error) = try run("  - {at: 0s, event: open}\n")
    #expect(status == .success, "\(error)")
    let rows = lines(output)
    #expect(rows.contains { $0.contains(" main  open the door ") }, "\(output)")
    #expect(rows.contains { $0.contains(" main  door closes after 2s ") && $0.hasSuffix("closed") })
    #expect(rows.contains { $0.hasSuffix("it closes at 2.000s") }, "\(output)")
    #expect(!output.contains("timer set"), "a quiet after: says nothing of its timer")
  }

  @Test func anInternalEventIsNotAScenariosToWrite() throws {
    let (status, _, error) = try run("  - {at: 0s, event: close, by: 1s}\n")
    #expect(status == .badInput)
    #expect(error.contains("close"), "\(error)")
  }

  @Test func aCheckBreaksWhereTheStepIsWithItsMessage() throws {
    let (_, output, _) = try run("  - {at: 0s, event: open}\n  - {at: 500ms, event: leave}\n")
    let rows = lines(output)
    let broken = try #require(rows.firstIndex { $0.contains("BROKEN") }, "\(output)")
    #expect(
      rows[broken].hasSuffix(
        "T1 slammed the door after it was cancelled at 0.500s · invariant no-late-slam"),
      "\(rows[broken])")
    let slam = try #require(rows.firstIndex { $0.hasSuffix("slam") && $0.contains("T1 door") })
    #expect(broken < slam, "the break is told at the check, before the line after it")
    #expect(
      rows.filter { $0.contains("BROKEN") }.count == 1, "the job's end does not tell it again")
  }

  @Test func aFixCanDependOnTheRuntime() throws {
    let timeline = "  - {at: 0s, event: open}\n  - {at: 500ms, event: leave}\n"
    let (_, swift, _) = try run(timeline)
    #expect(lines(swift).contains("fix: check Task.isCancelled before slamming"), "\(swift)")
    let (_, kotlin, _) = try run(timeline, runtime: "kotlin")
    #expect(lines(kotlin).contains("fix: check isActive before slamming"), "\(kotlin)")
  }

  @Test func aLineAboutAnotherTaskIsDrawnOnItsRow() throws {
    let (_, text, _) = try run("  - {at: 0s, event: open}\n")
    #expect(lines(text).contains { $0.hasSuffix("T1 waits by the door") }, "\(text)")
    let (_, svg, _) = try run("  - {at: 0s, event: open}\n", format: .svg)
    #expect(svg.contains("<title>doorman · T1 waits by the door</title>"), "\(svg)")
  }

  @Test func aRestartIsToldInTheModelsWordsBeforeWhatItKills() throws {
    let (_, output, _) = try run(
      "  - {at: 0s, event: open}\n  - {at: 500ms, event: relaunch}\n  - {at: 1s, event: peek}\n")
    let rows = lines(output)
    let restart = try #require(
      rows.firstIndex { $0.hasSuffix("the app starts over · the door is open") }, "\(output)")
    let killed = try #require(rows.firstIndex { $0.contains("T1 ends · killed") })
    #expect(restart < killed)
    #expect(!output.contains("starts again: memory back to t = 0"))
    #expect(rows.contains { $0.hasSuffix("the door is closed") }, "the restart set the door")
    #expect(
      rows.contains { $0.contains("door closes after 2s") },
      "an event the model sent happens after a restart, as a timeline's would")
  }
}
