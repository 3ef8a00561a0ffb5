import CommandTestSupport
import Commands
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `racelab compare`: one scenario under several variants or runtimes, as one trace.
struct CompareCommandTests {
  static let busyMain = repositoryScenarios.appendingPathComponent(
    "review-prompt/canonical/busy-main-disappear-original.yaml"
  ).path

  func compare(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    let result = try runRacelab(["compare"] + arguments)
    return (result.status, result.outputText, result.errorText)
  }

  @Test("--format svg draws the runs side by side and shades exactly the lines that differ")
  func thePictureShadesTheRowsThatDiffer() throws {
    let arguments = [Self.busyMain, "--variants", "original,cancel-guard"]
    let text = try compare(arguments)
    let picture = try compare(arguments + ["--format", "svg"])
    #expect(picture.status == 0)
    #expect(picture.error == "")
    #expect(try compare(arguments + ["--format", "svg"]).output == picture.output)
    let reading = try #require(SVGReading.read(picture.output), "the picture is well-formed XML")
    #expect(reading.elements.first == "svg")
    #expect(reading.texts.contains("A  variant original · runtime swift"))
    #expect(reading.texts.contains("B  variant cancel-guard · runtime swift"))
    // The text comparison marks a line only some runs have with ≠ after the run letters.
    let differing = text.output.split(separator: "\n").filter { $0.dropFirst(3).first == "≠" }
    #expect(differing.count > 0)
    #expect(reading.texts.filter { $0 == "≠" }.count == differing.count)
    #expect(
      reading.texts.contains { $0.hasPrefix("      guard !Task.isCancelled → cancelled, returns") })
    // The answer wraps within its column: its lines, joined, are the answer.
    #expect(
      reading.texts.joined(separator: " ").replacingOccurrences(of: "   ", with: " ").contains(
        "HARM: the request was cancelled when the screen went away, yet it fired, and the "
          + "attempt was recorded while the completion screen was not in front of the user"))
  }

  @Test func theGuardsDivergeWhereTheResumptionRuns() throws {
    let run = try compare([Self.busyMain, "--variants", "foreground-guard,cancel-guard"])
    #expect(run.status == 0)
    #expect(run.error == "")
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    #expect(lines[1] == "A  variant foreground-guard · runtime swift")
    #expect(lines[2] == "B  variant cancel-guard · runtime swift")
    // The resumption is shared; the lines right after it are where the guards part.
    let resumes = try #require(lines.firstIndex { $0.contains("T1 resumes") })
    #expect(lines[resumes].hasPrefix("AB "))
    #expect(lines[resumes + 1].hasPrefix("A  ≠") && lines[resumes + 1].contains("T1 calls fire"))
    let guardLine = try #require(
      lines.firstIndex { $0.contains("guard !Task.isCancelled → cancelled") })
    #expect(lines[guardLine].hasPrefix(" B ≠"))
    #expect(
      lines.contains(
        "A  HARM: the request was cancelled when the screen went away, yet it fired, and the "
          + "attempt was recorded while the completion screen was not in front of the user: this "
          + "version's one review request used after the user left the completion screen: its "
          + "prompt, if shown at all, lands on another screen"))
    #expect(lines.contains("B  OK: cooldown kept: no review requested yet, still pending"))
    let header = try #require(lines.firstIndex { $0.hasPrefix("runs ") })
    #expect(
      lines.contains(
        "first difference: trace line \(resumes - header + 1), in the happening at 2.050s · "
          + "T1 resumes"))
  }

  @Test func everyVariantByDefaultAndBothRuntimes() throws {
    let run = try compare([Self.busyMain, "--runtimes", "swift,kotlin"])
    #expect(run.status == 0)
    let legend = run.output.split(separator: "\n").dropFirst().prefix(6).map(String.init)
    #expect(legend.allSatisfy { $0.contains(" · runtime ") })
    #expect(legend.first == "A  variant cancel-guard · runtime swift")
    #expect(legend.last == "F  variant foreground-guard · runtime kotlin")
    #expect(run.output.contains("CancellationException"))
  }

  @Test func oneVariantTwiceIsTheSameTrace() throws {
    let run = try compare([Self.busyMain, "--variants", "original,original"])
    #expect(run.status == 0)
    #expect(!run.output.contains("≠"))
    #expect(run.output.hasSuffix("the traces are the same\n"))
  }

  @Test func theSameBytesInEveryProcess() throws {
    let first = try compare([Self.busyMain])
    let second = try compare([Self.busyMain])
    #expect(first.output == second.output)
    #expect(!first.output.isEmpty)
  }

  @Test func mistakesAreReported() throws {
    let table = repositoryScenarios.appendingPathComponent(
      "eligibility/eligibility-truth-table.yaml"
    ).path
    let cases: [([String], String)] = [
      ([table], "compare needs a timeline, not a table"),
      ([Self.busyMain, "--variants", "orignal"], "has no variant 'orignal'"),
      ([Self.busyMain, "--runtimes", "swift,jvm"], "unknown runtime 'jvm'"),
      ([Self.busyMain, "--variants", "original,"], "--variants takes names separated by commas"),
      (
        [
          Self.busyMain, "--variants",
          Array(repeating: "original", count: 14).joined(separator: ","),
          "--runtimes", "swift,kotlin",
        ],
        "compare shows 1 to 26 runs"
      ),
      ([repositoryScenarios.path], "compare takes exactly one scenario file"),
      ([Self.busyMain, Self.busyMain], "compare takes exactly one scenario file"),
    ]
    for (arguments, message) in cases {
      let run = try compare(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.output == "")
      #expect(run.error.contains(message), "\(arguments): \(run.error)")
    }
  }
}
