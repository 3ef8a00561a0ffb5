import Commands
import Foundation
import Testing

/// The command line as a newcomer meets it, through the built executable: every printed
/// replay command works when pasted, shards merge into the whole verdict, sub-folders map to
/// their goldens, verdicts say what differs, and files come from folders or standard input.
@Suite(.serialized)
struct NewcomerTests {
  let windowOriginal = "scenarios/explore/busy-main-window-original.yaml"

  /// The words of every `replay: racelab …` command in `text`, without `racelab`.
  func replayCommands(in text: String) -> [[String]] {
    text.split(separator: "\n").compactMap { line -> [String]? in
      guard let range = line.range(of: "replay: racelab ") else { return nil }
      return line[range.upperBound...].split(separator: " ").map(String.init)
    }
  }

  @Test(arguments: [["--variant", "foreground-guard"], ["--runtime", "kotlin"], []])
  func everyPrintedReplayCommandWorksPasted(_ overrides: [String]) throws {
    let explored = try runRacelab(["explore", windowOriginal] + overrides)
    let commands = replayCommands(in: explored.outputText)
    #expect(!commands.isEmpty)
    for command in commands {
      #expect(Array(command.suffix(2 + overrides.count).dropLast(2)) == overrides)
      let replayed = try runRacelab(command)
      #expect(replayed.status != 2, "\(command): \(replayed.errorText)")
      #expect(replayed.outputText.contains("schedule \(command.last ?? "")"))
    }
  }

  @Test func aTokenUsedWithoutItsOverrideSaysWhichFlagItNeeds() throws {
    let explored = try runRacelab(["explore", windowOriginal, "--variant", "foreground-guard"])
    let command = try #require(replayCommands(in: explored.outputText).first)
    let token = try #require(command.last)
    let plain = try runRacelab(["run", windowOriginal, "--schedule", token])
    #expect(plain.status == 2)
    #expect(plain.errorText.contains("it was made with --variant foreground-guard"))
    let other = try runRacelab([
      "run", windowOriginal, "--variant", "cancel-guard", "--schedule", token,
    ])
    #expect(other.errorText.contains("it was made with --variant foreground-guard"))
  }

  @Test func shardsPassAloneAndMergeIntoTheWholeVerdict() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var outputs: [String] = []
    for index in 1...3 {
      let part = try runRacelab([
        "explore", windowOriginal, "--shard", "\(index)/3", "--format", "json",
      ])
      #expect(part.status == 0, "shard \(index) failed alone: \(part.outputText)")
      try folder.write("shard-\(index).json", part.outputText)
      outputs.append(folder.path("shard-\(index).json"))
      let text = try runRacelab(["explore", windowOriginal, "--shard", "\(index)/3"])
      #expect(text.outputText.contains("nothing unexpected in shard \(index)/3"))
    }
    let whole = try runRacelab(["explore", windowOriginal])
    let merged = try runRacelab(["explore", "--merge"] + outputs)
    #expect(merged.status == 0, "\(merged.outputText)\(merged.errorText)")
    #expect(merged.outputText.contains("→ as expected"))
    let schedules = whole.outputText.split(separator: "\n")[2].split(separator: "·")[0]
    #expect(merged.outputText.contains(String(schedules)))
    for command in replayCommands(in: merged.outputText) {
      #expect(try runRacelab(command).status != 2)
    }

