import ModelContract
import ModelInterpreter
import ModelLanguage
import RacelabKernel
import Testing

/// Rules S9/K6 (a hop in a cancelled task) and S10/K7 (awaiting a task's value while
/// cancelled), as the kernel applies them to model-file tasks.
@Suite("Hops and awaits follow S9, S10, K6 and K7")
struct HopAndAwaitRuleTests {
  static func step(_ kind: StepKind) -> Step { Step(kind, line: 1) }

  /// `worker` (main) calls `slow` (on `actor`), which sleeps 1s and returns 7; the result goes
  /// to state `got`. `await-it` (main) spawns `producer` on `actor` (sleep 1s, return 9) and
  /// awaits it into `got`. Event `cancel-first` cancels task T2 (the first task the timeline's
  /// `start` event makes is T1, a starter; the one under test is T2).
  static func program(entry: Int) -> ModelProgram {
    let got = 0
    let caught = 1
    let sleepThenReturn = { (value: Int64) in
      Body(
        steps: [
          step(.sleep(.literal(.duration(1_000_000_000)))),
          step(.return(.literal(.int(value)))),
        ], localCount: 0)
    }
    let catchAll = { (body: [Step]) in
      step(
        .try(
          body: body,
          catches: [Catch(.cancelled, [step(.assignState(caught, .literal(.bool(true))))])]))
    }
    let worker = Body(
      steps: [
        catchAll([step(.call(operation: 1, arguments: [], into: 0))]),
        step(.assignState(got, .local(0))),
      ], localCount: 1)
    let awaiter = Body(
      steps: [
        step(
          .spawn(
            Spawn(
              operation: 3, arguments: [], lane: nil, isDetached: false, isChild: false,
              into: 0))),
        catchAll([step(.await(.local(0), into: 1))]),
        step(.assignState(got, .local(1))),
      ], localCount: 2)
    let starter = Body(
      steps: [
        step(
          .spawn(
            Spawn(
              operation: entry, arguments: [], lane: nil, isDetached: false, isChild: false,
              into: nil)))
      ], localCount: 0)
    return ModelProgram(
      name: "hops", about: nil, processes: [ProcessDecl(name: "app", onLaunch: nil)],
      lanes: [
        LaneDecl(name: "main", process: 0, kind: .serial),
        LaneDecl(name: "actor", process: 0, kind: .serial),
      ],
      enums: [],
      state: [
        StateVariable(
          name: "app.got", type: .optional(.int), storage: .memory, process: 0, initial: .none),
        StateVariable(
          name: "app.caught", type: .bool, storage: .memory, process: 0,
          initial: .bool(false)),
      ],
      records: [], errors: [], functions: [],
      operations: [
        OperationDecl(
          name: "worker", lane: 0, parameters: [], result: nil, body: worker,
          isOverridable: false),
        OperationDecl(
          name: "slow", lane: 1, parameters: [], result: .int, body: sleepThenReturn(7),
          isOverridable: false),
        OperationDecl(
          name: "await-it", lane: 0, parameters: [], result: nil, body: awaiter,
          isOverridable: false),
        OperationDecl(
          name: "producer", lane: 1, parameters: [], result: .int, body: sleepThenReturn(9),
          isOverridable: false),
        OperationDecl(
          name: "starter", lane: 0, parameters: [], result: nil, body: starter,
          isOverridable: false),
        OperationDecl(
          name: "quick", lane: 1, parameters: [], result: .int,
          body: Body(steps: [step(.return(.literal(.int(7))))], localCount: 0),
          isOverridable: false),
        OperationDecl(
          name: "quick-caller", lane: 0, parameters: [], result: nil,
          body: Body(
            steps: [
              catchAll([step(.call(operation: 5, arguments: [], into: 0))]),
              step(.assignState(got, .local(0))),
            ], localCount: 1), isOverridable: false),
      ],
      events: [
        EventDecl(
          name: "start", process: 0, parameters: [], delivery: .job(lane: 0),
          action: .handler(
            Body(
              steps: [
                step(
                  .spawn(
                    Spawn(
                      operation: entry, arguments: [], lane: nil, isDetached: false,
                      isChild: false, into: nil)))
              ], localCount: 0)), help: "start"),
        EventDecl(
          name: "cancel-it", process: 0, parameters: [], delivery: .job(lane: 0),
          action: .handler(Body(steps: [step(.cancel(.literal(.task(0))))], localCount: 0)),
          help: "cancel T1"),
      ],
      variants: [VariantDecl(name: "only", help: "", bodies: [:])], defaultVariant: 0,
      invariants: [],
      summary: [
        SummaryDecl(key: "got", field: "got", type: .optional(.int), value: .state(got)),
        SummaryDecl(key: "caught", field: "caught", type: .bool, value: .state(caught)),
      ],
      sections: [])
  }

  static func run(entry: Int, profile: RuntimeProfile, cancelAt: Int64 = 500_000_000)
    -> [String: Value]
  {
    let definition = ModelFileDefinition(program(entry: entry))
    let setup = ModelSetup(
      variant: "only", sections: [:],
      wallClock: WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0))
    let timeline = [
      ScriptedHappening(ScriptedEvent(name: "start", fields: NamedValues()), .at(.zero)),
      ScriptedHappening(
        ScriptedEvent(name: "cancel-it", fields: NamedValues()),
        .at(VirtualTime(nanoseconds: cancelAt))),
    ]
    let result = definition.simulate(
      setup: setup, profile: profile, timeline: timeline, strategy: DefaultStrategy()
    ).result
    var values: [String: Value] = [:]
    for field in result.summary { values[field.name] = field.value }
    return values
  }

  @Test("S9: a call to another actor, cancelled meanwhile, runs and returns on Swift")
  func swiftHop() {
    // The callee's own sleep throws when cancelled (S3), so the call ends early by the
    // callee's error, not by the hop: the error crosses back and is caught.
    let values = Self.run(entry: 0, profile: .swift)
    #expect(values["caught"] == .bool(true))
    #expect(values["got"] == Value.none)
  }

  @Test("S9: a task cancelled before it calls another actor still runs the call (Swift)")
  func swiftHopWhileCancelled() {
    let values = Self.run(entry: 6, profile: .swift, cancelAt: 0)
    #expect(values["got"] == .int(7))
    #expect(values["caught"] == .bool(false))
  }

  @Test("K6: withContext in a cancelled coroutine throws on entry (Kotlin)")
  func kotlinHopWhileCancelled() {
    let values = Self.run(entry: 6, profile: .kotlin, cancelAt: 0)
    #expect(values["got"] == Value.none)
    #expect(values["caught"] == .bool(true))
  }

  @Test("S10: await task.value keeps waiting when the awaiting task is cancelled (Swift)")
  func swiftAwait() {
    let values = Self.run(entry: 2, profile: .swift)
    #expect(values["got"] == .int(9))
    #expect(values["caught"] == .bool(false))
  }

  @Test("K7: Deferred.await() throws when the awaiting coroutine is cancelled (Kotlin)")
  func kotlinAwait() {
    let values = Self.run(entry: 2, profile: .kotlin)
    #expect(values["got"] == Value.none)
    #expect(values["caught"] == .bool(true))
  }
}
