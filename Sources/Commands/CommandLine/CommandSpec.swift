/// One command, declared once.
public struct CommandSpec: Sendable {
  /// `run`.
  public var name: String
  /// Its operands as a usage line shows them: `FILE…`, `[SCENARIOS_DIR]`.
  public var operands: String
  /// One line for the overview and the documentation's command table.
  public var summary: String
  /// The help's paragraph.
  public var description: String
  /// Its options: the fields they fill and the option declared for each, in the order help
  /// lists them.
  var options: any CommandOptions.Type
  /// What its exit status means.
  public var exitStatus: String

  /// Parses `arguments` (after the command's name) against its options and runs it.
  func execute(_ arguments: [String], console: Console) throws(CommandError) -> ExitStatus {
    try options.execute(arguments, command: name, console: console)
  }

  /// The usage line's words: the command, its operands, each option in brackets.
  private var usageWords: [String] {
    ["racelab", name, operands].filter { !$0.isEmpty }
      + options.helpLines.map { "[\($0.synopsis)]" }
  }

  /// `racelab run FILE… [--format text|json] …` on one line.
  public var usageLine: String { usageWords.joined(separator: " ") }

  /// The full help text.
  public var usage: String {
    var lines = wrap(["usage:"] + usageWords, width: 92, indent: "      ")
    lines += ["", description]
    let helpLines = options.helpLines
    if !helpLines.isEmpty {
      lines.append("")
      let width = helpLines.map(\.synopsis.count).max() ?? 0
      for option in helpLines {
        let padding = String(repeating: " ", count: width - option.synopsis.count)
        lines.append("  \(option.synopsis)\(padding)  \(option.help)")
      }
    }
    lines += ["", "exit status: \(exitStatus)", ""]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The words joined into lines of at most `width` characters (a longer word stands alone).
  private func wrap(_ words: [String], width: Int, indent: String) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in words {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = indent + word
      } else {
        line += (line.isEmpty ? "" : " ") + word
      }
    }
    lines.append(line)
    return lines
  }
}
