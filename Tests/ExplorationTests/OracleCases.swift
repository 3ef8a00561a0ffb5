/// A small scenario for the oracle test: windows short enough to sweep every 1 ms instant.
struct OracleCase: Sendable, CustomStringConvertible {
  var name: String
  var variant: String
  var runtime = "swift"
  var config = ""
  var timeline: String

  var description: String { name }

  /// The scenario file's text.
  var yaml: String {
    """
    name: \(name)
    model: review-prompt
    runtime: \(runtime)
    variant: \(variant)
    clock:
      start: 2026-08-15T21:00:00+09:00
    app:
      version: 1.4.0
      wins: 4
    \(config.isEmpty ? "" : "config:\n" + config)
    timeline:
    \(timeline)
    """
  }

  /// The oracle's scenarios: one window, two windows, a busy main thread, `tie: last`, Kotlin,
  /// a scene flicker; and, last, an arrival whose own later happening (the transition's end)
  /// matters only where it lands between two instants not yet due when it arrives (only
  /// arrivals in 0.15s..0.2s detach the window between the attach at 0.5s and T1's fire at
  /// 0.55s, so "cooldown kept" is reachable from a fifth of the window).
  static let all: [OracleCase] = [
    OracleCase(
      name: "disappear-window-original", variant: "original",
      timeline: """
          - {at: 0s, event: game-won}
          - {at: 0s, event: screen-show}
          - {at: 1.8s..2.2s, event: screen-disappear}
        """),
    OracleCase(
      name: "busy-and-disappear-original", variant: "original",
      timeline: """
          - {at: 0s, event: game-won}
          - {at: 0s, event: screen-show}
          - {at: 1.88s..2s, event: main-busy, for: 100ms}
          - {at: 1.95s..2.05s, event: screen-disappear}
        """),
    OracleCase(
      name: "busy-and-disappear-cancel-guard", variant: "cancel-guard",
      timeline: """
          - {at: 0s, event: game-won}
          - {at: 0s, event: screen-show}
          - {at: 1.88s..2s, event: main-busy, for: 100ms}
          - {at: 1.95s..2.05s, event: screen-disappear}
        """),
    OracleCase(
      name: "kotlin-busy-and-disappear-original", variant: "original", runtime: "kotlin",
      timeline: """
          - {at: 0s, event: game-won}
          - {at: 0s, event: screen-show}
          - {at: 1.88s..2s, event: main-busy, for: 100ms}
          - {at: 1.95s..2.05s, event: screen-disappear}
        """),
    OracleCase(
      name: "tie-last-disappear-foreground-guard", variant: "foreground-guard",
      timeline: """
          - {at: 0s, event: game-won}
          - {at: 0s, event: screen-show}
          - {at: 1.9s..2.1s, event: screen-disappear, tie: last}
          - {at: 2s, event: presenter-release}
        """),
    OracleCase(
      name: "scene-flicker-foreground-guard", variant: "foreground-guard",
      config: "  delay: 200ms\n",
      timeline: """
          - {at: 0s, event: game-won}
          - {at: 0s, event: screen-show}
          - {at: 0.17s..0.2s, event: scene, state: foreground-inactive}
          - {at: 0.18s..0.21s, event: scene, state: foreground-active}
          - {at: 0.19s..0.21s, event: screen-disappear, transition: none}
        """),
    OracleCase(
      name: "stale-transition-original", variant: "original",
      config: "  delay: 150ms\n",
      timeline: """
          - {at: 0s, event: screen-show}
          - {at: 0.1s..0.35s, event: screen-disappear}
          - {at: 0.38s, event: game-won}
          - {at: 0.4s, event: screen-show}
          - {at: 0.5s, event: window-attach}
        """),
  ]
}
