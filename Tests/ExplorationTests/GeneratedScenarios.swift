import RacelabKernel

/// A seeded generator of small, valid review-prompt scenarios for the oracle: 1–3 windows whose
/// arrivals schedule their own later happenings (shows, disappears with transitions, busy
/// periods, relaunches, updates, suspends, scene changes), placed around the instants where
/// timers fire, transitions end and calendar days turn.
///
/// Every instant, window bound and duration is a whole number of milliseconds, so an outcome
/// depends only on the whole milliseconds of each arrival and on how the fractions of the
/// arrivals order (the region argument of timed automata): a sweep every quarter of a
/// millisecond meets every such region for up to three windows, which makes the sweep exact.
struct ScenarioGenerator {
  /// The same seed gives the same scenarios on every machine.
  private var random: SplitMix64

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// The `index`-th scenario's YAML text.
  mutating func scenario(_ index: Int) -> String {
    let variant = pick(["original", "foreground-guard", "cancel-guard"])
    let runtime = below(5) == 0 ? "kotlin" : "swift"
    let delay = 8 + below(10)
    let transition = 3 + below(8)
    let nearMidnight = below(6) == 0
    // Near midnight, everything happens around 1s, when the calendar day turns.
    let base = nearMidnight ? 1_000 : 0
    var happenings: [Happening] = [
      Happening(event: "game-won", at: base), Happening(event: "screen-show", at: base + below(3)),
    ]
    let timer = happenings[1].at + delay
    let anchors = [timer, timer - 1, timer + 1, timer - transition, base + delay / 2, timer + 2]
    for _ in 0..<(1 + below(4)) {
      happenings.append(extraHappening(at: max(base, pick(anchors)), transition: transition))
    }
    if below(4) == 0 {
      // A second show can schedule a second task, whose own timer the others race.
      happenings.append(Happening(event: "screen-show", at: timer + below(4)))
    }
    windowSome(&happenings)
    var lines = [
      "name: generated-\(index)", "model: review-prompt", "runtime: \(runtime)",
      "variant: \(variant)",
    ]
    if nearMidnight {
      // Eligible only from the next calendar day on (one day of cooldown).
      lines += [
        "clock:", "  start: 2026-08-15T23:59:59+00:00",
        "app: {version: 1.0.0, wins: 4, last-attempt: 2026-08-15, last-prompted-version: 0.9.0}",
        "config: {delay: \(delay)ms, transition: \(transition)ms, cooldown-days: 1}",
      ]
    } else {
      let prompted = below(4) == 0 ? ", last-prompted-version: 1.1.0" : ""
      lines += [
        "app: {version: 1.0.0, wins: \(below(3) == 0 ? 2 : 4)\(prompted)}",
        "config: {delay: \(delay)ms, transition: \(transition)ms}",
      ]
    }
    lines.append("timeline:")
    lines += happenings.map { "  - \($0.yaml)" }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One happening of the timeline; `window` is its width in ms when it has one.
  struct Happening {
    var event: String
    var at: Int
    var fields = ""
    var window: Int?

    var yaml: String {
      let when = window.map { "\(at)ms..\(at + $0)ms" } ?? "\(at)ms"
      return "{at: \(when), event: \(event)\(fields)}"
    }
  }

  private mutating func extraHappening(at instant: Int, transition: Int) -> Happening {
    switch below(12) {
    case 0, 1, 2:
      let fields = below(3) == 0 ? ", transition: none" : ", transition: \(1 + below(transition))ms"
      return Happening(event: "screen-disappear", at: instant, fields: fields)
    case 3, 4: return Happening(event: "main-busy", at: instant, fields: ", for: \(1 + below(6))ms")
    case 5:
      let state = pick(["foreground-inactive", "background", "foreground-active"])
      return Happening(event: "scene", at: instant, fields: ", state: \(state)")
    case 6: return Happening(event: "app-suspend", at: instant)
    case 7: return Happening(event: "app-resume", at: instant)
    case 8: return Happening(event: pick(["relaunch", "game-won"]), at: instant)
    case 9: return Happening(event: "app-update", at: instant, fields: ", version: 1.1.0")
    case 10: return Happening(event: pick(["window-detach", "window-attach"]), at: instant)
    default: return Happening(event: "screen-show", at: instant)
    }
  }

  /// Gives 1–3 happenings a window of 1–4 ms that starts a little before their instant, keeping
  /// the sweep's grid (4 points per ms and window) under about a thousand combinations.
  private mutating func windowSome(_ happenings: inout [Happening]) {
    let count = min(happenings.count, 1 + below(3))
    // The completion screen's show half the time: its arrival moves T1's timer.
    var chosen: [Int] = below(2) == 0 ? [1] : []
    while chosen.count < count {
      let index = below(happenings.count)
      if !chosen.contains(index) { chosen.append(index) }
    }
    let widest = [1: 4, 2: 3, 3: 2][count] ?? 2
    for index in chosen {
      let width = 1 + below(widest)
      happenings[index].at = max(0, happenings[index].at - below(width + 1))
      happenings[index].window = width
    }
  }

  private mutating func pick<T>(_ options: [T]) -> T {
    options[below(options.count)]
  }

  private mutating func below(_ bound: Int) -> Int {
    Int(random.next() % UInt64(bound))
  }
}
