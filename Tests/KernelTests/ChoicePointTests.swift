import KernelTestSupport
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

  @Test("Choosing `later`, then `at`, moves the arrival to the next instant something is due")
  func laterThenAt() {
    var simulation = makeSimulation(
      script: [.at(2 * sec, .mark("x")), .within(sec...(3 * sec), .mark("w"))],
      strategy: ScriptedStrategy([1, 0]))
    let result = simulation.run()
    #expect(result.timedMarks == [Mark("x", at(2 * sec)), Mark("w", at(2 * sec))])
    #expect(
      simulation.strategy.asked == [
        .arrival(event: "mark w", window: Self.window, options: [.at(at(sec)), .later]),
        .arrival(
          event: "mark w", window: Self.window,
          options: [.at(at(2 * sec)), .inGap(at(1_500 * ms)), .later]),
        .sameInstant(time: at(2 * sec), alternatives: 2),
      ])
  }

  @Test("Choosing `inGap` places the arrival inside the quiet gap before the next instant")
  func inGap() {
    var simulation = makeSimulation(
      script: [.at(2 * sec, .mark("x")), .within(sec...(3 * sec), .mark("w"))],
      strategy: ScriptedStrategy([1, 1, 0]))
    let result = simulation.run()
    #expect(result.timedMarks == [Mark("w", at(1_500 * ms)), Mark("x", at(2 * sec))])
    #expect(
      result.kinds.contains(
        .arrivalChosen(event: "mark w", window: Self.window, at: at(1_500 * ms))))
  }

  @Test("Always choosing `later` ends at the window's end, where `later` is no longer offered")
  func laterUntilTheEnd() {
    var simulation = makeSimulation(
      script: [.within(sec...(3 * sec), .mark("w"))], strategy: ScriptedStrategy([1, 0]))
    let result = simulation.run()
    #expect(result.timedMarks == [Mark("w", at(3 * sec))])
    #expect(
      simulation.strategy.asked.last
        == .arrival(
          event: "mark w", window: Self.window, options: [.at(at(3 * sec)), .inGap(at(2 * sec))]))
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
