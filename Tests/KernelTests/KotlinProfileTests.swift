import KernelTestSupport
import ModelContract
import RacelabKernel
import Testing

/// Rules K1–K5 on ``RuntimeProfile/kotlin``.
@Suite("Kotlin runtime profile (K1–K5)")
struct KotlinProfileTests {
  static let timer1 = TimerID(number: 1)

  @Test("K1: delay in a coroutine cancelled before it started throws at once")
  func cancelledBeforeStart() {
    let result = simulate(
      profile: .kotlin,
      programs: [[.sleep(nanoseconds: sec, onCancel: .return), .call(.mark("after"))]],
      script: [.at(0, .spawn(program: 0)), .at(0, .cancel(task: 0))])
    #expect(
      Array(result.actions.suffix(3)) == [
        .sleepThrewAtOnce(t1, rule: "K1"), .errorHandled(t1, .return, rule: nil),
        .taskEnded(t1, .returned),
      ])
  }

  @Test("K2: cancel while suspended in delay resumes with a cancellation")
  func cancelWhilePending() {
    let result = simulate(
      profile: .kotlin,
      programs: [[.sleep(nanoseconds: 2 * sec, onCancel: .throw), .call(.mark("after"))]],
      script: [.at(0, .spawn(program: 0)), .at(sec, .cancel(task: 0))])
    #expect(
      Array(result.actions.suffix(4)) == [
        .cancelled(t1, effect: .timerDiscarded(Self.timer1, queue: queued()), rule: "K2"),
        .resumed(t1, from: .sleep, outcome: .threw, isCancelled: true, rule: "K2"),
        .errorHandled(t1, .throw, rule: nil), .taskEnded(t1, .threw),
      ])
  }

  @Test("K3: the S5 setup throws on kotlin: the resumption re-checks cancellation")
  func promptCancellation() {
    let result = SwiftProfileTests.busyMain(profile: .kotlin)
    #expect(
      Array(result.actions.dropFirst(4)) == [
        .timerFired(
          t1, timer: Self.timer1, queue: queued(ahead: 1, busyUntil: at(2_050 * ms)), rule: nil),
        .cancelled(t1, effect: .resumptionWillThrow, rule: "K3"),
        .resumed(t1, from: .sleep, outcome: .threw, isCancelled: true, rule: "K3"),
        .errorHandled(t1, .return, rule: nil), .taskEnded(t1, .returned),
      ])
    #expect(result.probes.isEmpty)
    #expect(result.marks.isEmpty)
  }

  @Test("K3 with `try?`-like handling: the error is dropped and the next step runs")
  func promptCancellationIgnored() {
    let result = SwiftProfileTests.busyMain(profile: .kotlin, onCancel: .ignore)
    #expect(result.kinds.contains(.errorHandled(t1, .ignore, rule: nil)))
    #expect(result.probes == [true])
  }

  @Test("K4: yield in a cancelled coroutine throws at once")
  func yieldThrows() {
    let result = simulate(
      profile: .kotlin, programs: [[.call(.cancelSelf), .yield, .call(.probe)]],
      script: [.at(0, .spawn(program: 0))])
    #expect(
      Array(result.actions.suffix(2)) == [
        .resumed(t1, from: .yield, outcome: .threw, isCancelled: true, rule: "K4"),
        .taskEnded(t1, .threw),
      ])
    #expect(result.probes.isEmpty)
  }

  @Test("K4: a coroutine cancelled while its yield is queued throws when it resumes")
  func queuedYieldThrows() {
    let result = simulate(
      profile: .kotlin, programs: [[.yield, .call(.probe)], [.call(.cancel(task: 0))]],
      script: [.at(0, .spawn(program: 0)), .at(0, .spawn(program: 1))])
    #expect(result.kinds.contains(.cancelled(t1, effect: .resumptionWillThrow, rule: "K4")))
    #expect(
      result.kinds.contains(
        .resumed(t1, from: .yield, outcome: .threw, isCancelled: true, rule: "K4")))
    #expect(result.probes.isEmpty)
  }

  @Test("K5: ensureActive throws when cancelled")
  func ensureActive() {
    let result = simulate(
      profile: .kotlin, programs: [[.call(.cancelSelf), .checkCancellation, .call(.probe)]],
      script: [.at(0, .spawn(program: 0))])
    #expect(
      Array(result.actions.suffix(2)) == [
        .cancellationChecked(t1, threw: true, rule: "K5"), .taskEnded(t1, .threw),
      ])
  }

  @Test("The kotlin profile names K1–K7")
  func ruleNames() {
    let names = RuntimeProfile.Situation.allCases.compactMap { RuntimeProfile.kotlin.rule(for: $0) }
    #expect(names.sorted() == ["K1", "K2", "K3", "K4", "K5", "K6", "K7"])
  }
}
