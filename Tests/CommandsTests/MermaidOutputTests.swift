import CommandTestSupport
import Commands
import Foundation
import Renderers
import Testing

/// The statements `run --format mermaid` may write, checked line by line: a Mermaid
/// `sequenceDiagram` whose participants are declared before use and whose texts hold nothing
/// Mermaid would read as syntax.
enum MermaidStructure {
  static let arrows = ["-->>", "->>", "--)", "-)", "--x", "-x"]

  /// What is wrong with `diagram`, one line each; empty when it is well formed.
  static func problems(_ diagram: String) -> [String] {
    var lines = diagram.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.last == "" else { return ["the diagram does not end with a line break"] }
    lines.removeLast()
    guard lines.first == "sequenceDiagram" else { return ["the first line is not sequenceDiagram"] }
    var problems: [String] = []
    var declared: Set<String> = []
    var statementsSeen = false
    var openBoxes = 0
    var titles = 0
    for (number, line) in lines.enumerated().dropFirst() {
      let at = "line \(number + 1)"
      let closesBox = line.trimmingCharacters(in: .whitespaces) == "end"
      let indent = openBoxes > (closesBox ? 1 : 0) ? "    " : "  "
      guard line.hasPrefix(indent), line.dropFirst(indent.count).first != " " else {
        problems.append("\(at): indented wrongly: \(line)")
        continue
      }
      let statement = String(line.dropFirst(indent.count))
      if statement.hasPrefix("title ") {
        titles += 1
        if statementsSeen || !declared.isEmpty { problems.append("\(at): a late title") }
        problems += textProblems(String(statement.dropFirst(6)), at: at)
      } else if statement.hasPrefix("participant ") {
        let parts = statement.dropFirst(12).split(separator: " ", maxSplits: 2).map(String.init)
        if parts.count != 3 || parts[1] != "as" || !isIdentifier(parts[0]) {
          problems.append("\(at): not 'participant ID as NAME'")
        } else if statementsSeen {
          problems.append("\(at): a participant declared after the first statement")
        } else if !declared.insert(parts[0]).inserted {
          problems.append("\(at): participant \(parts[0]) declared twice")
        } else {
          problems += textProblems(parts[2], at: at)
        }
      } else if statement.hasPrefix("rect rgb(") && statement.hasSuffix(")") {
        statementsSeen = true
        openBoxes += 1
        if openBoxes > 1 { problems.append("\(at): a box inside a box") }
      } else if statement == "end" {
        openBoxes -= 1
        if openBoxes < 0 { problems.append("\(at): 'end' without a box") }
      } else if statement.hasPrefix("Note over ") {
        statementsSeen = true
        let rest = statement.dropFirst(10)
        guard let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix(": ") else {
          problems.append("\(at): a note without ': TEXT'")
          continue
        }
        let over = rest[..<colon].split(separator: ",", omittingEmptySubsequences: false)
        if over.count > 2 || over.contains(where: { !declared.contains(String($0)) }) {
          problems.append("\(at): a note over undeclared participants: \(rest[..<colon])")
        }
        problems += textProblems(String(rest[colon...].dropFirst(2)), at: at)
      } else {
        statementsSeen = true
        problems += messageProblems(statement, declared: declared, at: at)
      }
    }
    if openBoxes != 0 { problems.append("a box is never closed") }
    if titles != 1 { problems.append("\(titles) titles") }
    if declared.isEmpty { problems.append("no participant") }
    return problems
  }

  private static func messageProblems(
    _ statement: String, declared: Set<String>, at: String
  ) -> [String] {
    guard let colon = statement.firstIndex(of: ":"), statement[colon...].hasPrefix(": ") else {
      return ["\(at): not a statement: \(statement)"]
    }
    let head = statement[..<colon]
    guard let arrow = arrows.first(where: { head.contains($0) }),
      let range = head.range(of: arrow)
    else { return ["\(at): a message without an arrow: \(statement)"] }
    let from = String(head[..<range.lowerBound])
    let to = String(head[range.upperBound...])
    var problems: [String] = []
    for participant in [from, to] where !declared.contains(participant) {
      problems.append("\(at): undeclared participant '\(participant)'")
    }
    return problems + textProblems(String(statement[colon...].dropFirst(2)), at: at)
  }

