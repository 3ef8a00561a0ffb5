import ModelContract
import RacelabKernel

/// One line of the text trace's body, before layout.
enum TraceLine: Equatable {
  /// The first line of a happening: when, where, who or what, and the first explanation.
  case head(time: VirtualTime, lane: String, subject: String, text: String)
  /// A further explanation of the happening above, under its explanation column.
  case more(String)
  /// An invariant that broke at `time`.
  case broken(time: VirtualTime, lane: String, invariant: String, detail: String)
}
