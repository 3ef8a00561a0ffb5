import CommandTestSupport
import Commands
import Foundation
import TestSizes
import Testing

/// The built-in history (`first(x)`, `previous(x)`, `changes(x)`) against the same history
/// written by hand in state, on generated timelines that write state by assignment, by
/// transactions that commit, fail or die, and by relaunches: every run, and every outcome of
/// every exploration, must report the two alike (``HistoryTimelines``).
struct HistoryCrossCheckTests {
  static let seed: UInt64 = 0x4855_5354

  /// The generated scenarios, written beside the model in a fresh folder.
  struct Corpus {
    var files: [String] = []
    var texts: [String] = []
    let folder: URL

    init(count: Int) throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "racelab-history-\(ProcessInfo.processInfo.globallyUniqueString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(HistoryTimelines.model.utf8).write(
        to: folder.appendingPathComponent("history-check.model.yaml"))
      var generator = HistoryTimelines.Generator(seed: HistoryCrossCheckTests.seed)
      for index in 0..<count {
        let text = generator.scenario(index)
        let path = folder.appendingPathComponent("history-\(index).yaml")
        try Data(text.utf8).write(to: path)
        files.append(path.path)
        texts.append(text)
      }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }

  /// The pairs of a summary that disagree, as text.
  static func disagreements(_ summary: [String: Any]) -> [String] {
    HistoryTimelines.pairs.compactMap { builtIn, ghost in
      let a = summary[builtIn].map { "\($0)" } ?? "absent"
      let b = summary[ghost].map { "\($0)" } ?? "absent"
      return a == b ? nil : "\(builtIn) \(a), \(ghost) \(b)"
    }
  }

  @Test("run: the built-in history agrees with the hand-written one on generated timelines")
  func runsAgree() throws {
    let corpus = try Corpus(count: TestSize.count(standard: 300, thorough: 2_000))
    defer { corpus.remove() }
    let (_, output, error) = capture {
      RunCommand(files: corpus.files, format: .json).execute(console: $0)
    }
    #expect(error == "")
    let runs = try LifecycleCrossCheckTests.objects(output)
    try #require(runs.count == corpus.texts.count)
    var differences: [String] = []
    var changed = 0
    for (index, run) in runs.enumerated() {
      let summary = try #require(run["summary"] as? [String: Any])
      let wrong = Self.disagreements(summary)
      if !wrong.isEmpty { differences.append(corpus.texts[index] + wrong.joined(separator: "; ")) }
      if (summary["xChanges"] as? Int ?? 0) > 1 && (summary["yChanges"] as? Int ?? 0) > 1 {
        changed += 1
      }
    }
    #expect(
      differences.isEmpty,
      "\(differences.count) differ; first:\n\(differences.prefix(3).joined(separator: "\n"))")
    // The timelines change both variables more than once in a good share of the runs.
    #expect(changed * 4 >= corpus.texts.count, "only \(changed) runs change both twice")
  }

  @Test("explore: every outcome reports the built-in history as the hand-written one")
  func explorationsAgree() throws {
    let corpus = try Corpus(count: TestSize.count(standard: 60, thorough: 400))
    defer { corpus.remove() }
    for stateGraph in [false, true] {
      var command = ExploreCommand(files: corpus.files)
      command.format = .json
      command.settings.stateGraph = stateGraph
      let (_, output, error) = capture { command.execute(console: $0) }
      #expect(error == "")
      let explored = try LifecycleCrossCheckTests.objects(output)
      try #require(explored.count == corpus.texts.count)
      var differences: [String] = []
      var several = 0
      for (index, object) in explored.enumerated() {
        let outcomes = try #require(object["outcomes"] as? [[String: Any]])
        if outcomes.count > 1 { several += 1 }
        for outcome in outcomes {
          let wrong = Self.disagreements(try #require(outcome["summary"] as? [String: Any]))
          if !wrong.isEmpty {
            differences.append(corpus.texts[index] + wrong.joined(separator: "; "))
          }
        }
      }
      #expect(
        differences.isEmpty,
        "state graph \(stateGraph): \(differences.count) differ; first:\n\(differences.prefix(3).joined(separator: "\n"))"
      )
      #expect(several * 4 >= corpus.texts.count, "only \(several) explorations have two outcomes")
    }
  }
}