    let partial = try runRacelab(["explore", "--merge"] + outputs.prefix(2))
    #expect(partial.status == 1)
    #expect(partial.outputText.contains("space not covered (shard 3 missing)"))
  }

  @Test func moreShardsThanSubtreesIsAWarningNamingTheCount() throws {
    let result = try runRacelab(["explore", windowOriginal, "--shard", "50/100"])
    #expect(result.status == 0)
    #expect(result.errorText.contains("racelab: warning: "))
    #expect(result.errorText.contains("subtrees, so shard 50/100 has nothing to explore"))
    #expect(result.outputText.contains("0 schedules"))
  }

  @Test func aSubFolderMapsToTheSameSubFolderOfTheTraces() throws {
    let folder = try makeSandbox()
    defer { folder.remove() }
    let before = folder.snapshot()
    let checked = try runRacelab(["check", "scenarios/review-prompt"], in: folder.url)
    #expect(checked.status == 0, "\(checked.outputText)\(checked.errorText)")
    #expect(!checked.errorText.contains("orphaned"))
    #expect(checked.outputText.contains("check: 3 scenarios · 3 passed"))
    let explicit = try runRacelab(
      ["check", "scenarios/review-prompt", "--traces", "traces"], in: folder.url)
    #expect(explicit.status == 0)
    try folder.write(
      "scenarios/review-prompt/canonical/new.yaml",
      "name: new\nmodel: review-prompt\ntimeline: []\n")
    let updated = try runRacelab(
      ["check", "scenarios/review-prompt/canonical", "--update"], in: folder.url)
    #expect(updated.status == 0)
    #expect(folder.read("traces/review-prompt/canonical/new.trace") != nil)
    #expect(folder.snapshot().count == before.count + 2)
  }

  @Test func ymlFilesAreCheckedNotSkipped() throws {
    let folder = try makeSandbox()
    defer { folder.remove() }
    try folder.write("scenarios/extra.yml", "name: extra\nmodel: review-prompt\ntimeline: []\n")
    let result = try runRacelab(["check"], in: folder.url)
    #expect(result.status == 1)
    #expect(result.outputText.contains("scenarios/extra.yml: missing golden traces/extra.trace"))
  }

  @Test func verdictsNameWhatDiffers() throws {
    let limited = try runRacelab(["explore", windowOriginal, "--max-schedules", "50"])
    #expect(limited.status == 1)
    #expect(limited.outputText.contains("\n50 schedules · "))
    #expect(
      limited.outputText.contains("space not covered (stopped at --max-schedules 50)"))
    let wrong = try runRacelab([
      "explore", "scenarios/explore/busy-main-window-cancel-guard.yaml", "--max-schedules", "1",
    ])
    #expect(wrong.outputText.contains("\n1 schedule · "))

    let whole = try runRacelab(["explore", windowOriginal])
    // Both invariants break in the same shortest schedule: its trace is printed once.
    #expect(whole.outputText.components(separatedBy: "    racelab · review-prompt").count == 2)
    #expect(whole.outputText.contains("the one shown for attempt-while-visible above"))

    let sampled = try runRacelab(["explore", "scenarios/explore/busy-evening-random.yaml"])
    #expect(sampled.outputText.contains("2,000 schedules"))
  }

  @Test func aReplayedTraceMarksAChosenOrder() throws {
    let file = "scenarios/review-prompt/canonical/disappear-at-timer-instant-original.yaml"
    let explored = try runRacelab(["explore", file])
    let reordered = replayCommands(in: explored.outputText).filter {
      $0.last?.hasSuffix(":default") == false
    }
    var marked = 0
    for command in reordered {
      let trace = try runRacelab(command).outputText
      if trace.contains("order chosen: applied before") { marked += 1 }
    }
    #expect(marked >= 1)
    let plain = try runRacelab(["run", file]).outputText
    #expect(!plain.contains("order chosen"))
  }

  @Test func filesComeFromFoldersAndStandardInput() throws {
    let folderRun = try runRacelab(["run", "scenarios/explore"])
    #expect(folderRun.status == 0)
    #expect(folderRun.outputText.components(separatedBy: "\nracelab · review-prompt").count == 10)

    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(
        "scenarios/review-prompt/canonical/happy-path-original.yaml"), encoding: .utf8)
    let piped = try runRacelab(["run", "-"], input: Data(text.utf8))
    #expect(piped.status == 0)
    #expect(piped.outputText.contains("\nOK: cooldown consumed, as intended: "))
    let bad = try runRacelab(["run", "-"], input: Data("name: x\nmodel: nope\n".utf8))
    #expect(bad.status == 2)
    #expect(bad.errorText.hasPrefix("<stdin>:2:8: error: "))

    let missing = try runRacelab(["run", "no/such.yaml"])
    #expect(missing.errorText == "racelab: error: no/such.yaml: no such file\n")
    let formatless = try runRacelab(["run", "x.yaml", "--format"])
    #expect(formatless.errorText.contains("--format needs a value: text|json"))
    let helpHelp = try runRacelab(["help", "help"])
    #expect(helpHelp.status == 0)
    #expect(helpHelp.outputText.hasPrefix("usage: racelab help [COMMAND]"))
  }

  @Test func aCustomTaskBodySaysSoAndAdvisesNoVariant() throws {
    let trace = try runRacelab([
      "run", "scenarios/review-prompt/canonical/try-question-mark-disappear-original.yaml",
    ]).outputText
    #expect(trace.hasPrefix("racelab · review-prompt · runtime swift · custom task body\n"))
    #expect(!trace.contains("variant cancel-guard"))
  }

  @Test func colourOnATerminalForTracesExploreAndDiagnostics() throws {
    let file = "scenarios/review-prompt/canonical/busy-main-disappear-original.yaml"
    let run = try runRacelabOnTerminal(["run", file], in: repositoryRoot, environment: [:])
    #expect(run.output.contains("\u{1B}[1;31m!!"))
    #expect(run.output.contains("\u{1B}[32m✓\u{1B}[0m"))
    #expect(run.output.contains("\u{1B}[1mHARM: the request was cancelled"))
    let explore = try runRacelabOnTerminal(
      ["explore", windowOriginal], in: repositoryRoot, environment: [:])
    #expect(explore.output.contains("\u{1B}[1;31m!!"))
    let diagnostic = try runRacelabOnTerminal(
      ["run", "no/such.yaml"], in: repositoryRoot, environment: [:], errorToo: true)
    #expect(diagnostic.output.contains("\u{1B}[31merror:\u{1B}[0m"))
    let malformed = try runRacelabOnTerminal(
      ["run", "-"], in: repositoryRoot, environment: [:], errorToo: true)
    #expect(malformed.status == 2)
    #expect(malformed.output.contains("<stdin>:1:1: \u{1B}[31merror:\u{1B}[0m"))
    for environment: [String: String?] in [["NO_COLOR": "1"]] {
      let plain = try runRacelabOnTerminal(
        ["run", file], in: repositoryRoot, environment: environment, errorToo: true)
      #expect(!plain.output.contains("\u{1B}"))
    }
    let piped = try runRacelab(["explore", windowOriginal])
    #expect(!piped.output.contains(0x1B))
  }

  /// The version is one: `--version`, the CHANGELOG's latest entry, and the pins and the
  /// version printed in the README and the articles.
  @Test func oneVersion() throws {
    let version = try runRacelab(["--version"]).outputText
    let number = try #require(version.firstMatch(of: /^racelab ([0-9]+\.[0-9]+\.[0-9]+)\n$/)).1
    let changelog = try String(
      contentsOf: repositoryRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let latest = try #require(changelog.firstMatch(of: #/\n## ([0-9]+\.[0-9]+\.[0-9]+) — /#)).1
    #expect(latest == number)
    let readme = repositoryRoot.appendingPathComponent("README.md")
    let package = documentationCatalogue.appendingPathComponent("RacelabInYourPackage.md")
    for url in [readme, package] {
      let text = try String(contentsOf: url, encoding: .utf8)
      #expect(text.contains("from: \"\(number)\")"), "\(url.lastPathComponent) pins it")
      #expect(text.contains("`v\(number)`"), "\(url.lastPathComponent) names the tag")
    }
    // What `racelab --version` prints where the installation is shown.
    let gettingStarted = documentationCatalogue.appendingPathComponent("GettingStarted.md")
    for url in [readme, gettingStarted] {
      let text = try String(contentsOf: url, encoding: .utf8)
      let shown = text.matches(of: /racelab --version +# (.*)\n/).map { String($0.1) }
      #expect(shown == [version.trimmingCharacters(in: .newlines)], "\(url.lastPathComponent)")
    }
  }

  @Test func theCommandsArticlesTableIsTheDeclaration() throws {
    let article = try String(
      contentsOf: documentationCatalogue.appendingPathComponent("Commands.md"), encoding: .utf8)

    #expect(
      article.contains(CommandCatalog.markdownTable),
      "Commands.md's table should be:\n\(CommandCatalog.markdownTable)")
    for command in CommandCatalog.commands {
      let help = try runRacelab(["help", command.name])
      #expect(help.outputText == command.usage)
    }
  }
}
