import CommandTestSupport
import Commands
import Foundation
import RacelabKernel
import TestSizes
import Testing

/// Bounded-response verdicts against an independent oracle: seeded timelines of verifications
/// and acknowledgements of two tokens, some stopped by `until:`, judged by racelab and by a
/// direct reading of the rule: each verification needs an acknowledgement of its token by 3
/// days later; unmet, it breaks unless `until:` stops the run before the deadline.
struct BoundedResponseOracleTests {
  /// One timeline entry: a verification or an acknowledgement of a token, at an hour.
  struct Entry {
    var verify: Bool
    var token: Int
    var hour: Int
  }

  /// What the oracle expects: whether `acknowledged-in-time` breaks.
  static func breaks(_ entries: [Entry], until: Int?) -> Bool {
    // Entries after until: never happen; the run stops there only if one was still due.
    let happened = until.map { stop in entries.filter { $0.hour <= stop } } ?? entries
    let stopped = until.map { stop in entries.contains { $0.hour > stop } } ?? false
    for entry in happened where entry.verify {
      let deadline = entry.hour + 72
      // Any acknowledgement of the token up to the deadline meets it, even one made before the
      // verification (the condition counts every acknowledgement recorded so far).
      let met = happened.contains { !$0.verify && $0.token == entry.token && $0.hour <= deadline }
      if met { continue }
      // Unmet: open, not broken, when until: stopped the run at or before the deadline; broken
      // when the clock passed the deadline or nothing was left to happen.
      if stopped, let until, until <= deadline { continue }
      return true
    }
    return false
  }

  /// Timeline `i` is the same at every size: they are drawn in order from one seed.
  static let timelineCount = TestSize.count(standard: 200, thorough: 1_000)

  @Test("seeded timelines: racelab's verdict is the oracle's")
  func seededTimelines() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("ack.model.yaml", BoundedResponseTests.acknowledgement)
    var random = SplitMix64(seed: 0x5EED_0B11)
    var disagreements: [String] = []
    var broken = 0
    for index in 0..<Self.timelineCount {
      let count = Int.random(in: 1...5, using: &random)
      let entries = (0..<count).map { _ in
        Entry(
          verify: Bool.random(using: &random), token: Int.random(in: 1...2, using: &random),
          hour: 12 * Int.random(in: 0...16, using: &random))
      }.sorted { $0.hour < $1.hour }
      let until = Bool.random(using: &random) ? 12 * Int.random(in: 1...20, using: &random) : nil
      var text = "name: oracle-\(index)\nmodel: ./ack.model.yaml\n"
      if let until { text += "until: \(until)h\n" }
      text += "timeline:\n"
      for entry in entries {
        text +=
          "  - {at: \(entry.hour)h, event: \(entry.verify ? "verify" : "acknowledge"), "
          + "token: \(entry.token)}\n"
      }
      let name = "oracle-\(index).yaml"
      try folder.write(name, text)
      let path = folder.url.appendingPathComponent(name).path
      let result = capture { RunCommand(files: [path]).execute(console: $0) }
      let racelab = result.output.contains("broken: acknowledged-in-time")
      let expected = Self.breaks(entries, until: until)
      if expected { broken += 1 }
      if racelab != expected {
        disagreements.append("\(text)→ racelab \(racelab), oracle \(expected)")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(3).joined(separator: "\n\n"))")
    // The generator reaches both verdicts often.
    let count = Self.timelineCount
    #expect(broken > count / 5 && broken < count * 4 / 5, "\(broken) of \(count) break")
  }
}
