import Foundation
import Testing
import YAML

/// A harmful answer speaks for the whole run it answers: in every committed trace, the answer
/// its model gave (the first of `answers:` whose `when:` holds) names, as `broken.NAME` in its
/// `when:`, every invariant the run broke, so that its harm and its fix are the ones written
/// for what this run did, not for one of its invariants while another one broke too.
struct AnswerCoverageTests {
  /// One entry of a model's `answers:`: its harm's literal words, in order, and the invariants
  /// its `when:` requires broken.
  struct Answer {
    let literals: [Substring]
    let required: Set<String>

    /// Whether `sentence` is this answer's harm: its literal words in order, each `{…}` part
    /// standing for any words, the first at the start and the last at the end.
    func reads(_ sentence: Substring) -> Bool {
      guard let first = literals.first, let last = literals.last,
        sentence.hasPrefix(first), sentence.hasSuffix(last)
      else { return false }
      var rest = sentence.dropFirst(first.count)
      for literal in literals.dropFirst().dropLast() {
        guard let found = rest.range(of: literal) else { return false }
        rest = rest[found.upperBound...]
      }
      return literals.count == 1 ? rest.isEmpty : rest.count >= last.count
    }
  }

  /// The harmful answers of the model file `url`, in file order.
  static func answers(_ url: URL) throws -> [Answer] {
    let bytes = try [UInt8](Data(contentsOf: url))
    guard case .success(let root) = YAMLParser.parse(bytes, allowsDottedKeys: true),
      case .mapping(let entries) = root.content,
      case .sequence(let items) = entries.first(where: { $0.key == "answers" })?.value.content
    else { return [] }
    return items.compactMap { item in
      guard case .mapping(let fields) = item.content,
        case .scalar(let harm, _) = fields.first(where: { $0.key == "harm" })?.value.content
      else { return nil }
      var when = ""
      if case .scalar(let text, _) = fields.first(where: { $0.key == "when" })?.value.content {
        when = text
      }
      let literals = harm.split(separator: /\{[^}]*\}/, omittingEmptySubsequences: false)
      let required = when.matches(of: /(^|[^!])broken\.([a-z0-9-]+)/).map { String($0.output.2) }
      return Answer(literals: literals, required: Set(required))
    }
  }

  /// The model file named `name`: a bundled one, or one beside the scenarios.
  static func modelFile(_ name: String) -> URL? {
    let candidates =
      [repositoryRoot.appendingPathComponent("Sources/ModelLibrary/models/\(name).model.yaml")]
      + ((try? FileManager.default.subpathsOfDirectory(atPath: repositoryScenarios.path)) ?? [])
      .filter { $0.hasSuffix("/\(name).model.yaml") }
      .map { repositoryScenarios.appendingPathComponent($0) }
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
  }

  @Test("every committed trace's harm and fix were written for all the invariants it broke")
  func everyHarmCoversItsRun() throws {
    let traces = try FileManager.default.subpathsOfDirectory(atPath: repositoryTraces.path)
      .filter { $0.hasSuffix(".trace") }.sorted()
    var checked = 0
    for path in traces {
      let text = try String(
        contentsOf: repositoryTraces.appendingPathComponent(path), encoding: .utf8)
      let lines = text.split(separator: "\n").map(String.init)
      guard let harm = lines.first(where: { $0.hasPrefix("HARM: ") })?.dropFirst(6),
        let brokenLine = lines.first(where: { $0.hasPrefix("broken: ") }),
        let model = lines.first?.split(separator: " · ").dropFirst().first,
        let file = Self.modelFile(String(model))
      else { continue }
      let broken = Set(brokenLine.dropFirst(8).split(separator: ", ").map(String.init))
      let answer = try #require(
        try Self.answers(file).first { $0.reads(harm) },
        "\(path): no answer of \(file.lastPathComponent) reads \(harm)")
      #expect(
        broken.isSubset(of: answer.required),
        "\(path) broke \(broken.sorted()) but its answer was written for \(answer.required.sorted())"
      )
      checked += 1
    }
    #expect(checked > 30, "the committed traces give harmful answers")
  }
}
