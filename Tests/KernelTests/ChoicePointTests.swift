import KernelTestSupport
import ModelContract
import RacelabKernel
import Testing

@Suite("Choice points: arrival windows and same-instant order")
struct ChoicePointTests {
  static let window = at(sec)...at(3 * sec)

  @Test("A windowed happening arrives at the window's start under the default strategy")
  func defaultArrival() {
    let result = simulate(script: [.within(sec...(3 * sec), .mark("w"))])
    #expect(result.timedMarks == [Mark("w", at(sec))])
    #expect(
      result.time(of: .arrivalChosen(event: "mark w", window: Self.window, at: at(sec)))
        == at(sec))
  }

  @Test("An arrival and a fixed instant are ordered by asking: earliest order first")
  func orderAsked() {
    let (result, asked) = runRestarting(
      script: [.at(2 * sec, .mark("x")), .within(sec...(3 * sec), .mark("w"))], choices: [])
    #expect(result.timedMarks == [Mark("w", at(sec)), Mark("x", at(2 * sec))])
    #expect(asked == [.instantOrder(orders: [.before, .same, .after])])
    // The default order is not named: naming costs every run.
    #expect(!result.kinds.contains { if case .instantsOrdered = $0 { true } else { false } })
  }

  @Test("Choosing `same` lands the arrival exactly on the other instant, after it by registration")
  func orderSame() {
    let (result, asked) = runRestarting(
      script: [.at(2 * sec, .mark("x")), .within(sec...(3 * sec), .mark("w"))], choices: [1, 0])
    #expect(result.timedMarks == [Mark("x", at(2 * sec)), Mark("w", at(2 * sec))])
    #expect(
      asked == [
        .instantOrder(orders: [.before, .same, .after]),
        .sameInstant(time: at(2 * sec), alternatives: 2),
      ])
    #expect(
      result.kinds.contains(
        .instantsOrdered(
          first: "mark w", firstAt: at(2 * sec), second: "mark x", secondAt: at(2 * sec),
          order: .same, defaultOrder: .before)))
    #expect(
      result.kinds.contains(.arrivalChosen(event: "mark w", window: Self.window, at: at(2 * sec))))
  }

  @Test("Choosing `after` lands the arrival at the earliest instant after the other one")
  func orderAfter() {
    let (result, asked) = runRestarting(
      script: [.at(2 * sec, .mark("x")), .within(sec...(3 * sec), .mark("w"))], choices: [2])
    #expect(result.timedMarks == [Mark("x", at(2 * sec)), Mark("w", at(2 * sec + 1))])
    #expect(asked.count == 1)
  }

  @Test("No question is asked when the window allows one order only")
  func orderForced() {
    let (result, asked) = runRestarting(
      script: [.at(5 * sec, .mark("x")), .within(sec...(3 * sec), .mark("w"))], choices: [])
    #expect(result.timedMarks == [Mark("w", at(sec)), Mark("x", at(5 * sec))])
    #expect(asked.isEmpty)
  }

  @Test("An instant scheduled from an arrival moves with it: its order is asked too")
  func derivedInstant() {
    // w's job starts T1, which sleeps 1s: its timer is due at w + 1s, against x at 2.5s.
    let programs: [[TestStep]] = [
      [.sleep(nanoseconds: sec, onCancel: .return), .call(.mark("woke"))]
    ]
    let script: [Scripted] = [
      .at(2_500 * ms, .mark("x")), .within(sec...(2 * sec), .spawn(program: 0)),
    ]
    let (early, _) = runRestarting(programs: programs, script: script, choices: [])
    #expect(early.marks == ["woke", "x"])
    // w always comes before x (its window ends first); the timer at w + 1s may come after x.
    let (late, asked) = runRestarting(programs: programs, script: script, choices: [2])
    #expect(late.marks == ["x", "woke"])
    #expect(asked == [.instantOrder(orders: [.before, .same, .after])])
    #expect(
      late.kinds.contains {
        guard case .instantsOrdered("T1's sleep timer", _, "mark x", _, .after, .before) = $0
        else { return false }
        return true
      })
    #expect(late.timedMarks.first == Mark("x", at(2_500 * ms)))
  }

  @Test("Choosing alternative 1 at a same-instant point reverses two same-instant happenings")
  func sameInstantReversed() {
    var simulation = makeSimulation(
      script: [.at(sec, .mark("a")), .at(sec, .mark("b"))], strategy: ScriptedStrategy([1]))
    let result = simulation.run()
    #expect(result.marks == ["b", "a"])
    #expect(simulation.strategy.asked == [.sameInstant(time: at(sec), alternatives: 2)])
    #expect(result.counters.choicePoints == 1)
  }

  @Test("Each same-instant point offers the happenings not yet applied")
  func sameInstantThree() {
    var simulation = makeSimulation(
      script: [.at(sec, .mark("a")), .at(sec, .mark("b")), .at(sec, .mark("c"))],
      strategy: ScriptedStrategy([2, 1]))
    let result = simulation.run()
    #expect(result.marks == ["c", "b", "a"])
    #expect(
      simulation.strategy.asked == [
        .sameInstant(time: at(sec), alternatives: 3), .sameInstant(time: at(sec), alternatives: 2),
      ])
  }

  @Test("The default strategy and a strategy choosing 0 everywhere give the same trace")
  func zeroIsDefault() {
    let script: [Scripted] = [
      .at(sec, .mark("a")), .at(sec, .mark("b")), .within(sec...(2 * sec), .mark("w")),
    ]
    var scripted = makeSimulation(script: script, strategy: ScriptedStrategy())
    var standard = makeSimulation(script: script, strategy: DefaultStrategy())
    #expect(scripted.run().trace == standard.run().trace)
  }
}
