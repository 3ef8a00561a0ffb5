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

/// An exploration too large to finish: a budget bounds it, a terminal shows progress, and
/// `SIGINT` stops it with a report of what was covered.
@Suite(.serialized) struct LongExplorationTests {
  /// Eight busy jobs anywhere in five seconds: far more schedules than anyone waits for.
  static let huge =
    "name: huge\nmodel: review-prompt\ntimeline:\n  - {at: 0s, event: game-won}\n"
    + "  - {at: 0s, event: screen-show}\n"
    + String(repeating: "  - {at: 0s..5s, event: main-busy, for: 10ms}\n", count: 8)

  @Test func maxSchedulesBoundsTheWorkOfManySameInstantEvents() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "same.yaml",
      "name: same\nmodel: review-prompt\ntimeline:\n"
        + String(repeating: "  - {at: 1ns, event: window-attach}\n", count: 400))
    let result = try runRacelab(["explore", folder.path("same.yaml"), "--max-schedules", "1"])
    #expect(result.status == 1)
    #expect(result.outputText.contains("\n1 schedule · "))
    #expect(result.outputText.contains("space not covered (stopped at --max-schedules 1)"))
  }

  @Test func aSampleLargerThanTheDefaultBudgetStopsThere() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("huge.yaml", Self.huge)
    let result = try runRacelab([
      "explore", folder.path("huge.yaml"), "--random", "1000000000000", "--max-schedules", "20",
    ])
    #expect(result.outputText.contains("random 1,000,000,000,000, seed 1 (stopped at 20: "))
    #expect(result.outputText.contains("\n20 schedules · "))
  }

  @Test func interruptStopsAndReportsWhatWasCovered() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("huge.yaml", Self.huge)
    let run = try TerminalRun(["explore", folder.path("huge.yaml")], in: folder.url)
    // The gate: the progress line shows the exploration is under way.
    try run.waitFor("schedules/s")
    run.process.interrupt()
    run.process.waitUntilExit()
    let output = run.finish()
    #expect(run.process.terminationReason == .exit)
    #expect(run.process.terminationStatus == 1)
    #expect(output.contains("exhaustive (interrupted)"))
    #expect(output.contains("complete: false"))
    #expect(output.contains("space not covered (interrupted)"))
  }
}

/// The built `racelab` with standard output and error on one pseudo-terminal, read while it
/// runs.
final class TerminalRun: @unchecked Sendable {
  // Safe: `received` and `waiting` are only touched under `lock`; `process` is started once.
  let process = Process()
  private let master: Int32
  private let lock = NSLock()
  private var received: [UInt8] = []
  private var waiting: (marker: String, gate: DispatchSemaphore)?
  private let done = DispatchSemaphore(value: 0)

  init(_ arguments: [String], in directory: URL) throws {
    let executable = try #require(racelabExecutable())
    let functions = try #require(PseudoTerminalFunctions())
    master = functions.open(O_RDWR | O_NOCTTY)
    try #require(master >= 0 && functions.grant(master) == 0 && functions.unlock(master) == 0)
    let name = try #require(functions.name(master).map { String(cString: $0) })
    let terminal = open(name, O_RDWR | O_NOCTTY)
    try #require(terminal >= 0)
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = racelabEnvironment([:])
    process.standardOutput = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
    process.standardError = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    close(terminal)
    Thread { [self] in
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(master, &buffer, buffer.count)
        if count <= 0 { break }
        lock.withLock {
          received += buffer[..<count]
          if let waiting, String(decoding: received, as: UTF8.self).contains(waiting.marker) {
            waiting.gate.signal()
            self.waiting = nil
          }
        }
      }
      done.signal()
    }.start()
  }

  /// Returns once the terminal has shown `marker`.
  func waitFor(_ marker: String) throws {
    let gate = DispatchSemaphore(value: 0)
    let seen = lock.withLock { () -> Bool in
      if String(decoding: received, as: UTF8.self).contains(marker) { return true }
      waiting = (marker, gate)
      return false
    }
    if !seen { gate.wait() }
  }

  /// Everything the terminal received, once the process has exited.
  func finish() -> String {
    done.wait()
    close(master)
    return lock.withLock { String(decoding: received, as: UTF8.self) }
  }
}

/// A schedule token is lowercase hex and ASCII digits, as racelab prints it; anything else is
/// "not a schedule token", never "made for another version".
@Suite struct ScheduleTokenSpellingTests {
  @Test(arguments: ["9BB13F5C:default", "9bb13f5c:１=1", "9bb13f5c:+1=1", "9bb13f5c:1=+1"])
  func otherSpellingsAreNotTokens(_ token: String) throws {
    let result = try runRacelab([
      "run", "scenarios/explore/busy-main-window-original.yaml", "--schedule", token,
    ])
    #expect(result.status == 2)
    #expect(result.errorText.contains("is not a schedule token"))
  }
}
