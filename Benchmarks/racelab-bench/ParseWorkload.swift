import Commands
import RacelabKernel
import ScenarioFormat

/// A review-prompt scenario with `happenings` timeline entries, about 50 bytes each, that
/// `racelab` accepts: alternating screen events and wins, one per millisecond, with comments.
func generatedScenario(happenings: Int) -> String {
  var text = """
    name: generated-parse-benchmark
    title: Generated scenario for the parse benchmark
    model: review-prompt
    variant: original
    clock:
      start: 2026-08-15T21:00:00+09:00
    app:
      version: 1.4.0
      wins: 4
    timeline:

    """
  let events = ["game-won", "screen-show", "screen-disappear"]
  for index in 0..<happenings {
    text += "  - at: \(index)ms\n    event: \(events[index % events.count])  # entry \(index)\n"
  }
  return text
}

/// Parses and decodes `bytes` as `racelab` does; returns the number of happenings.
func loadScenario(_ bytes: [UInt8]) -> Int {
  switch ScenarioLoader.load(bytes, models: reviewPromptVocabulary) {
  case .success(let scenario):
    guard case .timeline(let timeline) = scenario.content else { return -1 }
    return timeline.count
  case .failure(let diagnostics):
    printError("racelab-bench: the generated scenario was rejected: \(diagnostics)")
    return -1
  }
}

/// The vocabulary scenarios of `model: review-prompt` are decoded against, read once: the
/// workload times the scenario's decoding, not the model file's.
let reviewPromptVocabulary = reviewPromptModel().map { [$0.vocabulary] } ?? []
