import ModelContract
import Testing

/// Lengths read as a person counts them: whole days, hours and minutes, then seconds with
/// their decimals; under a second, one exact unit.
struct DurationTextTests {
  @Test(
    arguments: [
      (Int64(0), "0s"), (2_000_000_000, "2s"), (1_950_000_000, "1.95s"), (100_000_000, "100ms"),
      (1_500, "1.5us"), (259_200_000_000_000, "3d"), (1_862_000_000_000, "31m2s"),
      (1_862_500_000_000, "31m2.5s"), (4_501_000_000_000, "1h15m1s"), (90_000_000_000, "1m30s"),
      (259_203_000_000_000, "3d3s"), (1_000_100_000, "1.0001s"), (-90_000_000_000, "-1m30s"),
      (Int64.min, "-106751d23h47m16.854775808s"),
    ])
  func format(nanoseconds: Int64, text: String) {
    #expect(DurationText.format(nanoseconds) == text)
  }
}