  /// A text must be non-empty and hold no statement end, no markup but `<br>`, no `#` but
  /// entity codes, and no control character.
  static func textProblems(_ text: String, at: String) -> [String] {
    if text.trimmingCharacters(in: .whitespaces).isEmpty { return ["\(at): an empty text"] }
    if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      return ["\(at): a control character"]
    }
    var rest = Substring(text.replacingOccurrences(of: "<br>", with: " "))
    if rest.contains("<") || rest.contains(">") { return ["\(at): markup in a text"] }
    while let hash = rest.firstIndex(of: "#") {
      let entity = rest[rest.index(after: hash)...].prefix { $0.isLetter || $0.isNumber }
      let after = rest.index(hash, offsetBy: entity.count + 1)
      guard !entity.isEmpty, after < rest.endIndex, rest[after] == ";" else {
        return ["\(at): a '#' that is not an entity code"]
      }
      rest = rest[rest.index(after: after)...]
    }
    if text.replacingOccurrences(of: #"#\w+;"#, with: "", options: .regularExpression)
      .contains(";")
    {
      return ["\(at): a ';' would end the statement"]
    }
    return []
  }

  private static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.first, first.isLetter else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
  }
}

/// `run --format mermaid` draws every timeline scenario as a well-formed sequence diagram.
struct MermaidOutputTests {
  func mermaid(_ path: String) -> (status: ExitStatus, output: String, error: String) {
    let result = capture {
      RunCommand(files: [path], format: .mermaid).execute(console: $0)
    }
    return (result.status, result.output, result.error)
  }

  @Test func theCheckerFindsWhatIsWrong() {
    let good = """
      sequenceDiagram
        title t
        participant A as a
        participant B as b
        A->>B: hello #35;1
        rect rgb(1, 2, 3)
          Note over A,B: x<br>y
        end

      """
    #expect(MermaidStructure.problems(good) == [])
    let broken = [
      good.replacingOccurrences(of: "A->>B", with: "A->>C"),
      good.replacingOccurrences(of: "#35;1", with: "#1"),
      good.replacingOccurrences(of: "hello", with: "a; b"),
      good.replacingOccurrences(of: "  end\n", with: ""),
      good.replacingOccurrences(of: "  participant B as b\n", with: ""),
      good.replacingOccurrences(of: "x<br>y", with: "<b>x</b>"),
      good.replacingOccurrences(of: "sequenceDiagram", with: "graph TD"),
    ]
    for diagram in broken {
      #expect(MermaidStructure.problems(diagram) != [], "\(diagram)")
    }
  }

  @Test func escapingLeavesNoSyntaxInATitleOrANote() {
    let hostile = "a;b#c<d>e\u{1B}[31m\nf"
    let escaped = MermaidTraceRenderer.escape(hostile)
    #expect(escaped == #"a#59;b#35;c#lt;d#gt;e\u{1B}[31m\nf"#)
    #expect(MermaidStructure.textProblems(escaped, at: "") == [])
  }

  @Test(arguments: repositoryScenarioPaths().filter { formats(of: $0).contains(.mermaid) })
  func everyTimelineScenarioIsAWellFormedDiagram(_ path: String) {
    let run = mermaid(repositoryRoot.appendingPathComponent(path).path)
    #expect(run.error == "")
    #expect(MermaidStructure.problems(run.output) == [], "\(path)")
  }

  @Test func theBusyMainRaceShowsTheLateCancelAndTheBrokenInvariant() {
    let run = mermaid(
      repositoryScenarios.appendingPathComponent(
        "review-prompt/canonical/busy-main-disappear-original.yaml"
      ).path)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(run.status == .success)
    #expect(lines.contains("  participant L0 as main"))
    #expect(lines.contains("  participant T1 as T1"))
    #expect(lines.contains { $0.hasPrefix("  L0-xT1: cancel T1 → sleep already completed") })
    let box = lines.firstIndex(of: "  rect rgb(255, 224, 178)")
    #expect(box.map { lines[$0 + 1].contains("BROKEN") } == true)
    #expect(lines.last?.contains("HARM: the request was cancelled") == true)
  }

  @Test func aTruthTableHasNoTimelineToDraw() {
    let run = mermaid(
      repositoryScenarios.appendingPathComponent("eligibility/eligibility-truth-table.yaml").path)
    #expect(run.status == .badInput)
    #expect(run.output == "")
    #expect(run.error.contains("a truth-table scenario has no timeline to draw"))
  }
}
