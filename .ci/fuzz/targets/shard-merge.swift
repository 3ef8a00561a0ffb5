// Fuzz target: `racelab explore --merge`, joining shards' JSON outputs. Any bytes, split into
// the files of two shards, give either the merged verdict, whose numbers are whole and add
// up, or a one-line reason; never a crash, a trap on arithmetic, a hang or a sanitizer report.
import ModelContract
import Renderers
import Reports

/// libFuzzer's entry point: the input's lines go alternately to two shard files, so that a
/// seed of two shards' outputs (one per line) merges as `explore --merge a.json b.json` does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShardMerge(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzInput(data, size)
  var files: [[UInt8]] = [[], []]
  var line = 0
  for byte in bytes {
    files[line % 2].append(byte)
    if byte == 0x0A { line += 1 }
  }
  do throws(ShardMerge.Refusal) {
    let report = try ShardMerge.merge([("a.json", files[0]), ("b.json", files[1])])
    require(report.schedules >= 0, "merged a negative number of schedules")
    var total = 0
    for outcome in report.outcomes {
      require(outcome.count >= 1, "merged an outcome reached by \(outcome.count) schedules")
      let (sum, overflow) = total.addingReportingOverflow(outcome.count)
      require(!overflow, "the merged outcome counts overflow")
      total = sum
    }
    require(
      total == report.schedules,
      "the merged outcomes count \(total) schedules of \(report.schedules)")
    for violation in report.violations {
      require(
        violation.count >= 1 && violation.count <= report.schedules,
        "\(violation.name) is broken in \(violation.count) of \(report.schedules) schedules")
    }
  } catch {
    require(!error.message.isEmpty, "a refused merge gives no reason")
    require(
      !error.message.unicodeScalars.contains(where: VisibleText.isEscaped),
      "a refused merge's reason is not one line of visible text")
  }
  return 0
}
