import ModelContract
import RacelabKernel

extension String {
  /// This text as a message shows it: a path, an argument or a line of a golden file with its
  /// control characters escaped (``VisibleText``), so it can neither drive the terminal nor
  /// start a line of its own.
  var shown: String { VisibleText.escaping(self) }
}
