#if canImport(Glibc)
  import Glibc

  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  import Darwin

  private let systemWrite = Darwin.write
#endif

/// Where a command writes: standard output, standard error, and whether colour is allowed.
public struct Console: Sendable {
  /// Writes to standard output.
  public var write: @Sendable (String) -> Void
  /// Writes to standard error.
  public var writeError: @Sendable (String) -> Void
  /// Whether output may use ANSI colour: only on a terminal, never with `NO_COLOR` set.
  public var colour: Bool
  /// Whether standard error is a terminal (for progress lines).
  public var errorIsTerminal: Bool

  /// Creates a console from its parts.
  public init(
    write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
    colour: Bool, errorIsTerminal: Bool = false
  ) {
    self.write = write
    self.writeError = writeError
    self.colour = colour
    self.errorIsTerminal = errorIsTerminal
  }

  /// The process's standard output and error.
  public static func standard() -> Console {
    let noColour = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
    return Console(
      write: { text in writeAll(STDOUT_FILENO, text) },
      writeError: { text in writeAll(STDERR_FILENO, text) },
      colour: isatty(STDOUT_FILENO) == 1 && !noColour,
      errorIsTerminal: isatty(STDERR_FILENO) == 1)
  }

  /// Writes every byte of `text` to a file descriptor, unbuffered.
  private static func writeAll(_ descriptor: Int32, _ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      if written <= 0 { return }
      bytes = bytes.dropFirst(written)
    }
  }

  /// `text` in red when colour is allowed.
  func red(_ text: String) -> String { colour ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
  /// `text` in green when colour is allowed.
  func green(_ text: String) -> String { colour ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
}

/// A command's exit status: 0 all held, 1 an expectation or golden failed, 2 bad input or usage.
public enum ExitStatus: Int32, Sendable, Comparable {
  case success = 0
  case failure = 1
  case badInput = 2

  /// Orders by value.
  public static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}
