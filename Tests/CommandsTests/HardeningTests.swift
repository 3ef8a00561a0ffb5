import Foundation
import Testing

@testable import Commands

/// Regression tests for hostile arguments: no trap, no allocation driven by a flag, no sloppy
/// parse.
@Suite struct HardeningTests {
  @Test func randomRunsSplitWithoutOverflowForAnyCount() {
    for runs in [Int.max, Int.max - 1, 1_000_000_007, 3, 1, 0] {
      for chunks in [1, 2, 3, 7] {
        let ranges = (0..<chunks).map {
          Exploration.sampleRange(chunk: $0, of: chunks, runs: runs)
        }
        #expect(ranges.first?.lowerBound == 0)
        #expect(ranges.last?.upperBound == runs)
        for (earlier, later) in zip(ranges, ranges.dropFirst()) {
          #expect(earlier.upperBound == later.lowerBound)
        }
      }
    }
  }

  @Test func randomChunksAreBoundedByTheCoresNotByTheFlag() {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    #expect(Exploration.sampleChunks(runs: 1_000_000_000, jobs: 1_000_000_000) <= cores)
    #expect(Exploration.sampleChunks(runs: Int.max, jobs: Int.max) <= cores)
    #expect(Exploration.sampleChunks(runs: 1, jobs: 8) == 1)
    #expect(Exploration.sampleChunks(runs: 0, jobs: 8) == 1)
  }

  @Test(arguments: ["1/x/2", "1//2", "+1/2", "1/2/", "/2", "1/", "１/2"])
  func malformedShardsAreUsageErrors(_ shard: String) throws {
    let file = repositoryRoot.appendingPathComponent(
      "scenarios/explore/show-window-s5-original.yaml"
    ).path
    let result = try runRacelab(["explore", file, "--shard", shard])
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errorText.contains("--shard takes I/N"))
  }
}

/// `check --update` never writes outside the traces folder, never through a symbolic link,
/// keeps a golden's permissions, names its temporary files so leftovers are found, and says in
/// plain words what is wrong with a golden it cannot use.
@Suite(.serialized) struct GoldenSafetyTests {
  let golden = "traces/review-prompt/canonical/busy-main-disappear-original.trace"
  let scenario = "scenarios/review-prompt/canonical/busy-main-disappear-original.yaml"

  /// A sandbox whose one scenario's trace no longer matches its golden.
  func staleSandbox() throws -> TemporaryFolder {
    let folder = try makeSandbox()
    let text = String(decoding: try #require(folder.read(golden)), as: UTF8.self)
    try folder.write(golden, text.replacingOccurrences(of: "ATTEMPT RECORDED", with: "EDITED"))
    return folder
  }

  @Test func aSymlinkedSubFolderIsNotWrittenThrough() throws {
    let folder = try staleSandbox()
    defer { folder.remove() }
    let outside = try TemporaryFolder()
    defer { outside.remove() }
    let fileManager = FileManager.default
    try fileManager.moveItem(
      atPath: folder.path("traces/review-prompt"), toPath: outside.path("elsewhere"))
    try fileManager.createSymbolicLink(
      atPath: folder.path("traces/review-prompt"), withDestinationPath: outside.path("elsewhere"))
    let before = outside.snapshot()
    let result = try runRacelab(["check", "--update"], in: folder.url)
    #expect(result.status == 1)
    #expect(result.errorText.contains("outside the traces folder"))
    #expect(outside.snapshot() == before)
  }

  @Test func aSymlinkedGoldenIsRefusedNotReplaced() throws {
    for dangling in [false, true] {
      let folder = try staleSandbox()
      defer { folder.remove() }
      let target = folder.path("target.trace")
      if !dangling { try folder.write("target.trace", "kept\n") }
      try FileManager.default.removeItem(atPath: folder.path(golden))
      try FileManager.default.createSymbolicLink(
        atPath: folder.path(golden), withDestinationPath: target)
      let plain = try runRacelab(["check"], in: folder.url)
      #expect(plain.outputText.contains("is a symbolic link; goldens must be regular files"))
      let update = try runRacelab(["check", "--update"], in: folder.url)
      #expect(update.status == 1)
      #expect(update.errorText.contains("is a symbolic link"))
      let attributes = try FileManager.default.attributesOfItem(atPath: folder.path(golden))
      #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
      #expect(folder.read("target.trace") == (dangling ? nil : Data("kept\n".utf8)))
    }
  }

  @Test func aReadOnlyGoldenKeepsItsMode() throws {
    let folder = try staleSandbox()
    defer { folder.remove() }
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o400], ofItemAtPath: folder.path(golden))
    let result = try runRacelab(["check", "--update"], in: folder.url)
    #expect(result.status == 0, "\(result.errorText)")
    let attributes = try FileManager.default.attributesOfItem(atPath: folder.path(golden))
    #expect(attributes[.posixPermissions] as? Int == 0o400)
    #expect(String(decoding: try #require(folder.read(golden)), as: UTF8.self).contains("ATTEMPT"))
  }

  @Test func aGoldenThatIsAFolderIsNamedInPlainWords() throws {
    let folder = try makeSandbox()
    defer { folder.remove() }
    try FileManager.default.removeItem(atPath: folder.path(golden))
    try FileManager.default.createDirectory(
      atPath: folder.path(golden), withIntermediateDirectories: false)
    let plain = try runRacelab(["check"], in: folder.url)
    #expect(plain.status == 1)
    #expect(plain.outputText.contains("is a folder, not a golden file"))
    let update = try runRacelab(["check", "--update"], in: folder.url)
    #expect(update.errorText.contains("is a folder, not a golden file; refusing to replace it"))
    #expect(!update.errorText.contains("NSCocoaErrorDomain"))
  }

  @Test func leftoversOfAnInterruptedUpdateAreReportedThenRemoved() throws {
    let folder = try makeSandbox()
    defer { folder.remove() }
    let leftover = "traces/review-prompt/canonical/.x.trace\(".racelab-tmp-")4242"
    try folder.write(leftover, "half a trace")
    let plain = try runRacelab(["check"], in: folder.url)
    #expect(plain.status == 0)
    #expect(plain.errorText.contains("was left by an interrupted check --update"))
    #expect(folder.read(leftover) != nil)
    let update = try runRacelab(["check", "--update"], in: folder.url)
    #expect(update.errorText.contains("removed"))
    #expect(folder.read(leftover) == nil)
  }

  @Test func aFileSizeLimitIsAMessageNotAKill() throws {
    let folder = try staleSandbox()
    defer { folder.remove() }
    let executable = try #require(racelabExecutable())
    let result = try runCommand(
      "/bin/sh", ["-c", "ulimit -f 1; exec \"$0\" check --update", executable.path],
      in: folder.url)
    #expect(result.status == 1, "killed or wrong status: \(result.errorText)")
    #expect(result.errorText.contains("cannot write"))
    #expect(result.errorText.contains("too large"))
    #expect(!folder.snapshot().keys.contains { $0.contains(".racelab-tmp-") })
  }
}
