import CommandTestSupport
import Commands
import Foundation
import TestSizes
import Testing

/// Every repository scenario, as a path relative to the repository root.
func repositoryScenarioPaths() -> [String] {
  guard let enumerator = FileManager.default.enumerator(atPath: repositoryScenarios.path) else {
    return []
  }
  var paths: [String] = []
  while let relative = enumerator.nextObject() as? String {
    if relative.hasSuffix(".yaml") && !relative.hasSuffix(".model.yaml") {
      paths.append("scenarios/" + relative)
    }
  }
  return paths.sorted()
}

/// The formats a repository scenario renders in: a truth table has no timeline to draw as a
/// Mermaid diagram or an SVG picture (`MermaidOutputTests` checks that it says so).
func formats(of path: String) -> [RunCommand.Format] {
  let text = (try? String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8))
  let isTimeline = text?.split(separator: "\n").contains("timeline:") ?? true
  return RunCommand.Format.allCases.filter { isTimeline || ($0 != .mermaid && $0 != .svg) }
}

/// A few scenarios with many happenings, windows, ties, both runtimes and a table.
let crossProcessScenarios = [
  "scenarios/review-prompt/canonical/busy-main-disappear-original.yaml",
  "scenarios/review-prompt/canonical/disappear-at-timer-instant-tie-last-original.yaml",
  "scenarios/review-prompt/canonical/kotlin-busy-main-disappear-cancel-guard.yaml",
  "scenarios/review-prompt/explore/disappear-window-original.yaml",
  "scenarios/review-prompt/lifecycle/app-update-new-version.yaml",
  "scenarios/eligibility/eligibility-truth-table.yaml",
]

/// The same scenario gives the same bytes, run after run and process after process.
struct DeterminismTests {
  func render(_ path: String, _ format: RunCommand.Format) -> (ExitStatus, String) {
    let result = capture {
      RunCommand(files: [repositoryRoot.appendingPathComponent(path).path], format: format)
        .execute(console: $0)
    }
    return (result.status, result.output)
  }

  /// Every scenario at the thorough size; 40 spread over the folders at the standard size, where
  /// a debug build reads the model file afresh for each of the two renders in every format.
  @Test func everyScenarioRendersIdenticallyTwiceInProcess() {
    let paths = repositoryScenarioPaths()
    #expect(paths.count >= 25)
    for path in TestSize.sample(of: paths, standard: 40) {
      for format in formats(of: path) {
        let first = render(path, format)
        let second = render(path, format)
        #expect(!first.1.isEmpty, "\(path) \(format)")
        #expect(first.1 == second.1, "\(path) \(format)")
        #expect(first.0 == second.0)
      }
    }
  }

  @Test(arguments: crossProcessScenarios, RunCommand.Format.allCases)
  func separateProcessesPrintIdenticalBytes(_ path: String, _ format: RunCommand.Format) throws {
    guard formats(of: path).contains(format) else { return }
    let arguments = ["run", path, "--format", format.rawValue]
    let first = try runRacelab(arguments)
    let second = try runRacelab(arguments)
    let third = try runRacelab(arguments, environment: ["SWIFT_DETERMINISTIC_HASHING": "1"])
    #expect(first.status == 0, "\(first.errorText)")
    #expect(!first.output.isEmpty)
    #expect(first.output == second.output)
    #expect(first.output == third.output)
    #expect(first.error.isEmpty && second.error.isEmpty)
    // And the executable prints exactly what the command prints in this process.
    #expect(first.outputText == render(path, format).1)
  }
}
