// Fuzz target: the schedule-token parser (Sources/Commands/ScheduleToken.swift), what
// `racelab run --schedule TOKEN` reads. The type is internal to Commands, so this target
// imports it the way the unit tests would (`.ci/fuzz/run` compiles the library modules with
// -enable-testing). Any text is either refused or parsed to a token that prints as text which
// parses back to the same token; never a crash, a hang or a sanitizer report.
@testable import Commands

/// libFuzzer's entry point: parses one input as a token and checks that it reads back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScheduleToken(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  // Arguments reach racelab as strings; invalid UTF-8 is repaired the same way.
  let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
  guard let token = ScheduleToken(text) else { return 0 }
  let printed = token.text
  guard let again = ScheduleToken(printed) else {
    fatalError("fuzz property failed: '\(text)' parses but its text '\(printed)' does not")
  }
  require(again == token, "'\(text)' and its text '\(printed)' parse to different tokens")
  require(again.text == printed, "'\(printed)' prints as '\(again.text)'")
  let positions = token.schedule.deviations.map(\.position)
  require(positions == positions.sorted(), "'\(text)': deviations out of order")
  require(Set(positions).count == positions.count, "'\(text)': a position appears twice")
  require(
    token.schedule.deviations.allSatisfy { $0.position >= 0 && $0.alternative > 0 },
    "'\(text)': a deviation with a negative position or no alternative")
  return 0
}
