import RacelabKernel

/// A console that also keeps, uncoloured, what one scenario's check writes: the text of its
/// JUnit failure.
final class ScenarioTranscript: Sendable {
  private let text = Locked("")

  /// What was written so far, both streams in order.
  var written: String { text.withLock { $0 } }

  /// `console`, with everything it writes kept here too.
  func teeing(_ console: Console) -> Console {
    var tee = console
    tee.write = { [self] part in
      console.write(part)
      text.withLock { $0 += part }
    }
    tee.writeError = { [self] part in
      console.writeError(part)
      text.withLock { $0 += part }
    }
    return tee
  }
}
