/// Text gathered into chunks of about `size` bytes before it is handed on, so that a long
/// trace is written in few, large writes. A chunk ends where an ``append(_:)`` ends, never
/// inside one: appending whole lines (or whole events) gives chunks of whole lines.
struct ChunkedOutput {
  private let size: Int
  private let write: (String) -> Void
  private var pending = ""

  /// An output handing chunks of about `size` bytes to `write`.
  init(size: Int, write: @escaping (String) -> Void) {
    self.size = size
    self.write = write
  }

  /// Adds `text`; hands on what is gathered once it reaches the chunk size.
  mutating func append(_ text: String) {
    pending += text
    guard pending.utf8.count >= size else { return }
    write(pending)
    pending.removeAll(keepingCapacity: true)
  }

  /// Hands on what is gathered and then `last`, in one write.
  mutating func finish(with last: String = "") {
    write(pending + last)
    pending = ""
  }
}
