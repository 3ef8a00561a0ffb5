import Foundation
import Testing

/// The error catalogue, the documentation's article `ErrorCatalogue.md`: each `yaml` example with
/// the `console` block after it, and the table of command-line mistakes.
enum ErrorCatalogue {
  /// The name every example file has.
  static let fileName = "example.yaml"
  /// The name an example about a model file is run under.
  static let modelFileName = "example.model.yaml"

  /// One `$ racelab …` command: the file it runs, its arguments and what it must print.
  struct Example: Sendable, CustomTestStringConvertible {
    /// The article's line of the command.
    var line: Int
    /// The bytes of `example.yaml`, if the example has a file.
    var file: [UInt8]?
    var arguments: [String]
    /// A file given on standard input (`< example.yaml`).
    var standardInput: String?
    /// The lines standard error must hold, without the count that ends located errors.
    var expected: [String]

    var testDescription: String {
      "\(ErrorCatalogue.articleName):\(line): racelab \(arguments.joined(separator: " "))"
    }
  }

  /// The article's file name, in the documentation catalogue.
  static let articleName = "ErrorCatalogue.md"

  /// The article's lines with their line numbers; none when it is missing or has another title.
  static func section() -> [(number: Int, text: String)] {
    let url = documentationCatalogue.appendingPathComponent(articleName)
    guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
    let lines = String(decoding: data, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.first == "# Error catalogue" else { return [] }
    return lines.indices.map { ($0 + 1, lines[$0]) }
  }

  /// Every example, and what in the catalogue could not be read as one.
  static func parse() -> (examples: [Example], problems: [String]) {
    let lines = section()
    var examples: [Example] = []
    var problems: [String] = []
    var pendingFile: (line: Int, bytes: [UInt8])?
    var index = 0
    while index < lines.count {
      let (number, text) = lines[index]
      if text.hasPrefix("| `racelab") {
        examples.append(usageRow(text, line: number, problems: &problems))
        index += 1
        continue
      }
      guard text.hasPrefix("```"), text.count > 3 else {
        index += 1
        continue
      }
      var close = index + 1
      while close < lines.count && lines[close].text != "```" { close += 1 }
      let body = lines[(index + 1)..<min(close, lines.count)].map(\.text)
      index = close + 1
      switch text.dropFirst(3) {
      case "yaml":
        if let unused = pendingFile { problems.append("line \(unused.line): no console block") }
        let joined = body.joined(separator: "\n")
        pendingFile = (number, decode(joined.isEmpty ? "" : joined + "\n"))
      case "console":
        let prompt = "$ racelab "
        guard let command = body.first, command.hasPrefix(prompt) else {
          problems.append("line \(number + 1): a console block starts with '\(prompt)…'")
          continue
        }
        var arguments = command.dropFirst(prompt.count).split(separator: " ").map(String.init)
        var input: String?
        if arguments.count > 2 && arguments[arguments.count - 2] == "<" {
          input = arguments.removeLast()
          arguments.removeLast()
        }
        examples.append(
          Example(
            line: number + 1, file: pendingFile?.bytes, arguments: arguments,
            standardInput: input, expected: Array(body.dropFirst())))
        pendingFile = nil
      default:
        problems.append("line \(number): a block that is neither yaml nor console")
      }
    }
    if let unused = pendingFile { problems.append("line \(unused.line): no console block") }
    return (examples, problems)
  }

  /// A row of the command-line table: `` | `racelab ARGS` | `MESSAGE` | ``, printed as
  /// `racelab: error: MESSAGE; see 'racelab --help'`.
  private static func usageRow(_ row: String, line: Int, problems: inout [String]) -> Example {
    let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    guard cells.count == 2, cells.allSatisfy({ $0.hasPrefix("`") && $0.hasSuffix("`") }) else {
      problems.append("line \(line): a table row is not | `racelab …` | `MESSAGE` |")
      return Example(line: line, arguments: [], expected: [])
    }
    let command = cells[0].dropFirst().dropLast()
    let message = cells[1].dropFirst().dropLast()
    return Example(
      line: line,
      arguments: command.split(separator: " ").dropFirst().map(String.init),
      expected: ["racelab: error: \(message); see 'racelab --help'"])
  }

  /// The example's text as bytes, with `<U+0007>` as that character, `<0xE9>` as that byte
  /// and `<a × 3>` as `aaa`.
  static func decode(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "<") {
      bytes += rest[..<open].utf8
      guard let close = rest[open...].firstIndex(of: ">") else { break }
      let inner = rest[rest.index(after: open)..<close]
      let repetition = inner.split(separator: " × ")
      if inner.hasPrefix("U+"), let value = UInt32(inner.dropFirst(2), radix: 16),
        let scalar = Unicode.Scalar(value)
      {
        bytes += String(Character(scalar)).utf8
      } else if inner.hasPrefix("0x"), inner.count == 4,
        let byte = UInt8(inner.dropFirst(2), radix: 16)
      {
        bytes.append(byte)
      } else if repetition.count == 2, let count = Int(repetition[1]) {
        bytes += String(repeating: String(repetition[0]), count: count).utf8
      } else {
        bytes += rest[open...close].utf8
      }
      rest = rest[rest.index(after: close)...]
    }
    return bytes + Array(rest.utf8)
  }
}

