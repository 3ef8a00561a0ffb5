/// Says what a model's term means where a trace first names it, from the model's `about:`s: an
/// operation at a call, `T1 calls complete (the original acknowledges first, then asks the
/// backend)`, a task's creation, `T1 created (load-uuid: read the keychain; …)`, or a job named
/// after it; a record's fields at its first `recorded` line. Later mentions stay as they are.
struct TermGlossing {
  private var unexplained: [String: String]

  /// A glossing of the terms `notes` describe (``RunReport/termNotes``).
  init(notes: [String: String]) {
    unexplained = notes
  }

  /// `line`, the next line of the trace, with the operation it calls explained if this is the
  /// first call of it.
  mutating func gloss(_ line: TraceLine) -> TraceLine {
    guard !unexplained.isEmpty else { return line }
    switch line {
    case .head(let time, let lane, let subject, let text, let continuesJob):
      // A job named after an operation (an event that runs one, such as `launch`) says what
      // it does before what it did.
      let opening = unexplained.removeValue(forKey: subject).map { $0 + " · " } ?? ""
      return .head(
        time: time, lane: lane, subject: subject, text: opening + gloss(text),
        continuesJob: continuesJob)
    case .more(let text): return .more(gloss(text))
    case .broken: return line
    }
  }

  /// `text` with the operation it names explained the first time: at its end, ` calls NAME`;
  /// anywhere, a task's creation `created (NAME)`; and a record's fields, the first time one
  /// is recorded (`recorded read · …`).
  private mutating func gloss(_ text: String) -> String {
    if text.hasPrefix("recorded ") {
      let rest = text.dropFirst("recorded ".count)
      let name = rest.ranges(of: " · ").first.map { rest[..<$0.lowerBound] } ?? rest
      if let note = unexplained.removeValue(forKey: "recorded \(name)") {
        return text + " (\(note))"
      }
    }
    if let range = text.ranges(of: " calls ").last {
      let call = text[range.upperBound...]
      let name = String(call.ranges(of: " with ").first.map { call[..<$0.lowerBound] } ?? call)
      if let note = unexplained.removeValue(forKey: name) { return text + " (\(note))" }
    }
    guard let range = text.ranges(of: "created (").first,
      let close = text[range.upperBound...].firstIndex(of: ")")
    else { return text }
    let name = String(text[range.upperBound..<close])
    guard let note = unexplained.removeValue(forKey: name) else { return text }
    return String(text[..<close]) + ": " + note + String(text[close...])
  }
}
