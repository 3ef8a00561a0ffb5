import KernelTestSupport
import ModelContract
import RacelabKernel
import Testing

@Suite("WallClock.epochDay")
struct WallClockTests {
  static let day: Int64 = 86_400 * sec
  static let hour: Int64 = 3_600 * sec

  static func epochDay(start: Int64, offset: Int32 = 0, at time: Int64 = 0) -> Int64 {
    WallClock(startNanosecondsSinceEpoch: start, utcOffsetSeconds: offset).epochDay(at: at(time))
  }

  /// (nanoseconds since the epoch, expected epoch day)
  static let floorCases: [(Int64, Int64)] = [
    (0, 0), (1, 0), (day - 1, 0), (day, 1), (-1, -1), (-day, -1), (-day - 1, -2),
  ]

  @Test("Days are floored, not truncated, around 1970-01-01", arguments: floorCases)
  func floorAroundEpoch(start: Int64, expected: Int64) {
    #expect(Self.epochDay(start: start) == expected)
  }

  @Test("Virtual time advances the wall clock")
  func virtualTimeAdvances() {
    #expect(Self.epochDay(start: -1, at: 1) == 0)
    #expect(Self.epochDay(start: 0, at: 3 * Self.day + 5) == 3)
  }

  @Test("The UTC offset moves the local date")
  func utcOffset() {
    // 1970-01-01T20:00Z is 1970-01-02T05:00 at +09:00.
    #expect(Self.epochDay(start: 20 * Self.hour, offset: 9 * 3_600) == 1)
    #expect(Self.epochDay(start: 20 * Self.hour, offset: 0) == 0)
    // 1970-01-01T02:00Z is 1969-12-31T21:00 at -05:00.
    #expect(Self.epochDay(start: 2 * Self.hour, offset: -5 * 3_600) == -1)
  }

  @Test("Shifts move the wall clock in both directions and accumulate")
  func shifts() {
    var clock = WallClock(startNanosecondsSinceEpoch: 10 * Self.day, utcOffsetSeconds: 0)
    clock.shift(byNanoseconds: Self.day)
    #expect(clock.epochDay(at: .zero) == 11)
    clock.shift(byNanoseconds: -30 * Self.day)
    #expect(clock.epochDay(at: .zero) == -19)
    #expect(clock.shiftNanoseconds == Int128(-29 * Self.day))
  }

  @Test("Extreme inputs never trap")
  func extremes() {
    let nsPerDay = Int128(Self.day)
    var high = WallClock(startNanosecondsSinceEpoch: .max, utcOffsetSeconds: .max)
    for _ in 0..<4 { high.shift(byNanoseconds: .max) }
    let highTotal = Int128(Int64.max) * 6 + Int128(Int32.max) * 1_000_000_000
    #expect(high.epochDay(at: .end) == Int64(highTotal / nsPerDay))

    var low = WallClock(startNanosecondsSinceEpoch: .min, utcOffsetSeconds: .min)
    for _ in 0..<4 { low.shift(byNanoseconds: .min) }
    let lowTotal = Int128(Int64.min) * 6 + Int128(Int32.min) * 1_000_000_000
    let lowDay = lowTotal / nsPerDay - (lowTotal % nsPerDay == 0 ? 0 : 1)
    #expect(low.epochDay(at: VirtualTime(nanoseconds: .min)) == Int64(lowDay))
  }

  @Test("A shift during a run moves the calendar day, not the virtual clock")
  func shiftDuringRun() {
    var context = makeSimulation(script: [], strategy: DefaultStrategy()).context
    context.shiftWallClock(byNanoseconds: 2 * Self.day)
    #expect(context.wallClock.epochDay(at: context.now) == 2)
    #expect(context.now == .zero)
  }
}