/// The static parts of a Swift file's string literals: the text between interpolations, with
/// the common escapes resolved. Comments are skipped.
enum SwiftStringLiterals {
  static func staticText(in source: String) -> [String] {
    let bytes = Array(source.utf8)
    var found: [String] = []
    var index = 0

    /// Reads the literal whose opening quote is at `start`; returns the offset after it.
    func literal(_ start: Int) -> Int {
      var index = start + 1
      var text: [UInt8] = []
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\\") where index + 1 < bytes.count:
          let code = bytes[index + 1]
          if code == UInt8(ascii: "(") {
            found.append(String(decoding: text, as: UTF8.self))
            text = []
            index = interpolation(index + 2)
            continue
          }
          switch code {
          case UInt8(ascii: "n"): text.append(0x0A)
          case UInt8(ascii: "t"): text.append(0x09)
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "'"): text.append(code)
          default: text += [UInt8(ascii: "\\"), code]
          }
          index += 2
        case UInt8(ascii: "\""), 0x0A:
          found.append(String(decoding: text, as: UTF8.self))
          return index + 1
        default:
          text.append(bytes[index])
          index += 1
        }
      }
      return index
    }

    /// Skips an interpolation's expression (which may hold literals); returns the offset after
    /// its closing parenthesis.
    func interpolation(_ start: Int) -> Int {
      var index = start
      var depth = 1
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          index = literal(index)
          continue
        case UInt8(ascii: "("): depth += 1
        case UInt8(ascii: ")"):
          depth -= 1
          if depth == 0 { return index + 1 }
        default: break
        }
        index += 1
      }
      return index
    }

    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "/") && index + 1 < bytes.count
        && bytes[index + 1] == UInt8(ascii: "/")
      {
        while index < bytes.count && bytes[index] != 0x0A { index += 1 }
      } else if bytes[index] == UInt8(ascii: "\"") {
        index = literal(index)
      } else {
        index += 1
      }
    }
    return found
  }
}

/// Every example of the error catalogue gives exactly the lines it shows, and every
/// message the sources can print about a file is among them.
struct ErrorCatalogueTests {
  static let catalogue = ErrorCatalogue.parse()

