import ModelContract
import RacelabKernel

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
  /// Whether standard error may use ANSI colour: a terminal, and no `NO_COLOR`.
  public var errorColour: Bool
  /// Reads standard input (for the file name `-`), at most the given number of bytes and
  /// one more (so a larger input shows as larger without being read to its end); `nil` when
  /// it cannot be read.
  public var readInput: @Sendable (Int) -> [UInt8]?
  /// Why a write to standard output failed, if one did (a full disk, a closed descriptor):
  /// the command then exits with status 2 instead of reporting a success nobody received.
  public var outputFailure: @Sendable () -> String? = { nil }
  /// Whether to print GitHub Actions annotations (`::error file=…::…`) too: set when
  /// `GITHUB_ACTIONS` is `true`, so problems show on the pull request's diff.
  public var githubAnnotations = false

  /// Creates a console from its parts.
  public init(
    write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
    colour: Bool, errorIsTerminal: Bool = false, errorColour: Bool = false,
    readInput: @escaping @Sendable (Int) -> [UInt8]? = { _ in nil }
  ) {
    self.write = write
    self.writeError = writeError
    self.colour = colour
    self.errorIsTerminal = errorIsTerminal
    self.errorColour = errorColour
    self.readInput = readInput
  }

  /// The process's standard input, output and error.
  public static func standard() -> Console {
    let noColour = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
    let errorIsTerminal = isatty(STDERR_FILENO) == 1
    let outputFailure = Locked<String?>(nil)
    var console = Console(
      write: { text in
        if let problem = writeAll(STDOUT_FILENO, text) {
          outputFailure.withLock { $0 = $0 ?? problem }
        }
      },
      writeError: { text in _ = writeAll(STDERR_FILENO, text) },
      colour: isatty(STDOUT_FILENO) == 1 && !noColour,
      errorIsTerminal: errorIsTerminal, errorColour: errorIsTerminal && !noColour,
      readInput: { limit in Files.readUpTo(STDIN_FILENO, limit) })
    console.outputFailure = { outputFailure.withLock { $0 } }
    console.githubAnnotations = getenv("GITHUB_ACTIONS").map { String(cString: $0) } == "true"
    return console
  }

  /// Writes every byte of `text` to a file descriptor, unbuffered; says why not when it
  /// cannot.
  private static func writeAll(_ descriptor: Int32, _ text: String) -> String? {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      if written <= 0 {
        return written < 0 ? String(cString: strerror(errno)) : "nothing was written"
      }
      bytes = bytes.dropFirst(written)
    }
    return nil
  }

  /// `text` in red when colour is allowed.
  func red(_ text: String) -> String { colour ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
  /// `text` in green when colour is allowed.
  func green(_ text: String) -> String { colour ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
  /// `text` in bold when colour is allowed.
  func bold(_ text: String) -> String { colour ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
  /// `text` in red when standard error may use colour.
  func errorRed(_ text: String) -> String {
    errorColour ? "\u{1B}[31m\(text)\u{1B}[0m" : text
  }
  /// `text` in yellow when standard error may use colour.
  func errorYellow(_ text: String) -> String {
    errorColour ? "\u{1B}[33m\(text)\u{1B}[0m" : text
  }

  /// A text trace or exploration report painted for a terminal: lines of broken invariants
  /// (`!!`) in bold red, ✓ in green and ✗ in red, and the lines that end in one of the model's
  /// `headlines` or give the verdict in bold. Unchanged when colour is not allowed.
  func paint(_ text: String, headlines: [String]) -> String {
    guard colour else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      let line = String(line)
      let trimmed = line.drop { $0 == " " }
      if trimmed.hasPrefix("!!") { return "\u{1B}[1;31m\(line)\u{1B}[0m" }
      if headlines.contains(where: { !$0.isEmpty && line.hasSuffix($0) })
        || trimmed.hasPrefix("expected to break:") || trimmed.hasPrefix("expectations:")
      {
        return bold(line)
      }
      return line.replacingEvery("✓", with: green("✓")).replacingEvery("✗", with: red("✗"))
    }.joined(separator: "\n")
  }
}

/// A command's exit status: 0 all held, 1 an expectation or golden failed, 2 bad input or usage.
public enum ExitStatus: Int32, Sendable, Comparable {
  case success = 0
  case failure = 1
  case badInput = 2

  /// Orders by value.
  public static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}
