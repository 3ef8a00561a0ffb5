import Foundation
import Testing

/// The documentation: the README and the DocC catalogue's articles. What they show racelab
/// printing is what racelab prints, the figures they take from the repository are its own, and
/// the README stays a short front page whose links all lead somewhere.
enum Documentation {
  /// The catalogue's Markdown files by name (`GettingStarted.md`), the overview included.
  static func articles() -> [String: String] {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: documentationCatalogue.path)) ?? []
    var articles: [String: String] = [:]
    for name in names where name.hasSuffix(".md") {
      let url = documentationCatalogue.appendingPathComponent(name)
      articles[name] = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }
    return articles
  }

  static func readme() -> String {
    let url = repositoryRoot.appendingPathComponent("README.md")
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }

  /// A fenced block: its file, the line of its opening fence, its language and its lines.
  struct Block: Sendable {
    var file: String
    var line: Int
    var language: String
    var lines: [String]
  }

  static func blocks(in text: String, file: String) -> [Block] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var blocks: [Block] = []
    var index = 0
    while index < lines.count {
      guard lines[index].hasPrefix("```") else {
        index += 1
        continue
      }
      let language = String(lines[index].dropFirst(3))
      var close = index + 1
      while close < lines.count && lines[close] != "```" { close += 1 }
      blocks.append(
        Block(
          file: file, line: index + 1, language: language,
          lines: Array(lines[(index + 1)..<min(close, lines.count)])))
      index = close + 1
    }
    return blocks
  }

  /// A block that shows a command and what it prints: its first line is `$ racelab …` (or
  /// `$ swift run racelab …`), and the lines after it are racelab's, perhaps abridged.
  struct ShownCommand: Sendable, CustomTestStringConvertible {
    var block: Block
    var arguments: [String]
    var shown: [String]

    var testDescription: String {
      "\(block.file):\(block.line): racelab \(arguments.joined(separator: " "))"
    }
  }

  /// Every shown command of the articles and the README; the error catalogue's examples have
  /// a test of their own (`ErrorCatalogueTests`).
  static func shownCommands() -> [ShownCommand] {
    var files = articles().filter { $0.key != ErrorCatalogue.articleName }
    files["README.md"] = readme()
    var commands: [ShownCommand] = []
    for (file, text) in files.sorted(by: { $0.key < $1.key }) {
      for block in blocks(in: text, file: file) {
        guard let first = block.lines.first else { continue }
        let prompt = ["$ racelab ", "$ swift run racelab "].first { first.hasPrefix($0) }
        guard let prompt else { continue }
        commands.append(
          ShownCommand(
            block: block,
            arguments: first.dropFirst(prompt.count).split(separator: " ").map(String.init),
            shown: Array(block.lines.dropFirst())))
      }
    }
    return commands
  }

  /// Whether `actual` is a line the documentation shows as `shown`: the same, or, where `shown`
  /// leaves something out with `…`, the same around it (trailing spaces never count).
  static func line(_ shown: String, matches actual: String) -> Bool {
    let shown = shown.trimmingSuffixSpaces
    let actual = actual.trimmingSuffixSpaces
    let pieces = shown.components(separatedBy: "…")
    guard pieces.count > 1 else { return shown == actual }
    guard actual.hasPrefix(pieces[0]), actual.hasSuffix(pieces[pieces.count - 1]) else {
      return false
    }
    var rest = actual.dropFirst(pieces[0].count)
    rest = rest.dropLast(pieces[pieces.count - 1].count)
    for piece in pieces.dropFirst().dropLast() {
      guard let found = rest.range(of: piece) else { return false }
      rest = rest[found.upperBound...]
    }
    return true
  }

  /// The shown lines that are not found, in order, among the lines printed; a line `…` alone
  /// stands for lines left out, as do the lines an abridged block skips.
  static func unmatched(_ shown: [String], in printed: [String]) -> [String] {
    var missing: [String] = []
    var next = 0
    for line in shown where line.trimmingCharacters(in: .whitespaces) != "…" {
      if let found = printed[next...].firstIndex(where: { Self.line(line, matches: $0) }) {
        next = found + 1
      } else {
        missing.append(line)
      }
    }
    return missing
  }
}

