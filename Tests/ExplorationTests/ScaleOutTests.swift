import CommandTestSupport
import Commands
import Reports
import TestSizes
import Testing

/// `--jobs N` changes nothing in the output; `--shard I/N` splits the space into parts whose
/// union is the whole.
@Suite struct ScaleOutTests {
  /// Teaching scenarios on the built-in model, and model files, whose second thread explores
  /// a copy compiled apart from the first's.
  @Test(
    arguments: TestSize.sample(
      of: [
        "busy-main-window-original", "kotlin-busy-main-window-cancel-guard", "busy-evening-random",
        "../purchases/listener-and-launch-race-original", "../entitlements/cron-down-original",
      ], standard: 2))
  func twoJobsPrintTheSameBytesAsOne(_ name: String) {
    let path = teachingScenario(name)
    for format in RunCommand.Format.allCases {
      var one = ExploreCommand(files: [path])
      one.format = format
      var two = one
      two.settings.jobs = 2
      let single = capture { one.execute(console: $0) }
      let double = capture { two.execute(console: $0) }
      #expect(single.status == .success)
      #expect(Array(single.output.utf8) == Array(double.output.utf8), "\(name) \(format)")
      #expect(single.status == double.status)
    }
  }

  @Test(arguments: ["busy-main-window-original", "busy-main-window-cancel-guard"])
  func threeShardsMakeTheWhole(_ name: String) throws {
    let path = teachingScenario(name)
    let whole = try ExploreOutput(ExploreCommand(files: []), path: path)
    var schedules = 0
    var summaries = Set<String>()
    var counts: [String: Int] = [:]
    for index in 1...3 {
      var command = ExploreCommand(files: [])
      command.settings.shard = (index, 3)
      let part = try ExploreOutput(command, path: path)
      #expect(part.complete)
      schedules += part.schedules
      summaries.formUnion(part.summaries)
      for outcome in part.outcomes { counts[outcome.summary, default: 0] += outcome.count }
    }
    #expect(schedules == whole.schedules)
    #expect(summaries == whole.summaries)
    #expect(
      counts == Dictionary(uniqueKeysWithValues: whole.outcomes.map { ($0.summary, $0.count) }))
  }

  @Test(
    "merged shards keep the unsharded exploration's smallest schedules and counterexamples",
    arguments: ["busy-main-window-original", "busy-main-window-cancel-guard"])
  func mergedShardsKeepTheSmallestSchedules(_ name: String) throws {
    let path = teachingScenario(name)
    let whole = try ExploreOutput(ExploreCommand(files: []), path: path)
    var outputs: [(path: String, bytes: [UInt8])] = []
    for index in 1...3 {
      var command = ExploreCommand(files: [path])
      command.format = .json
      command.settings.shard = (index, 3)
      outputs.append(
        ("shard-\(index).json", Array(capture { command.execute(console: $0) }.1.utf8)))
    }
    let merged = try ShardMerge.merge(outputs)
    #expect(merged.outcomes.count == whole.outcomes.count)
    #expect(Set(merged.outcomes.map(\.schedule)) == Set(whole.outcomes.map(\.schedule)))
    #expect(
      Dictionary(uniqueKeysWithValues: merged.violations.map { ($0.name, $0.schedule) })
        == whole.violations)
  }
}
