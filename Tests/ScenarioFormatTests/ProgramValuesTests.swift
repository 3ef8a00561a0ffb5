import ModelContract
import ModelLanguage
import Testing

/// One value type for files, reports and runs: a program writes its types in the kinds files
/// use, a run interns a word as its enumeration index, and a report gives the word back.
struct ProgramValuesTests {
  static let model = """
    kind: model
    name: values
    processes:
      app:
        lanes: {main: serial}
        memory:
          mode: {type: enum, values: [idle, busy], default: idle}
          modes: {type: list, of: {type: enum, values: [idle, busy]}}
          since: {type: day, optional: true}
          owner: {type: task, optional: true}
    events:
      tick:
        steps:
          - set: {app.mode: busy}

    """

  func program() throws -> ModelProgram {
    guard case .success(let program) = ModelFileLoader.load(Array(Self.model.utf8)) else {
      throw ProgramValuesError.rejected
    }
    return program
  }

  enum ProgramValuesError: Error { case rejected }

  func type(_ program: ModelProgram, _ name: String) -> ValueType {
    program.state.first { $0.name == name }?.type ?? .bool
  }

  @Test("a word runs as its enumeration index and is reported as the word again")
  func wordsRoundTrip() throws {
    let program = try program()
    let mode = type(program, "app.mode")
    let modes = type(program, "app.modes")
    #expect(program.kind(of: mode) == .word(["idle", "busy"]))
    #expect(program.running(.text("busy"), as: mode) == .enumCase(1))
    #expect(program.reported(.enumCase(1), as: mode) == .text("busy"))
    let list = Value.list([.text("busy"), .text("idle")])
    #expect(program.running(list, as: modes) == .list([.enumCase(1), .enumCase(0)]))
    #expect(program.reported(program.running(list, as: modes), as: modes) == list)
    #expect(program.text(.list([.enumCase(1), .enumCase(0)]), as: modes) == "[busy, idle]")
  }

  @Test("what files cannot write has no kind; a report and a trace write it as text")
  func runOnlyValues() throws {
    let program = try program()
    let since = type(program, "app.since")
    let owner = type(program, "app.owner")
    #expect(program.kind(of: since) == .dateOrNever)
    #expect(program.kind(of: owner) == nil)
    #expect(program.reported(.task(0), as: owner) == .text("T1"))
    #expect(program.text(Value.none, as: since) == "never")
    #expect(Value.instant(90_061_000_000_123).written() == "1970-01-02 01:01:01 +00:00")
    #expect(
      program.text(.instant(90_061_000_000_123), as: .instant) == "1970-01-02 01:01:01 +00:00")
  }
}
