import CommandTestSupport
import Commands
import Foundation
import TestSizes
import Testing

/// Rule L1 held by both forms of the review-prompt flow: a relaunch or an app update ends the
/// process the instant it arrives, whether its main lane is busy, frozen or holding queued jobs.
/// Generated timelines of suspend/resume cycles, relaunches, updates and busy periods run on
/// the bundled model file and, through ``SwiftModels``, on the Swift oracle, and must give the
/// same summary and broken invariants (`run`) and the same outcomes (`explore`).
struct LifecycleCrossCheckTests {
  static let seed: UInt64 = 0x4C31_C0DE

  /// The generated scenarios, written into a fresh folder.
  struct Corpus {
    var files: [String] = []
    var texts: [String] = []
    let folder: URL

    init(count: Int) throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "racelab-lifecycle-\(ProcessInfo.processInfo.globallyUniqueString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      var generator = LifecycleTimelineGenerator(seed: LifecycleCrossCheckTests.seed)
      for index in 0..<count {
        let text = generator.scenario(index)
        let path = folder.appendingPathComponent("timeline-\(index).yaml")
        try Data(text.utf8).write(to: path)
        files.append(path.path)
        texts.append(text)
      }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }

  /// One JSON object per scenario, in order, from one command over every file.
  static func objects(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test("run: both forms give the same answer on every generated timeline of process ends")
  func runsAgree() throws {
    let corpus = try Corpus(count: TestSize.count(standard: 1_000, thorough: 4_000))
    defer { corpus.remove() }
    let runs = try [corpus.files, corpus.files].enumerated().map { side, files in
      let (_, output, error) =
        side == 0
        ? Answers.onTheOracle {
          capture { RunCommand(files: files, format: .json).execute(console: $0) }
        }
        : capture { RunCommand(files: files, format: .json).execute(console: $0) }
      #expect(error == "")
      return try Self.objects(output)
    }
    try #require(runs[0].count == corpus.texts.count && runs[1].count == corpus.texts.count)
    var differences: [String] = []
    var busyCut = 0
    var queuedDropped = 0
    for index in corpus.texts.indices {
      let oracle = try Answers.canonical(try #require(runs[0][index]["summary"] as? [String: Any]))
      let file = try Answers.canonical(try #require(runs[1][index]["summary"] as? [String: Any]))
      if oracle != file {
        differences.append("\(corpus.texts[index])oracle: \(oracle)\nfile:   \(file)")
      }
      let dropped = (runs[0][index]["trace"] as? [[String: Any]] ?? []).filter {
        $0["kind"] as? String == "jobsDropped"
      }
      if dropped.contains(where: { $0["busyCut"] as? Bool == true }) { busyCut += 1 }
      if dropped.contains(where: { ($0["count"] as? Int ?? 0) > 0 }) { queuedDropped += 1 }
    }
    #expect(
      differences.count == 0,
      "\(differences.count) differ; first:\n\(differences.prefix(3).joined(separator: "\n"))")
    // The corpus reaches the cases L1 is about: a process end that cuts a busy job short, and
    // one that drops queued jobs (a resumption behind a busy or frozen lane, an event).
    #expect(busyCut * 20 >= corpus.texts.count, "only \(busyCut) runs cut a busy job short")
    #expect(queuedDropped * 10 >= corpus.texts.count, "only \(queuedDropped) runs drop queued jobs")
  }

  @Test("explore: both forms reach the same outcomes on generated timelines of process ends")
  func explorationsAgree() throws {
    let corpus = try Corpus(count: TestSize.count(standard: 200, thorough: 1_000))
    defer { corpus.remove() }
    let explored = try [corpus.files, corpus.files].enumerated().map { side, files in
      var command = ExploreCommand(files: files)
      command.format = .json
      let (_, output, error) =
        side == 0
        ? Answers.onTheOracle { capture { command.execute(console: $0) } }
        : capture { command.execute(console: $0) }
      #expect(error == "")
      return try Self.objects(output)
    }
    try #require(explored[0].count == corpus.texts.count && explored[1].count == corpus.texts.count)
    var differences: [String] = []
    var choices = 0
    for index in corpus.texts.indices {
      let sets = try explored.map { objects in
        Set(
          try (try #require(objects[index]["outcomes"] as? [[String: Any]])).map {
            try Answers.canonical(try #require($0["summary"] as? [String: Any]))
          })
      }
      if sets[0] != sets[1] {
        differences.append("\(corpus.texts[index])oracle: \(sets[0])\nfile:   \(sets[1])")
      }
      if sets[0].count > 1 { choices += 1 }
    }
    #expect(
      differences.count == 0,
      "\(differences.count) differ; first:\n\(differences.prefix(3).joined(separator: "\n"))")
    // Same-instant orders change the outcome in a share of the corpus: the orders are tried.
    #expect(choices * 20 >= corpus.texts.count, "only \(choices) explorations have two outcomes")
  }
}
