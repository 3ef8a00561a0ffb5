/// Says what an operation does where a task first calls it: `T1 calls complete` becomes
/// `T1 calls complete (the original acknowledges first, then asks the backend)` the first time,
/// from the model's `about:`, and stays as it is after that.
struct OperationGlossing {
  private var unexplained: [String: String]

  /// A glossing of the operations `notes` describe, by name.
  init(notes: [String: String]) {
    unexplained = notes
  }

  /// `line`, the next line of the trace, with the operation it calls explained if this is the
  /// first call of it.
  mutating func gloss(_ line: TraceLine) -> TraceLine {
    guard !unexplained.isEmpty else { return line }
    switch line {
    case .head(let time, let lane, let subject, let text, let continuesJob):
      return .head(
        time: time, lane: lane, subject: subject, text: gloss(text), continuesJob: continuesJob)
    case .more(let text): return .more(gloss(text))
    case .broken: return line
    }
  }

  /// `text`, ending with ` calls NAME`, with NAME's note the first time.
  private mutating func gloss(_ text: String) -> String {
    guard let range = text.ranges(of: " calls ").last else { return text }
    let name = String(text[range.upperBound...])
    guard let note = unexplained.removeValue(forKey: name) else { return text }
    return text + " (\(note))"
  }
}
