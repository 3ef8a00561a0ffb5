import Foundation
import Testing

/// The target table of `LayoutAndAddingAModel.md` against `Package.swift`: what the table says
/// each target knows is what the manifest says it depends on.
enum TargetTable {
  /// One target the manifest declares.
  struct Declared {
    var kind: String
    var dependencies: Set<String>
    var path: String?
  }

  /// One row of the table: the targets it names and its "knows" cell.
  struct Row {
    var targets: [String]
    var knows: String
  }

  /// Every `.target(`, `.executableTarget(`, `.testTarget(` and `.plugin(` after the manifest's
  /// `targets: [`, by name: its kind, the quoted names of its `dependencies: […]` and its
  /// `path:`. Whole-line comments are skipped.
  static func declared(inManifest manifest: String) -> [String: Declared] {
    let code = manifest.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
      .joined(separator: "\n")
    guard let list = code.range(of: "\n  targets: [") else { return [:] }
    let targets = code[list.upperBound...]
    let starts = targets.matches(of: /\.(target|executableTarget|testTarget|plugin)\(/)
    var found: [String: Declared] = [:]
    for (index, start) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : targets.endIndex
      let declaration = targets[start.range.lowerBound..<end]
      guard let name = declaration.firstMatch(of: /name: "([^"]+)"/)?.1 else { continue }
      let list = declaration.firstMatch(of: /dependencies: \[([^\]]*)\]/)?.1 ?? ""
      found[String(name)] = Declared(
        kind: String(start.1),
        dependencies: Set(list.matches(of: /"([^"]+)"/).map { String($0.1) }),
        path: declaration.firstMatch(of: /path: "([^"]+)"/).map { String($0.1) })
    }
    return found
  }

  /// The table's rows, in order: the backquoted target names of the first cell, and the last.
  static func rows(in article: String) -> [Row] {
    let lines = article.split(separator: "\n").map(String.init)
    guard let header = lines.firstIndex(of: "| target | layer | knows |") else { return [] }
    var rows: [Row] = []
    for line in lines.dropFirst(header + 2) {
      guard line.hasPrefix("|") else { break }
      let cells = line.replacing("\\|", with: "/").split(
        separator: "|", omittingEmptySubsequences: false
      )
      .map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count == 5 else { continue }
      let targets = cells[1].matches(of: /`([A-Za-z][A-Za-z-]*)`/).map { String($0.1) }
      rows.append(Row(targets: targets, knows: cells[3]))
    }
    return rows
  }

  /// The words the "knows" cells use for targets.
  static let phrases: [String: Set<String>] = [
    "nothing": [], "nothing else": [], "the contract": ["ModelContract"],
    "values": ["ModelContract"], "the kernel": ["RacelabKernel"], "trace events": ["RacelabKernel"],
    "the language": ["ModelLanguage"], "the scenario format": ["ScenarioFormat"],
    "commands": ["Commands"], "the `racelab` executable": ["racelab"],
  ]

  /// The targets a "knows" cell names, `above` standing for "everything above"; `nil` when a
  /// part is none of ``phrases``, a backquoted name or "everything above". A parenthesis is a
  /// remark, not a target.
  static func known(_ knows: String, above: Set<String>) -> Set<String>? {
    let parts = knows.replacing(/\([^)]*\)/, with: "").replacing(" and ", with: ",")
      .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    var names: Set<String> = []
    for part in parts {
      if part == "everything above" {
        names.formUnion(above)
      } else if let words = phrases[part] {
        names.formUnion(words)
      } else if let match = part.wholeMatch(of: /`([A-Za-z][A-Za-z-]*)`/) {
        names.insert(String(match.1))
      } else {
        return nil
      }
    }
    return names
  }
}

/// The layout article's target table is the package's target graph.
struct TargetTableTests {
  @Test("the layout article's table lists every target of Sources/ with its dependencies")
  func theTargetTableIsThePackagesGraph() throws {
    let manifest = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let declared = TargetTable.declared(inManifest: manifest)
    let article = try #require(Documentation.articles()["LayoutAndAddingAModel.md"])
    let rows = TargetTable.rows(in: article)
    #expect(rows.count >= 10)
    var above: Set<String> = []
    for row in rows where !row.knows.isEmpty {
      let known = TargetTable.known(row.knows, above: above)
      #expect(known != nil, "the table's '\(row.knows)' names no target the test knows")
      for target in row.targets {
        let dependencies = declared[target]?.dependencies
        #expect(
          dependencies == known,
          """
          \(target): the table says it knows \((known ?? []).sorted()), Package.swift gives \
          \((dependencies ?? []).sorted())
          """)
      }
      above.formUnion(row.targets)
    }
    let listed = Set(rows.flatMap(\.targets))
    for (name, target) in declared
    where target.kind != "testTarget" && (target.path ?? "Sources/").hasPrefix("Sources/") {
      #expect(listed.contains(name), "\(name) is in Package.swift but not in the table")
    }
  }

  @Test func readingTheKnowsColumn() {
    #expect(
      TargetTable.known("the contract and `YAML` (a remark)", above: []) == [
        "ModelContract", "YAML",
      ])
    #expect(TargetTable.known("everything above", above: ["A", "B"]) == ["A", "B"])
    #expect(TargetTable.known("the moon", above: []) == nil)
  }
}
