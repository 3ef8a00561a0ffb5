/// The model and the generated scenarios of ``HistoryCrossCheckTests``: one model keeps the
/// history of two variables twice, built in (`first(x)`, `previous(x)`, `changes(x)` in its
/// summary) and by hand (durable ghost variables that an `observe` operation updates at the
/// end of every job), and the timelines write the variables in every way state is written.
enum HistoryTimelines {
  /// `app.x` (one of `a`, `b`, `c`, or none) is memory (a relaunch puts it back to none), `app.y` transactional (a transaction
  /// that fails or dies takes its writes back). The ghosts are durable, so no rollback and no
  /// relaunch touches them (`y` is never none, so its first value is its value at `t = 0`):
  /// `observe` runs where a job ends (before a sleep, at the end of a
  /// handler, after a rollback is caught, when the process launches again), which is where
  /// the built-in history looks.
  static let model = """
    kind: model
    name: history-check
    errors: [refused]
    processes:
      app:
        lanes: {main: serial}
        memory:
          x: {type: enum, values: [a, b, c], optional: true}
        transactional:
          y: {type: int, default: 0}
        durable:
          x-first: {type: enum, values: [a, b, c], optional: true}
          x-last: {type: enum, values: [a, b, c], optional: true}
          x-previous: {type: enum, values: [a, b, c], optional: true}
          x-changes: {type: int, default: 0}
          y-first: {type: int, default: 0}
          y-last: {type: int, default: 0}
          y-previous: {type: int, optional: true}
          y-changes: {type: int, default: 0}
        on-launch: launch
    operations:
      observe:
        on: main
        steps:
          - if: "app.x-first == none"
            then:
              - set: {app.x-first: app.x}
          - if: "app.x != app.x-last"
            then:
              - set: {app.x-previous: app.x-last, app.x-last: app.x, app.x-changes: "app.x-changes + 1"}
          - if: "app.y != app.y-last"
            then:
              - set: {app.y-previous: app.y-last, app.y-last: app.y, app.y-changes: "app.y-changes + 1"}
      launch:
        on: main
        steps:
          - call: observe
      slow:
        on: main
        params: {v: {type: enum, values: [a, b, c]}}
        steps:
          - try:
              - transaction:
                  - set: {app.y: "app.y + 10", app.x: v}
                  - call: observe
                  - sleep: 2ms
                  - throw: refused
            catch:
              refused:
                - call: observe
    events:
      put:
        on: main
        params: {v: {type: enum, values: [a, b, c]}}
        steps:
          - set: {app.x: v}
          - call: observe
      put-twice:
        on: main
        params: {v: {type: enum, values: [a, b, c]}}
        steps:
          - set: {app.x: c}
          - set: {app.x: v}
          - call: observe
      clear:
        on: main
        steps:
          - set: {app.x: none}
          - call: observe
      bump:
        on: main
        steps:
          - transaction:
              - set: {app.y: "app.y + 1"}
          - call: observe
      refuse:
        on: main
        params: {v: {type: enum, values: [a, b, c]}}
        steps:
          - try:
              - transaction:
                  - set: {app.x: v, app.y: "app.y + 5"}
                  - throw: refused
            catch:
              refused:
                - call: observe
      start-slow:
        on: main
        params: {v: {type: enum, values: [a, b, c]}}
        steps:
          - spawn: slow
            with: {v: v}
    summary:
      x-first: first(app.x)
      x-previous: previous(app.x)
      x-changes: changes(app.x)
      y-first: first(app.y)
      y-previous: previous(app.y)
      y-changes: changes(app.y)
      ghost-x-first: app.x-first
      ghost-x-previous: app.x-previous
      ghost-x-changes: app.x-changes
      ghost-y-first: app.y-first
      ghost-y-previous: app.y-previous
      ghost-y-changes: app.y-changes

    """

  /// The pairs of summary fields that must agree: built in, then by hand.
  static let pairs = [
    ("xFirst", "ghostXFirst"), ("xPrevious", "ghostXPrevious"), ("xChanges", "ghostXChanges"),
    ("yFirst", "ghostYFirst"), ("yPrevious", "ghostYPrevious"), ("yChanges", "ghostYChanges"),
  ]

  /// A seeded generator of scenarios for the model (SplitMix64).
  struct Generator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    /// Scenario `index`: a past for `app.x` (with the ghosts set to match it) now and then,
    /// and four to nine happenings over a few instants, some at one instant, some `maybe`.
    /// No other happening shares an instant with a relaunch, so that the launch's `observe`
    /// is the next job after it.
    mutating func scenario(_ index: Int) -> String {
      var text = "name: history-\(index)\nmodel: ./history-check.model.yaml\n"
      if next(3) == 0 {
        let past = (0..<(1 + next(3))).map { _ in next(4) == 0 ? nil : Self.values[next(3)] }
        text += "history:\n  app.x: [\(past.map { $0 ?? "none" }.joined(separator: ", "))]\n"
        text += Self.ghosts(past + [nil])
      }
      text += "timeline:\n"
      var instant = 1
      for _ in 0..<(4 + next(6)) {
        instant += next(3)
        if next(8) == 0 {
          instant += 1
          text += "  - {at: \(instant)ms, event: relaunch}\n"
          instant += 1
          continue
        }
        let v = Self.values[next(3)]
        let event = [
          "put, v: \(v)", "put-twice, v: \(v)", "clear", "bump", "refuse, v: \(v)",
          "start-slow, v: \(v)",
        ][next(6)]
        text += "  - {at: \(instant)ms, event: \(event)\(next(6) == 0 ? ", maybe: true" : "")}\n"
      }
      return text
    }

    static let values = ["a", "b", "c"]

    /// The `state:` of the ghosts of `app.x` after it held `values` in turn.
    static func ghosts(_ values: [String?]) -> String {
      let first = values.first { $0 != nil } ?? nil
      var last = values[0]
      var previous: String?
      var changes = 0
      for value in values.dropFirst() where value != last {
        previous = last
        last = value
        changes += 1
      }
      var lines = "state:\n  app.x-changes: \(changes)\n"
      if let first { lines += "  app.x-first: \(first)\n" }
      if let previous { lines += "  app.x-previous: \(previous)\n" }
      return lines
    }
  }
}
