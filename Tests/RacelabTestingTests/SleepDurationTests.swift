import Testing

@testable import RacelabTesting

/// How a sleep's duration is read from the two bounds racelab measures around its deadline.
@Suite("Reading a sleep's duration")
struct SleepDurationTests {
  @Test(
    "close bounds give the duration people write, for certain",
    arguments: [
      (1_999_998_000, 2_000_004_000, 2_000_000_000),
      (349_998_100, 350_003_000, 350_000_000),
      (1_499_997, 1_500_009, 1_500_000),
      (9_999_990, 10_000_020, 10_000_000),
      (0, 3_000, 0),
    ] as [(Int64, Int64, Int64)])
  func closeBoundsAreExact(low: Int64, high: Int64, duration: Int64) {
    #expect(
      SleepDuration.reading(from: low, through: high)
        == SleepDuration.Reading(nanoseconds: duration, certain: true))
  }

  @Test(
    "bounds a held-up thread pulled apart are uncertain",
    arguments: [
      (0, 10_000_541),  // the 10 ms sleep a stall inside the sleep call made look like zero
      (1_953_885, 10_000_541),  // the same stall, shorter
      (9_996_835, 14_042_787),  // a job that ran 4 ms before it slept
      (0, 200_000),  // zero, or a 200 µs sleep held up as long
    ] as [(Int64, Int64)])
  func farBoundsAreUncertain(low: Int64, high: Int64) {
    #expect(!SleepDuration.reading(from: low, through: high).certain)
  }

  @Test("a job that runs for milliseconds before it sleeps is reported, not misread silently")
  func longJobBeforeASleepIsReported() async {
    let exploration = await Race.explore { () async -> String in
      let start = ContinuousClock.now
      while ContinuousClock.now - start < .milliseconds(3) {}
      try? await Task.sleep(for: .seconds(1))
      return "slept"
    }
    #expect(exploration.results == ["slept"])
    #expect(exploration.problems.contains { $0.contains("could not be read exactly in 8 tries") })
  }
}
