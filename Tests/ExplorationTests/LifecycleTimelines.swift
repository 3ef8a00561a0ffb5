import RacelabKernel

/// A seeded generator of review-prompt timelines built around process ends (rule L1): suspend
/// and resume cycles, relaunches, app updates and busy main threads, placed where T1's timer
/// fires and where a busy period ends, so that a process end meets a sleeping task, a
/// resumption queued behind a busy or frozen lane, and events queued at the same instant.
///
/// Every instant is a whole number of milliseconds and fixed (no windows): `run` gives one
/// answer and `explore` tries the orders of what is due at the same instant.
struct LifecycleTimelineGenerator {
  /// The same seed gives the same timelines on every machine.
  private var random: SplitMix64

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// The `index`-th scenario's YAML text.
  mutating func scenario(_ index: Int) -> String {
    let delay = 8 + below(10)
    let show = below(3)
    let timer = show + delay
    var happenings = [(at: 0, text: "event: game-won"), (at: show, text: "event: screen-show")]
    var anchors = [timer, timer - 1, timer + 1, show + delay / 2, timer + 3]
    for _ in 0..<(2 + below(4)) {
      let at = max(0, pick(anchors))
      switch below(10) {
      case 0, 1:
        // A busy main thread, often one that ends exactly when something else is due.
        let length = 1 + below(6)
        happenings.append((at, "event: main-busy, for: \(length)ms"))
        anchors += [at + length, at + (length + 1) / 2]
      case 2, 3:
        // A suspension, resumed later or never.
        happenings.append((at, "event: app-suspend"))
        if below(3) > 0 { happenings.append((at + 1 + below(5), "event: app-resume")) }
      case 4: happenings.append((at, "event: relaunch"))
      case 5: happenings.append((at, "event: app-update, version: \(pick(["1.1.0", "1.2.0"]))"))
      case 6:
        let transition = below(3) == 0 ? "none" : "\(1 + below(4))ms"
        happenings.append((at, "event: screen-disappear, transition: \(transition)"))
      case 7: happenings.append((at, "event: screen-show"))
      case 8: happenings.append((at, "event: game-won"))
      default:
        let state = pick(["background", "foreground-active", "foreground-inactive"])
        happenings.append((at, "event: scene, state: \(state)"))
      }
    }
    let prompted = below(4) == 0 ? ", last-prompted-version: 1.1.0" : ""
    var lines = [
      "name: lifecycle-\(index)", "model: review-prompt",
      "runtime: \(below(5) == 0 ? "kotlin" : "swift")",
      "variant: \(pick(["original", "foreground-guard", "cancel-guard"]))",
      "app: {version: 1.0.0, wins: \(below(4) == 0 ? 2 : 4)\(prompted)}",
      "config: {delay: \(delay)ms, transition: 3ms}", "timeline:",
    ]
    lines += happenings.map { "  - {at: \($0.at)ms, \($0.text)}" }
    return lines.joined(separator: "\n") + "\n"
  }

  private mutating func pick<T>(_ options: [T]) -> T {
    options[below(options.count)]
  }

  private mutating func below(_ bound: Int) -> Int {
    Int(random.next() % UInt64(bound))
  }
}
