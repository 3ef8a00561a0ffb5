import Commands
import RacelabKernel
import Testing

/// The counterexample `explore` reports has the fewest choices off the default schedule: no
/// schedule with fewer deviations breaks the invariant.
@Suite struct ShortestCounterexampleTests {
  @Test(arguments: ["no-fire-after-cancel", "attempt-while-visible"])
  func theWindowCaseOnOriginalHasNoShorterCounterexample(_ invariant: String) throws {
    let path = teachingScenario("busy-main-window-original")
    let report = try ExploreOutput(ExploreCommand(files: []), path: path)
    let token = try #require(report.violations[invariant])
    let reported = try #require(report.deviations[invariant])
    #expect(reported == token.split(separator: ":")[1].split(separator: ",").count)

    let explorer = try LoadedScenario(path: path).explorer()
    var shorter: [Schedule] = []
    var tried = 0
    // Every schedule with fewer deviations, grown one deviation at a time from the default.
    var level: [Schedule] = [.default]
    for depth in 0..<reported {
      var next: [Schedule] = []
      for schedule in level {
        let (result, alternatives, fitted) = explorer.run(schedule)
        #expect(fitted)
        tried += 1
        if result.violations.contains(invariant) { shorter.append(schedule) }
        guard depth + 1 < reported else { continue }
        let first = (schedule.deviations.last?.position ?? -1) + 1
        for position in first..<max(first, alternatives.count) {
          for alternative in 1..<max(1, alternatives[position]) {
            next.append(
              Schedule(
                deviations: schedule.deviations + [
                  .init(position: position, alternative: alternative)
                ]))
          }
        }
      }
      level = next
    }
    print(
      "shortest: \(invariant) reported with \(reported) deviations (\(token)); "
        + "\(tried) schedules with fewer tried, none breaks it")
    #expect(tried > 1)
    #expect(shorter.isEmpty, "shorter counterexamples: \(shorter.map(\.deviations))")
  }
}
