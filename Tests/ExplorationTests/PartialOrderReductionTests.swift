import Foundation
import RacelabKernel
import TestSizes
import Testing

@testable import Commands

/// The state graph's partial-order reduction against the same graph without it, on the files of
/// `scenarios/`: the scale family, whose bursts are all same-instant orders that commute, and
/// every model-file scenario. The reduction may only save runs; the answer (the schedules, every
/// outcome's count and smallest schedule, every broken invariant's) must be the same.
@Suite struct PartialOrderReductionTests {
  static let silent = Console(write: { _ in }, writeError: { _ in }, colour: false)

  /// The space of the timeline scenario at `path`, or `nil` for another kind of file.
  static func space(_ path: String) -> ScenarioSpace? {
    guard let file = ScenarioFiles.load(path, overrides: Overrides(), console: silent),
      case .timeline(let timeline) = file.scenario.content
    else { return nil }
    return ScenarioExecution.explorer(file.definition, file.scenario, timeline: timeline)
  }

  /// The whole space of `path` as one state graph, with or without the reduction.
  static func explore(_ path: String, reduction: Bool) throws -> ExplorationTally {
    let space = try #require(Self.space(path))
    let graph = StateGraph(capacity: .max)
    var tally = ExplorationTally()
    for root in space.subtrees() {
      tally.merge(
        space.exploreGraph(
          prefix: root, graph: graph, budget: nil, partialOrderReduction: reduction,
          onRun: { _ in true }))
    }
    return tally
  }

  /// Every model-file scenario of `scenarios/`, and the smaller members of the scale family.
  static let files: [String] = {
    let scenarios = repositoryRoot.appendingPathComponent("scenarios").path
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: scenarios)) ?? []
    var files: [String] = []
    for folder in folders.sorted() where folder != "explore" && folder != "review-prompt" {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: "\(scenarios)/\(folder)"))
      for name in (names ?? []).sorted()
      where name.hasSuffix(".yaml") && !name.hasSuffix(".model.yaml")
        && name != "launch-burst-3x4.yaml"
      {
        let path = "\(scenarios)/\(folder)/\(name)"
        if space(path) != nil { files.append(path) }
      }
    }
    return files
  }()

  @Test func theFilesIncludeTheScaleFamilyAndTheModelFiles() {
    #expect(Self.files.contains { $0.hasSuffix("scale/launch-burst-windowed.yaml") })
    #expect(Self.files.contains { $0.contains("/purchases/") })
    #expect(Self.files.count >= 30)
  }

  @Test(arguments: TestSize.sample(of: files, standard: 8))
  func theReductionKeepsTheAnswerAndSavesRuns(_ path: String) throws {
    let reduced = try Self.explore(path, reduction: true)
    let full = try Self.explore(path, reduction: false)
    #expect(reduced.complete && full.complete, "\(path)")
    #expect(StateGraphTests.Answer(reduced) == StateGraphTests.Answer(full), "\(path)")
    #expect(reduced.runs <= full.runs, "\(path): \(reduced.runs) runs against \(full.runs)")
    if path.contains("/scale/") {
      print(
        "partial-order reduction: \((path as NSString).lastPathComponent) "
          + "\(reduced.runs) runs against \(full.runs)")
      #expect(reduced.runs * 2 < full.runs, "\(path): \(reduced.runs) against \(full.runs)")
    }
  }
}
