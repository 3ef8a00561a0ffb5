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

  /// Found by the shard-merge fuzz target: the range of an outcome's count was `1...0`, a trap.
  @Test func anOutcomeOfAShardWithNoSchedulesIsRefused() throws {
    var shards = try Self.shards()
    shards[0]["schedules"] = 0
    let merged = try Self.merge(shards)
    #expect(merged.status == 2, "\(merged.outputText)")
    #expect(
      merged.errorText.contains("not a whole number from 1 to 0"),
      "\(merged.errorText)")
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

/// `racelab report` writes only its own pages, one per file, reached by links that lead to
/// them, and cleans up after a report that was killed.
@Suite struct ReportSafetyTests {
  /// A folder of scenarios holding one copy of a repository scenario under each `names`.
  static func scenarios(named names: [String], in folder: TemporaryFolder) throws -> String {
    let source = try String(
      contentsOf: repositoryRoot.appendingPathComponent(HardeningSecondPassTests.scenario),
      encoding: .utf8)
    for name in names { try folder.write("in/\(name)", source) }
    return folder.path("in")
  }

  @Test func twoFilesThatWouldShareAPageAreRefusedBeforeAnythingIsWritten() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try Self.scenarios(named: ["a.yaml", "a.yml"], in: folder)
    let result = try runRacelab(["report", input, "--out", folder.path("site")])
    #expect(result.status == 2)
    #expect(
      result.errorText.contains("a.yaml and a.yml would share the page"), "\(result.errorText)")
    #expect(folder.read("site/a.html") == nil && folder.read("site/index.html") == nil)
  }

  @Test func aPageTheReportDidNotWriteIsNeverReplaced() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try Self.scenarios(named: ["a.yaml"], in: folder)
    try folder.write("site/index.html", "my own page\n")
    let refused = try runRacelab(["report", input, "--out", folder.path("site")])
    #expect(refused.status == 2)
    #expect(refused.errorText.contains("was not written by racelab report; refusing to replace it"))
    #expect(folder.read("site/index.html") == Data("my own page\n".utf8))
    #expect(folder.read("site/a.html") == nil)

    // Its own pages, it replaces.
    try FileManager.default.removeItem(atPath: folder.path("site/index.html"))
    #expect(try runRacelab(["report", input, "--out", folder.path("site")]).status == 0)
    let again = try runRacelab(["report", input, "--out", folder.path("site")])
    #expect(again.status == 0, "\(again.errorText)")
  }

  @Test func leftoversOfAKilledReportAreRemovedAndALiveOnesAreKept() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try Self.scenarios(named: ["a.yaml"], in: folder)
    // No process has the id 2^22 + 1 on Linux (pid_max is at most 2^22); this test's does.
    try folder.write("site/.a.html.racelab-tmp-4194305", "half a page")
    let live = ".index.html.racelab-tmp-\(getpid())"
    try folder.write("site/\(live)", "being written")
    let result = try runRacelab(["report", input, "--out", folder.path("site")])
    #expect(result.status == 0, "\(result.errorText)")
    #expect(result.errorText.contains("left by an interrupted report"))
    #expect(folder.read("site/.a.html.racelab-tmp-4194305") == nil)
    #expect(folder.read("site/\(live)") != nil)
  }

  @Test func aFileWithErrorsHasThemOnItsPage() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("in/broken.yaml", "name: broken\nmodel: ./nonexistent.model.yaml\n")
    let result = try runRacelab(["report", folder.path("in"), "--out", folder.path("site")])
    #expect(result.status == 2)
    let page = try #require(folder.read("site/broken.html"))
    let reading = try #require(ReportReading.read(page))
    #expect(
      reading.preformatted.contains {
        $0.contains("broken.yaml:2:8: error: model file './nonexistent.model.yaml' not found")
      }, "\(reading.preformatted)")
  }

  @Test func linksToPagesWithUnusualNamesArePercentEncoded() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try Self.scenarios(named: ["h#ash.yaml", "q?uery.yaml", "pc%41.yaml"], in: folder)
    let result = try runRacelab(["report", input, "--out", folder.path("site")])
    #expect(result.status == 0, "\(result.errorText)")
    let index = try #require(folder.read("site/index.html"))
    let reading = try #require(ReportReading.read(index))
    #expect(Set(reading.links).isSuperset(of: ["h%23ash.html", "q%3Fuery.html", "pc%2541.html"]))
    for link in ["h%23ash.html", "q%3Fuery.html", "pc%2541.html"] {
      let file = try #require(link.removingPercentEncoding)
      #expect(folder.read("site/\(file)") != nil, "\(link) leads to no page")
    }
  }

  @Test func aTitleWithCharactersXMLForbidsStaysWellFormed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let source = try String(
      contentsOf: repositoryRoot.appendingPathComponent(HardeningSecondPassTests.scenario),
      encoding: .utf8)
    let title = "title: \"a\\uFFFEb \\u202Eevil\\u202C c\""
    try folder.write(
      "in/odd.yaml",
      source.split(separator: "\n").map { $0.hasPrefix("title:") ? title : String($0) }
        .joined(separator: "\n") + "\n")
    let svg = try runRacelab(["run", folder.path("in/odd.yaml"), "--format", "svg"])
    #expect(svg.status != 2, "\(svg.errorText)")
    #expect(ReportReading.read(svg.output) != nil, "the picture is not well-formed XML")
    #expect(svg.outputText.contains(#"a\u{FFFE}b \u{202E}evil\u{202C} c"#))
    let report = try runRacelab(["report", folder.path("in"), "--out", folder.path("site")])
    #expect(report.status == 0, "\(report.errorText)")
    for page in ["index.html", "odd.html"] {
      #expect(ReportReading.read(try #require(folder.read("site/\(page)"))) != nil, "\(page)")
    }
    let text = try runRacelab(["run", folder.path("in/odd.yaml")])
    #expect(!text.outputText.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0xFFFE })
  }

  @Test func aModelsAboutCannotDriveTheTerminal() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let model = """
      kind: model
      name: tiny
      about: "hello \\x1B]8;;http://x\\x07click\\x1B]8;;\\x07 \\u202Eend"
      processes:
        app:
          lanes: {main: serial}
          memory:
            n: {type: int, default: 0}
      events:
        tick:
          process: app
          steps:
            - set: {app.n: "app.n + 1"}
      summary:
        n: app.n

      """
    try folder.write("m.model.yaml", model)
    let result = try runRacelab(["schema", folder.path("m.model.yaml")])
    #expect(result.status == 0, "\(result.errorText)")
    #expect(!result.outputText.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(!result.outputText.unicodeScalars.contains { $0.value == 0x202E })
    #expect(result.outputText.contains(#"\u{1B}]8;;http://x\u{07}click"#))
  }
}
