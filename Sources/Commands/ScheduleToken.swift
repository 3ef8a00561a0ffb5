import RacelabKernel

/// A schedule as short, copy-pasteable text, bound to the scenario it was made for:
/// `3fa2c9d1:12=1,15=2` (the scenario's hash, then each deviation from the default as
/// `position=alternative`), or `3fa2c9d1:default`.
struct ScheduleToken: Equatable {
  var scenarioHash: String
  var schedule: Schedule

  /// The hash that binds a token to a scenario: the file's bytes and the variant and runtime
  /// it runs with, so a token from an edited file (or other overrides) is refused.
  static func hash(bytes: [UInt8], variant: String, runtime: String) -> String {
    var value: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes + [0] + Array(variant.utf8) + [0] + Array(runtime.utf8) {
      value = (value ^ UInt64(byte)) &* 0x0100_0000_01B3
    }
    let folded = UInt32(truncatingIfNeeded: value ^ (value >> 32))
    let hex = String(folded, radix: 16)
    return String(repeating: "0", count: 8 - hex.count) + hex
  }

  var text: String {
    "\(scenarioHash):\(schedule.text)"
  }

  /// Parses a token; `nil` when it is not one.
  init?(_ text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    let lowercaseHex = Set("0123456789abcdef")
    guard parts.count == 2, parts[0].count == 8, parts[0].allSatisfy(lowercaseHex.contains),
      let schedule = Schedule(text: parts[1])
    else {
      return nil
    }
    scenarioHash = String(parts[0])
    self.schedule = schedule
  }

  init(scenarioHash: String, schedule: Schedule) {
    self.scenarioHash = scenarioHash
    self.schedule = schedule
  }
}