extension String {
  fileprivate var trimmingSuffixSpaces: String {
    var text = Substring(self)
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}

struct DocumentationTests {
  @Test("every command the documentation shows prints the lines it shows, in that order")
  func shownCommandsPrintWhatIsShown() throws {
    let commands = Documentation.shownCommands()
    // The explore example, the device-identity tutorial's run, explorations and copy, the
    // first trace a reader sees.
    #expect(commands.count >= 6)
    for command in commands {
      // In a folder of its own that sees the repository's scenarios, so that a command that
      // writes (`models --copy`) writes there.
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      try FileManager.default.createSymbolicLink(
        at: folder.url.appendingPathComponent("scenarios"), withDestinationURL: repositoryScenarios)
      let result = try runRacelab(command.arguments, in: folder.url)
      let printed = (result.outputText + result.errorText)
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let missing = Documentation.unmatched(command.shown, in: printed)
      #expect(
        missing.isEmpty,
        """
        \(command.testDescription) no longer prints, in this order:
        \(missing.joined(separator: "\n"))
        It prints:
        \(printed.joined(separator: "\n"))
        """)
    }
  }

  @Test func lineMatching() {
    #expect(Documentation.line("a … c", matches: "a b c   "))
    #expect(Documentation.line("run … --schedule 1:2=1", matches: "run x.yaml --schedule 1:2=1"))
    #expect(!Documentation.line("run … --schedule 1:2=1", matches: "run x.yaml --schedule 1:2=2"))
    #expect(Documentation.line("shortest: 2 choices, …", matches: "shortest: 2 choices, a b"))
    #expect(!Documentation.line("366 schedules", matches: "367 schedules"))
    #expect(Documentation.unmatched(["a", "…", "c"], in: ["a", "b", "c"]).isEmpty)
    #expect(Documentation.unmatched(["c", "a"], in: ["a", "b", "c"]) == ["a"])
  }

  /// The table of systems written as model files counts each folder's scenarios.
  @Test func theSystemsTableCountsEachFoldersScenarios() throws {
    let tutorial = try #require(Documentation.articles()["WritingAModel.md"])
    var rows = 0
    for match in tutorial.matches(of: /\n\| `([a-z-]+)\/` \|[^\n]*\| ([0-9]+) \|/) {
      let folder = repositoryScenarios.appendingPathComponent(String(match.1))
      let files = try #require(FileManager.default.enumerator(atPath: folder.path))
        .compactMap { $0 as? String }
        .filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".model.yaml") }
      #expect(files.count == Int(match.2), "scenarios/\(match.1)/ holds \(files.count)")
      rows += 1
    }
    #expect(rows >= 4)
  }

  /// The README is the front page: short, its code the getting-started article's, its links
  /// leading to files that exist, one for every article.
  @Test func theReadmeIsAShortFrontPageToTheArticles() throws {
    let readme = Documentation.readme()
    let articles = Documentation.articles()
    #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 300)

    // The quick start's commands, and the installation's.
    let gettingStarted = try #require(articles["GettingStarted.md"])
    let documentation = try #require(readme.range(of: "\n## Documentation\n"))
    let front = String(readme[..<documentation.lowerBound])
    for block in Documentation.blocks(in: front, file: "README.md") where block.language == "sh" {
      let text = (["```sh"] + block.lines + ["```"]).joined(separator: "\n")
      #expect(
        gettingStarted.contains(text), "README.md:\(block.line): not in GettingStarted.md")
    }

    var linked: Set<String> = []
    for match in readme.matches(of: /\]\(([^)#:]+)(#[^)]*)?\)/) {
      let path = String(match.1)
      #expect(
        FileManager.default.fileExists(
          atPath: repositoryRoot.appendingPathComponent(path).path),
        "README.md links to \(path), which does not exist")
      linked.insert(path)
    }
    let overview = try #require(articles["racelab.md"])
    for name in articles.keys where name != "racelab.md" {
      #expect(
        linked.contains("Sources/racelab/racelab.docc/\(name)"),
        "README.md's table of contents does not link \(name)")
      #expect(
        overview.contains("- <doc:\(name.dropLast(3))>"), "racelab.md's topics lack \(name)")
    }
  }
}