  @Test func catalogueIsThereAndWellFormed() {
    #expect(Self.catalogue.problems == [])
    #expect(Self.catalogue.examples.count >= 100)
    #expect(
      Self.catalogue.examples.contains { $0.expected.first?.hasPrefix("example.yaml:") == true })
  }

  @Test func markersDecode() {
    #expect(
      ErrorCatalogue.decode("a<U+0007>b<0xE9><[ × 3>c<d>") == Array("a\u{7}b".utf8) + [0xE9]
        + Array("[[[c<d>".utf8))
  }

  @Test(arguments: catalogue.examples)
  func exampleGivesExactlyItsLines(_ example: ErrorCatalogue.Example) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let name = ErrorCatalogue.fileName
    if let file = example.file {
      try Data(file).write(to: folder.url.appendingPathComponent(name))
      // An example about a model file is that file.
      if example.arguments.contains(ErrorCatalogue.modelFileName) {
        try Data(file).write(to: folder.url.appendingPathComponent(ErrorCatalogue.modelFileName))
      }
    }
    let input = try example.standardInput.map {
      try Data(contentsOf: folder.url.appendingPathComponent($0))
    }
    let result = try runRacelab(example.arguments, in: folder.url, input: input)
    #expect(result.status == 2)
    #expect(result.outputText == "")
    var lines = result.errorText.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(lines.last == "", "standard error ends with a line break")
    lines.removeLast()
    // Located errors are followed by their count, hidden ones included.
    let shown = example.expected.filter { $0.hasPrefix("\(name):") && $0.contains(": error: ") }
    if !shown.isEmpty {
      let hidden =
        example.expected.lazy.compactMap { line -> Int? in
          guard line.hasPrefix("\(name): "), line.contains(" more errors not shown") else {
            return nil
          }
          return Int(line.dropFirst(name.count + 2).prefix { $0 != " " })
        }.first ?? 0
      let total = shown.count + hidden
      let count = "\(name): \(total) error\(total == 1 ? "" : "s"); the file was not run"
      #expect(lines.last == count)
      if lines.last == count { lines.removeLast() }
    }
    #expect(lines == example.expected)
  }

  /// Static message text that no example can show, each with the reason.
  static let exempt: [String: String] = [
    "written for the file's ": "part of a trace's note on overrides, not a diagnostic",
    "cannot read standard input": "needs standard input that fails to read",
    " is declared":
      "only a model file declares nothing of a kind; MalformedModels/ has an example",
    "cannot be read: ": "needs an unreadable file, and tests may run as root",
    "; the file was not run\n": "the count line, checked after every located example",
    "' has no task body to replace":
      "every built-in model has a task body; a model without one makes this reachable",
    "' is not built in":
      "the scenario layer accepts only the names of the models it was given, so binding finds one",
    "the model has none":
      "needs a second file, a model file without functions; FunctionCasesTests checks it",
    ": its model ": "needs a second file, a broken model file; ModelFileCommandTests checks it",
    " has errors; the file was not run\n":
      "needs a second file, a broken model file; ModelFileCommandTests checks it",
    ", so its runs never end by themselves; say when ":
      "needs a second file, a model file with periodic jobs; PeriodicJobTests checks it",
    "this one stops with 'until:' (such as until: 3d)":
      "needs a second file, a model file with periodic jobs; PeriodicJobTests checks it",
  ]

  /// The decoding helpers that scenario files and model files share, by path under `Sources/`:
  /// their messages are catalogued here, with the scenario format's.
  static let sharedHelpers = [
    "YAML/DecodingContext.swift", "ModelLanguage/Syntax/DurationSyntax.swift",
  ]

  /// The files whose string literals are messages about a scenario file: every literal of the
  /// scenario format and of the helpers it shares, and the commands' file loading, replay and
  /// explore checks. The messages about model files (`Sources/ModelLanguage`) have their own
  /// corpus, `MalformedModels/`.
  static func messageSources() -> [URL] {
    let format = repositoryRoot.appendingPathComponent("Sources/ScenarioFormat")
    let enumerator = FileManager.default.enumerator(atPath: format.path)
    var files: [URL] = []
    while let relative = enumerator?.nextObject() as? String {
      guard relative.hasSuffix(".swift") else { continue }
      files.append(format.appendingPathComponent(relative))
    }
    for helper in sharedHelpers {
      files.append(repositoryRoot.appendingPathComponent("Sources/\(helper)"))
    }
    for name in ["Files", "ScenarioFiles", "ScenarioRunner", "ExploreCommand"] {
      files.append(repositoryRoot.appendingPathComponent("Sources/Commands/\(name).swift"))
    }
    return files.sorted { $0.path < $1.path }
  }

  /// Completeness. A new message (or a new wording) is a string literal in these sources; every
  /// static piece of a literal that reads as text — a space and at least four letters, which
  /// keys, unit names and separators lack — must appear in an example's expected lines, which
  /// the test above checks against racelab itself. So a message without an example fails here,
  /// and an example whose message changed fails above.
  @Test func everyMessageInTheSourcesIsCatalogued() throws {
    let printed = Self.catalogue.examples.flatMap(\.expected).joined(separator: "\n")
    var pieces: [(file: String, text: String)] = []
    for url in Self.messageSources() {
      let source = try String(contentsOf: url, encoding: .utf8)
      for text in SwiftStringLiterals.staticText(in: source)
      where text.contains(" ") && text.filter(\.isLetter).count >= 4 {
        pieces.append((url.lastPathComponent, text))
      }
    }
    // The scan finds the messages at all: today about 160 pieces.
    #expect(pieces.count >= 120)
    #expect(pieces.contains { $0.text == "' is listed twice" })
    for piece in pieces where Self.exempt[piece.text] == nil {
      let shown = printed.contains(piece.text)
      #expect(
        shown,
        "\(piece.file): \"\(piece.text)\" appears in no example of \(ErrorCatalogue.articleName)")
    }
    for text in Self.exempt.keys {
      #expect(pieces.contains { $0.text == text }, "exempt \"\(text)\" is no longer in the sources")
    }
  }
}

