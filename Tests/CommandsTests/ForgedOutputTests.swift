import CommandTestSupport
import Commands
import Foundation
import ModelContract
import RacelabKernel
import Testing

/// No forged output: scenario text, file names and arguments reach the terminal and the golden
/// files with their control characters escaped, a single-line field cannot carry a line break,
/// and no line starts with `!!` unless an invariant broke.
@Suite struct ForgedOutputTests {
  /// A hostile value as YAML source, and whether it holds a line break.
  struct Payload: CustomStringConvertible, Sendable {
    var yaml: String
    var breaksLine: Bool
    var description: String { yaml }
  }

  static let payloads = [
    Payload(yaml: #""\e[2J\e[31mPWNED\e]0;evil\a""#, breaksLine: false),
    Payload(yaml: #""1.4.0\n!!    9.999s  main  BROKEN fake""#, breaksLine: true),
    Payload(yaml: #""x\r!!    9.999s  main  BROKEN fake""#, breaksLine: true),
    Payload(yaml: #""\x9b31m\x7f\t\0""#, breaksLine: false),
    Payload(yaml: #""a\u2028!! b\N!! c\v\f""#, breaksLine: true),
  ]

  /// A file name that tries the same: a terminal title, a bell and a forged line.
  static let hostileName = "evil\u{1B}]0;title\u{07}\n!!    9.999s  main  BROKEN fake.yaml"

  /// Records an issue for every raw control character in `text` other than the line feeds
  /// that end its lines, and for every line that starts with `!!`.
  static func expectClean(
    _ text: String, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let raw = line.unicodeScalars.filter(VisibleText.isEscaped)
      #expect(
        raw.isEmpty, "\(what): raw \(raw.map { "U+\(String($0.value, radix: 16))" }) in '\(line)'",
        sourceLocation: sourceLocation)
      #expect(
        !line.hasPrefix("!!"), "\(what): forged line '\(line)'", sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: payloads)
  func everyFieldOfATimelineScenario(_ payload: Payload) throws {
    try checkEveryField(of: .timeline, with: payload)
  }

  @Test(arguments: payloads)
  func everyFieldOfATableScenario(_ payload: Payload) throws {
    try checkEveryField(of: .table, with: payload)
  }

  /// Puts `payload` in each field of `template` in turn and runs, explores and checks the file.
  func checkEveryField(of template: ScenarioTemplate, with payload: Payload) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var accepted: [String] = []
    for field in template.fields {
      let relative = "scenarios/\(field).yaml"
      try folder.write(relative, template.text(with: field, as: payload.yaml))
      let path = folder.path(relative)
      let run = capture { RunCommand(files: [path]).execute(console: $0) }
      Self.expectClean(run.output + run.error, "run, \(field)")
      if payload.breaksLine && field != "about" {
        #expect(run.status == .badInput, "\(field)")
        #expect(
          run.error.contains("\(path):\(template.line(of: field)):")
            && run.error.contains("must be a single line, found a line break"),
          "\(field): \(run.error)")
        continue
      }
      guard run.status != .badInput else { continue }
      accepted.append(field)
      let explore = capture { ExploreCommand(files: [path]).execute(console: $0) }
      Self.expectClean(explore.output + explore.error, "explore, \(field)")
    }
    // Fields of free text take every payload without a line break; only prose takes one with.
    let freeText = template.freeText.filter { !payload.breaksLine || $0 == "about" }
    #expect(accepted == freeText)
    let check = capture {
      CheckCommand(
        scenarios: folder.path("scenarios"), traces: folder.path("traces"), update: true
      ).execute(console: $0)
    }
    Self.expectClean(check.output + check.error, "check --update")
    for (name, golden) in folder.snapshot() where name.hasPrefix("traces/") {
      Self.expectClean(String(decoding: golden, as: UTF8.self), name)
    }
  }

  @Test func hostileFileNamesAreShownEscaped() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("scenarios/\(Self.hostileName)", ScenarioTemplate.timeline.text())
    try folder.write("traces/orphan \u{1B}[2J.trace", "x\n")
    try folder.write("bad/\(Self.hostileName)", "name: bad\nmodel: review-prompt\n")
    let good = folder.path("scenarios/\(Self.hostileName)")
    let outputs = [
      capture { RunCommand(files: [good]).execute(console: $0) },
      capture { RunCommand(files: [folder.path("bad/\(Self.hostileName)")]).execute(console: $0) },
      capture { RunCommand(files: [folder.path("missing \u{1B}[2J\n!! x")]).execute(console: $0) },
      capture { ExploreCommand(files: [good]).execute(console: $0) },
      capture { TreeCommand(files: [folder.path("bad/\(Self.hostileName)")]).execute(console: $0) },
      capture {
        CheckCommand(scenarios: folder.path("scenarios"), traces: folder.path("traces"))
          .execute(console: $0)
      },
      capture {
        CheckCommand(
          scenarios: folder.path("scenarios"), traces: folder.path("traces"), update: true
        ).execute(console: $0)
      },
      capture {
        CheckCommand(scenarios: folder.path("bad"), traces: folder.path("traces"))
          .execute(console: $0)
      },
    ]
    for (index, result) in outputs.enumerated() {
      Self.expectClean(result.output + result.error, "command \(index)")
      #expect(!(result.output + result.error).isEmpty, "command \(index) printed nothing")
    }
    #expect(outputs[0].output.hasPrefix("racelab · review-prompt"))
    #expect(
      outputs[3].output.contains(
        #"replay: racelab run '"# + folder.path(#"scenarios/evil\u{1B}]0;title\u{07}\n!!"#)))
  }

  @Test func aGoldenWithControlCharactersIsDiffedEscaped() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("scenarios/a.yaml", ScenarioTemplate.timeline.text())
    try folder.write("traces/a.trace", "racelab \u{1B}[2J\r\n!! forged\u{07}\n")
    let check = capture {
      CheckCommand(scenarios: folder.path("scenarios"), traces: folder.path("traces"))
        .execute(console: $0)
    }
    #expect(check.status == .failure)
    #expect(check.output.contains(#"-racelab \u{1B}[2J\r"#))
    Self.expectClean(check.output + check.error, "diff")
  }

  @Test func hostileArgumentsAreShownEscaped() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("a.yaml", ScenarioTemplate.timeline.text())
    let file = folder.path("a.yaml")
    let evil = "\u{1B}[2J\u{1B}]0;evil\u{07}\r\n!!    9.999s  main  BROKEN fake"
    let outputs = [
      capture { RunCommand(files: [file], schedule: evil).execute(console: $0) },
      capture { RunCommand(files: [file], schedule: "0000000\u{1B}:default").execute(console: $0) },
      capture {
        RunCommand(files: [file], overrides: Overrides(variant: evil)).execute(console: $0)
      },
      capture {
        RunCommand(files: [file], overrides: Overrides(runtime: evil)).execute(console: $0)
      },
      capture { CheckCommand(scenarios: evil).execute(console: $0) },
      capture { SchemaCommand(model: evil).execute(console: $0) },
    ]
    for (index, result) in outputs.enumerated() {
      #expect(result.status == .badInput, "command \(index)")
      #expect(result.error.contains(#"\u{1B}"#), "command \(index): \(result.error)")
      Self.expectClean(result.output + result.error, "command \(index)")
    }
    for arguments in [
      [evil], ["run", file, "--format", evil], ["explore", file, "--random", evil],
      ["run", file, "--\(evil)"], ["help", evil], ["run", file, "--schedule", evil],
    ] {
      let result = try runRacelab(arguments)
      #expect(result.status == 2, "\(arguments)")
      Self.expectClean(result.outputText + result.errorText, "racelab \(arguments)")
    }
  }

  @Test func aForgedVersionLineExitsTwoWithALocatedError() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let template = ScenarioTemplate.timeline
    try folder.write(
      "forged.yaml", template.text(with: "version", as: Self.payloads[1].yaml))
    let result = try runRacelab(["run", folder.path("forged.yaml")])
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(
      result.errorText.hasPrefix(
        "\(folder.path("forged.yaml")):\(template.line(of: "version")):12: error: 'version' "
          + #"must be a single line, found a line break in '1.4.0\n!!    9.999s  main  BROKEN fake'"#
      ))
  }
}
