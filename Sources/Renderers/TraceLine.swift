import ModelContract
import RacelabKernel

/// One line of the text trace's body, before layout.
enum TraceLine: Equatable {
  /// The first line of a happening, or of a new subject inside the job above (`continuesJob`: a
  /// call's result, a record, the rest of a job after a broken invariant): when, where, who or
  /// what, and the first explanation. Only a line that starts a happening is numbered.
  case head(
    time: VirtualTime, lane: String, subject: String, text: String, continuesJob: Bool = false)
  /// A further explanation of the happening above, under its explanation column.
  case more(String)
  /// An invariant that broke at `time`.
  case broken(time: VirtualTime, lane: String, invariant: String, detail: String)

  /// Whether it tells a broken invariant.
  var isBroken: Bool {
    if case .broken = self { true } else { false }
  }

  /// The line with `marks` (`choice 7=1`) after its explanation.
  func marked(_ marks: [String]) -> TraceLine {
    guard !marks.isEmpty else { return self }
    let suffix = marks.joined(separator: " · ")
    switch self {
    case .head(let time, let lane, let subject, let text, let continuesJob):
      return .head(
        time: time, lane: lane, subject: subject,
        text: text.isEmpty ? suffix : text + " · " + suffix, continuesJob: continuesJob)
    case .more(let text):
      return .more(text + " · " + suffix)
    case .broken:
      return self
    }
  }
}
