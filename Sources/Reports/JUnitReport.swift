import ModelContract

/// A JUnit XML report, the format CI systems read test results in: one test suite, one test
/// case per scenario file, with a `failure` (its text: what racelab printed about the file, a
/// golden's diff or an expectation that failed) or an `error` (the file could not be run).
/// The bytes depend only on the results: no times, no host names.
public struct JUnitReport: Sendable {
  /// How one scenario came out.
  public enum Outcome: Sendable {
    case passed
    /// The file ran and something did not hold.
    case failed(message: String, text: String)
    /// The file could not be read, decoded or run.
    case error(message: String, text: String)
  }

  /// One scenario's result.
  public struct Case: Sendable {
    /// The scenario file's path, as the command was given it.
    public var name: String
    /// How it came out.
    public var outcome: Outcome

    /// The result `outcome` of the scenario `name`.
    public init(name: String, outcome: Outcome) {
      self.name = name
      self.outcome = outcome
    }
  }

  /// The suite's name (`racelab check`).
  public var suite: String
  /// The scenarios' results, in the order they ran.
  public var cases: [Case] = []

  /// A report of the suite `suite` with no results yet.
  public init(suite: String) {
    self.suite = suite
  }

  /// The message of a failure or an error whose text is `transcript`: its first line that says
  /// what went wrong (`FAIL`, `error:`, `NOT as expected`), else its first line; at most 300
  /// characters.
  public static func message(of transcript: String) -> String {
    let lines = transcript.split(separator: "\n").map(String.init)
    let headline =
      lines.first { $0.contains("FAIL") || $0.contains("error:") || $0.contains("NOT as expected") }
      ?? lines.first ?? ""
    return String(headline.prefix(300))
  }

  /// The report as an XML document, ending with a newline.
  public var xml: String {
    let failures = cases.filter { if case .failed = $0.outcome { true } else { false } }.count
    let errors = cases.filter { if case .error = $0.outcome { true } else { false } }.count
    let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<testsuites name=\"\(Self.escaped(suite))\" \(counts)>",
      "  <testsuite name=\"\(Self.escaped(suite))\" \(counts)>",
    ]
    let className = Self.escaped(suite.replacingEvery(" ", with: "."))
    for testCase in cases {
      let opening =
        "    <testcase classname=\"\(className)\" name=\"\(Self.escaped(testCase.name))\""
      switch testCase.outcome {
      case .passed:
        lines.append(opening + "/>")
      case .failed(let message, let text), .error(let message, let text):
        let element = if case .failed = testCase.outcome { "failure" } else { "error" }
        lines.append(opening + ">")
        lines.append(
          "      <\(element) message=\"\(Self.escaped(message))\">\(Self.escaped(text))</\(element)>"
        )
        lines.append("    </testcase>")
      }
    }
    lines += ["  </testsuite>", "</testsuites>"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` as XML character data or an attribute value: ANSI colour left out, markup
  /// characters as entities, and characters XML 1.0 cannot hold written as `\u{…}`.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in withoutColour(text).unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}":
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` without its colour sequences (ESC `[` digits and `;`, then a letter).
  private static func withoutColour(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var kept = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" {
        var end = index + 2
        while end < scalars.count, scalars[end] == ";" || ("0"..."9").contains(scalars[end]) {
          end += 1
        }
        if end < scalars.count, scalars[end].properties.isAlphabetic {
          index = end + 1
          continue
        }
      }
      kept.append(scalars[index])
      index += 1
    }
    return String(kept)
  }
}
