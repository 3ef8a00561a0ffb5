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
