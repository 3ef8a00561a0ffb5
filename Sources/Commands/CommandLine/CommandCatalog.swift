/// What an option's value must be; parsing checks it before any command runs.
public enum OptionValue: Sendable, Equatable {
  /// A switch: no value.
  case none
  /// One of these words.
  case choice([String])
  /// A whole number ≥ 1.
  case count
  /// A whole number ≥ 0 that fits 64 bits.
  case seed
  /// `I/N` with `1 ≤ I ≤ N`, digits only.
  case shard
  /// Any text, shown as `placeholder` in usage lines.
  case text(placeholder: String)
  /// `name=N,…`: resource limits (see ``ScenarioLimits``).
  case limits

  /// How the value is written in a usage line (`text|json`, `N`, `I/N`, `TOKEN`).
  var placeholder: String? {
    switch self {
    case .none: nil
    case .choice(let words): words.joined(separator: "|")
    case .count: "N"
    case .seed: "S"
    case .shard: "I/N"
    case .text(let placeholder): placeholder
    case .limits: "NAME=N,…"
    }
  }
}

/// One option of a command, declared once: parsing, validation, help and the documentation's
/// command table all read it.
public struct OptionSpec: Sendable {
  /// `--format`.
  public var name: String
  /// What its value must be.
  public var value: OptionValue
  /// One line on what it does.
  public var help: String

  /// `--format text|json`.
  public var synopsis: String {
    value.placeholder.map { "\(name) \($0)" } ?? name
  }
}

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
  /// Its options, in the order help lists them.
  public var options: [OptionSpec]
  /// What its exit status means.
  public var exitStatus: String

  /// The option named `name`.
  func option(named name: String) -> OptionSpec? {
    options.first { $0.name == name }
  }

  /// The usage line's words: the command, its operands, each option in brackets.
  private var usageWords: [String] {
    ["racelab", name, operands].filter { !$0.isEmpty } + options.map { "[\($0.synopsis)]" }
  }

  /// `racelab run FILE… [--format text|json] …` on one line.
  public var usageLine: String { usageWords.joined(separator: " ") }

  /// The full help text.
  public var usage: String {
    var lines = wrap(["usage:"] + usageWords, width: 92, indent: "      ")
    lines += ["", description]
    if !options.isEmpty {
      lines.append("")
      let width = options.map(\.synopsis.count).max() ?? 0
      for option in options {
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