/// The model-file half of the catalogue: `Tests/ScenarioFormatTests/MalformedModels/`, one file
/// per problem, whose `# expect:` lines give each diagnostic with its line and column
/// (`ModelMalformedCorpusTests` checks each file gives exactly those).
struct ModelFileErrorCatalogueTests {
  static let corpus = repositoryRoot.appendingPathComponent(
    "Tests/ScenarioFormatTests/MalformedModels")

  /// Every message of every corpus file, as its `# expect:` lines state it.
  static func statedMessages() throws -> [String] {
    let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
    var messages: [String] = []
    for name in names.sorted() where name.hasSuffix(".model.yaml") {
      let text = try String(
        contentsOf: corpus.appendingPathComponent(name), encoding: .utf8)
      for line in text.split(separator: "\n") {
        guard line.hasPrefix("# expect: ") else { break }
        messages.append(String(line.dropFirst("# expect: ".count).drop { $0 != " " }.dropFirst()))
      }
    }
    return messages
  }

  /// Static message text of the model-file loader that no file can show, each with the reason.
  static let exempt: [String: String] = [
    "the process's first lane runs a long job": "help text of a built-in event, shown by schema",
    "the process freezes; timers keep counting": "help text of a built-in event, shown by schema",
    "the process thaws": "help text of a built-in event, shown by schema",
    "the process dies and starts again (memory state reset, then its restart: and on-launch)":
      "help text of a built-in event, shown by schema",
    "the process dies until a relaunch": "help text of a built-in event, shown by schema",
    "the process it happens to": "help text of a built-in event's parameter, shown by schema",
    "how long the lane is busy": "help text of a built-in event's parameter, shown by schema",
    "signed amount (-30d, +2h)": "help text of a built-in event's parameter, shown by schema",
    "the wall clock jumps by a signed duration": "help text of a built-in event, shown by schema",
    "the operations as written": "help text of the implied variant 'original', shown by schema",
    ") at line ": "the label of an any(…) choice point, shown by explore",
    "the file has ": "needs a file past the size limit; ModelFileLimitTests checks it lowered",
    " bytes, more than the limit of ":
      "needs a file past the size limit; ModelFileLimitTests checks it lowered",
    " (raise it with --limits file-bytes=N)":
      "needs a file past the size limit; ModelFileLimitTests checks it lowered",
    " bytes is longer than the limit of ":
      "needs a value past the size limit; ModelFileLimitTests checks it lowered",
    " (raise it with --limits scalar-bytes=N)":
      "needs a value past the size limit; ModelFileLimitTests checks it lowered",
    "the model file could not be read":
      "a safety net for a failure without diagnostics, which the decoder never returns",
  ]

  /// The model-file loader's sources: the model language's syntax, checker and decoder (not
  /// its IR, which no file is read into directly), less the helpers it shares with scenario
  /// files, whose messages the scenario half catalogues.
  static func messageSources() throws -> [URL] {
    var files: [URL] = []
    for folder in ["Syntax", "Checking", "Decoding"] {
      let relative = "ModelLanguage/\(folder)"
      let url = repositoryRoot.appendingPathComponent("Sources/\(relative)")
      for name in try FileManager.default.contentsOfDirectory(atPath: url.path)
      where name.hasSuffix(".swift")
        && !ErrorCatalogueTests.sharedHelpers.contains("\(relative)/\(name)")
      {
        files.append(url.appendingPathComponent(name))
      }
    }
    return files.sorted { $0.path < $1.path }
  }

  /// Completeness, as for scenario files: every static piece of a string literal in the
  /// model-file loader that reads as text must appear in a corpus file's stated messages.
  @Test func everyModelFileMessageHasACorpusExample() throws {
    let stated = try Self.statedMessages().joined(separator: "\n")
    var pieces: [(file: String, text: String)] = []
    for url in try Self.messageSources() {
      let source = try String(contentsOf: url, encoding: .utf8)
      for text in SwiftStringLiterals.staticText(in: source)
      where text.contains(" ") && text.filter(\.isLetter).count >= 4 {
        pieces.append((url.lastPathComponent, text))
      }
    }
    #expect(pieces.count >= 150)
    var missing: [String] = []
    for piece in pieces where Self.exempt[piece.text] == nil && !stated.contains(piece.text) {
      missing.append("\(piece.file): \"\(piece.text)\"")
    }
    #expect(missing == [], "no file of MalformedModels/ states these")
    for text in Self.exempt.keys {
      #expect(pieces.contains { $0.text == text }, "exempt \"\(text)\" is no longer in the sources")
    }
  }
}
