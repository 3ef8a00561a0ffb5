import TestSizes
import Testing

/// The size knob itself: the environment names a size, and a smaller size runs a prefix or an
/// even sample of a larger size's cases.
struct TestSizeTests {
  @Test func theEnvironmentNamesASize() {
    #expect(TestSize.problem == nil, "\(TestSize.problem ?? "")")
  }

  @Test func theStandardSizeRunsLessThanTheThoroughSize() {
    let cases = Array(0..<100)
    let prefix = TestSize.prefix(of: cases, standard: 10)
    let sample = TestSize.sample(of: cases, standard: 5)
    switch TestSize.current {
    case .standard:
      #expect(prefix == Array(0..<10))
      #expect(sample == [0, 24, 49, 74, 99])
      #expect(TestSize.count(standard: 3, thorough: 30) == 3)
    case .thorough:
      #expect(prefix == cases && sample == cases)
      #expect(TestSize.count(standard: 3, thorough: 30) == 30)
    }
    #expect(TestSize.prefix(of: [1, 2], standard: 10) == [1, 2])
    #expect(TestSize.sample(of: [1, 2], standard: 10) == [1, 2])
  }
}
