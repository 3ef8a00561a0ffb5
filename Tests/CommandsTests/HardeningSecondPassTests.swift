import CommandTestSupport
import Foundation
import Testing

/// The second hostile pass (issue 35): merged shards are checked before they are summed,
/// input is read only up to its limit, a failed write of the output is exit 2, and a JUnit
/// report is written with the rules of a golden.
@Suite struct HardeningSecondPassTests {
  static let scenario = "scenarios/explore/busy-main-window-original.yaml"

  /// The JSON outputs of shards 1/2 and 2/2 of `scenario`, as objects to forge.
  static func shards() throws -> [[String: Any]] {
    try (1...2).map { index in
      let part = try runRacelab(["explore", scenario, "--shard", "\(index)/2", "--format", "json"])
      #expect(part.status == 0, "\(part.errorText)")
      return try #require(try JSONSerialization.jsonObject(with: part.output) as? [String: Any])
    }
  }

  /// `racelab explore --merge` of `shards`, each written as one JSON file.
  static func merge(_ shards: [[String: Any]]) throws -> ProcessOutput {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var paths: [String] = []
    for (index, shard) in shards.enumerated() {
      let data = try JSONSerialization.data(withJSONObject: shard, options: [.sortedKeys])
      try folder.write("shard-\(index + 1).json", String(decoding: data, as: UTF8.self))
      paths.append(folder.path("shard-\(index + 1).json"))
    }
    return try runRacelab(["explore", "--merge"] + paths)
  }

  @Test func untouchedShardsStillMerge() throws {
    let merged = try Self.merge(try Self.shards())
    #expect(merged.status == 0, "\(merged.errorText)")
  }

  @Test(arguments: [
    ("9223372036854775807", "an outcome's count is 9223372036854775807"),
    ("-5", "an outcome's count is -5"),
    ("1e30", "an outcome's count is 1e+30"),
    ("2.5", "an outcome's count is 2.5"),
  ])
  func anOutcomeCountOutOfRangeIsRefused(_ count: String, _ message: String) throws {
    var shards = try Self.shards()
    var outcomes = try #require(shards[0]["outcomes"] as? [[String: Any]])
    try #require(!outcomes.isEmpty)
    let number = try JSONSerialization.jsonObject(
      with: Data(count.utf8), options: [.fragmentsAllowed])
    outcomes[0]["count"] = number
    shards[0]["outcomes"] = outcomes
    let merged = try Self.merge(shards)
    #expect(merged.status == 2, "\(merged.outputText)")
    #expect(merged.errorText.contains("is not the JSON output of an explore shard"))
    #expect(merged.errorText.contains(message), "\(merged.errorText)")
    #expect(!merged.errorText.contains("Fatal error"))
  }

  @Test func countsThatAddUpPastTheLargestAreRefused() throws {
    var shards = try Self.shards()
    // Each shard agrees with itself (one outcome holds every schedule), and the two add up
    // past Int.max.
    for index in shards.indices {
      var outcomes = try #require(shards[index]["outcomes"] as? [[String: Any]])
      outcomes = [outcomes[0]]
      outcomes[0]["count"] = Int.max
      shards[index]["outcomes"] = outcomes
      shards[index]["schedules"] = Int.max
      shards[index]["violations"] = [String: Any]()
    }
    let merged = try Self.merge(shards)
    #expect(merged.status == 2, "\(merged.outputText)")
    #expect(merged.errorText.contains("add up past 9223372036854775807"), "\(merged.errorText)")
  }

  @Test func outcomeCountsThatDisagreeWithTheSchedulesAreRefused() throws {
    var shards = try Self.shards()
    let schedules = try #require(shards[0]["schedules"] as? Int)
    shards[0]["schedules"] = schedules + 1
    let merged = try Self.merge(shards)
    #expect(merged.status == 2)
    #expect(
      merged.errorText.contains("not to its \(schedules + 1) schedules"), "\(merged.errorText)")
  }

  @Test func endlessStandardInputStopsAtTheLimit() throws {
    let executable = try #require(racelabExecutable())
    let result = try runCommand(
      "/bin/sh", ["-c", "yes | exec \"$0\" run - --limits file-bytes=4096", executable.path],
      in: repositoryRoot)
    #expect(result.status == 2)
    #expect(result.errorText.contains("standard input is larger than the limit of 4096 bytes"))
  }

  @Test func anEndlessFIFOStopsAtTheLimit() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let executable = try #require(racelabExecutable())
    let result = try runCommand(
      "/bin/sh",
      [
        "-c",
        "mkfifo endless && { yes > endless & } && exec \"$0\" run endless --limits file-bytes=4096",
        executable.path,
      ], in: folder.url)
    #expect(result.status == 2)
    #expect(result.errorText.contains("endless is larger than the limit of 4096 bytes"))
  }

  @Test(arguments: [
    ["run", scenario], ["explore", scenario], ["schema", "review-prompt"],
    ["run", scenario, "--format", "svg"],
  ])
  func aFailedWriteOfTheOutputIsExitTwo(_ arguments: [String]) throws {
    let executable = try #require(racelabExecutable())
    let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
    let result = try runCommand(
      "/bin/sh", ["-c", "exec \"$0\" \(quoted) > /dev/full", executable.path], in: repositoryRoot)
    #expect(result.status == 2, "\(arguments)")
    #expect(result.errorText.contains("cannot write standard output: No space left on device"))
  }

  @Test func aJUnitReportNeverReplacesAFIFOOrFollowsALink() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let scenario = repositoryRoot.appendingPathComponent(Self.scenario).path
    #expect(mkfifo(folder.path("pipe.xml"), 0o644) == 0)
    let piped = try runRacelab(["explore", scenario, "--junit", folder.path("pipe.xml")])
    #expect(piped.status == 2)
    #expect(piped.errorText.contains("the JUnit report could not be written"))
    #expect(piped.errorText.contains("not a regular file"))
    var status = stat()
    #expect(lstat(folder.path("pipe.xml"), &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)

    try folder.write("target.xml", "kept\n")
    #expect(symlink(folder.path("target.xml"), folder.path("link.xml")) == 0)
    let linked = try runRacelab(["explore", scenario, "--junit", folder.path("link.xml")])
    #expect(linked.status == 2)
    #expect(folder.read("target.xml") == Data("kept\n".utf8))

    let written = try runRacelab(["explore", scenario, "--junit", folder.path("report.xml")])
    #expect(written.status == 0)
    #expect(
      folder.read("report.xml").map { String(decoding: $0, as: UTF8.self) }?.contains("<testsuite")
        == true)
  }
}
