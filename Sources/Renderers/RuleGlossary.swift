/// The rules a trace cites (the documentation's `Semantics.md` states each in full), in plain
/// words. A trace spells a rule out the first time it cites it, `(S4: …)`, and cites it by name
/// alone after that, so a reader who never opened the rules can follow the first trace they
/// read.
enum RuleGlossary {
  /// Each rule's plain words, by name.
  static let glosses: KeyValuePairs<String, String> = [
    "C2": "happenings due at one instant apply in order",
    "C3": "a lane runs its queued jobs one at a time",
    "C4": "this event acts at once, on no lane",
    "C5": "a new task starts in a job of its own, after the current one",
    "C6": "which ready lane runs next is a choice",
    "L1": "a process ends the instant it dies, whatever its lanes hold",
    "S1": "sleeping in a cancelled task throws at once",
    "S2": "the task suspends until the timer fires",
    "S3": "cancelling a pending sleep discards its timer and makes it throw",
    "S4": "the timer completes the sleep; the task goes on when its lane runs it",
    "S5": "a cancel after the sleep completed only sets the flag; nothing is thrown",
    "S6": "try? turns the error into nil and the next step runs",
    "S7": "checkCancellation() throws in a cancelled task",
    "S8": "yield puts the task at the back of its lane's queue and checks nothing",
    "S9": "a call to another actor runs to the end, cancelled or not",
    "S10": "awaiting a task's value keeps waiting, even when the waiter is cancelled",
    "K1": "delay in a cancelled coroutine throws at once",
    "K2": "cancelling a pending delay makes it throw",
    "K3": "a cancel before the resumption runs still makes it throw",
    "K4": "yield in a cancelled coroutine throws",
    "K5": "ensureActive() throws in a cancelled coroutine",
    "K6": "withContext checks cancellation on the way in and back",
    "K7": "Deferred.await() throws when the waiter is cancelled",
  ]

  /// Spells out each rule's first citation in a trace read line by line: `(S4)` becomes
  /// `(S4: …)` the first time, and stays `(S4)` after that.
  struct Glossing {
    private var unexplained = Set(glosses.map(\.key))

    /// `line`, the next line of the trace, with the rules it cites first spelled out.
    mutating func gloss(_ line: TraceLine) -> TraceLine {
      switch line {
      case .head(let time, let lane, let subject, let text, let continuesJob):
        .head(
          time: time, lane: lane, subject: subject, text: gloss(text), continuesJob: continuesJob)
      case .more(let text): .more(gloss(text))
      case .broken: line
      }
    }

    /// `text` with each `(RULE)` whose rule is not yet explained spelled out at its first
    /// occurrence. Most lines cite only rules explained already, so the scan reads bytes and
    /// builds nothing until it finds a rule to spell out.
    private mutating func gloss(_ text: String) -> String {
      guard !unexplained.isEmpty else { return text }
      let bytes = text.utf8
      var found: [String] = []
      var from = bytes.startIndex
      while let open = bytes[from...].firstIndex(of: UInt8(ascii: "(")),
        let close = bytes[open...].firstIndex(of: UInt8(ascii: ")"))
      {
        from = bytes.index(after: open)
        guard bytes.distance(from: from, to: close) <= RuleGlossary.longestRule else { continue }
        let rule = String(text[from..<close])
        if unexplained.remove(rule) != nil { found.append(rule) }
      }
      guard !found.isEmpty else { return text }
      var glossed = text
      for rule in found {
        guard let words = RuleGlossary.words[rule],
          let range = glossed.firstRange(of: "(\(rule))")
        else { continue }
        glossed.replaceSubrange(range, with: "(\(rule): \(words))")
      }
      return glossed
    }
  }

  /// The length of the longest rule name, in bytes.
  private static let longestRule = glosses.map(\.key.utf8.count).max() ?? 0

  /// Each rule's plain words, looked up by name.
  private static let words = Dictionary(uniqueKeysWithValues: glosses.map { ($0.key, $0.value) })
}
