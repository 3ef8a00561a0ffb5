import Commands
import Foundation

/// What a command wrote to standard output and standard error, captured in memory.
public final class CapturedOutput: @unchecked Sendable {
  private let lock = NSLock()
  private var outputText = ""
  private var errorText = ""

  /// Creates an empty capture.
  public init() {}

  /// Everything written to standard output so far.
  public var output: String { lock.withLock { outputText } }
  /// Everything written to standard error so far.
  public var error: String { lock.withLock { errorText } }

  /// A console writing into this capture.
  public func console(colour: Bool = false) -> Console {
    Console(
      write: { [self] text in lock.withLock { outputText += text } },
      writeError: { [self] text in lock.withLock { errorText += text } }, colour: colour)
  }
}

/// Runs `body` with a captured console and returns its status and what it wrote.
public func capture(colour: Bool = false, _ body: (Console) -> ExitStatus) -> (
  status: ExitStatus, output: String, error: String
) {
  let captured = CapturedOutput()
  let status = body(captured.console(colour: colour))
  return (status, captured.output, captured.error)
}
