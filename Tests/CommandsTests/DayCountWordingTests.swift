import Foundation
import Testing

/// A trace writes a day-scale instant as days after the start (`+2d 00:00:00.000`), so a
/// scenario's title and `about:`, which the trace shows above it, count days the same way
/// (`two days later (+2d)`), never as `day 2`, which a reader takes for another day.
struct DayCountWordingTests {
  @Test("no bundled scenario counts its days as `day N`")
  func scenariosCountDaysAsTheTraceDoes() throws {
    let files = try FileManager.default.subpathsOfDirectory(atPath: repositoryScenarios.path)
      .filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".model.yaml") }
    #expect(files.count > 100)
    for file in files {
      let text = try String(
        contentsOf: repositoryScenarios.appendingPathComponent(file), encoding: .utf8)
      // An epoch day (`day 20454`) names a date; a short number counts days from the start.
      let counts = text.matches(of: /\b[Dd]ay \d{1,3}\b/).map { String($0.output) }
      #expect(counts.isEmpty, "\(file) says \(counts); its trace writes +Nd")
    }
  }
}
