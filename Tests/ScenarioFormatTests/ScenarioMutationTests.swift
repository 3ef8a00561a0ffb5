import Foundation
import RacelabKernel
import ScenarioFormat
import TestSizes
import Testing
import YAML

/// Deterministic mutations of real scenario files, for robustness tests.
enum ScenarioMutator {
  /// Bytes that the YAML subset gives meaning to, or that must be rejected cleanly.
  static let specialBytes: [UInt8] = [
    UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "&"),
    UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "\t"), 0x00, 0xFF, UInt8(ascii: "\n"),
    UInt8(ascii: "\r"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "|"), UInt8(ascii: "#"),
    UInt8(ascii: " "), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","),
  ]

  /// One random mutation of `bytes`.
  static func mutate(_ bytes: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
    guard !bytes.isEmpty else { return specialBytes }
    var result = bytes
    let position = Int.random(in: 0..<bytes.count, using: &generator)
    switch Int.random(in: 0..<7, using: &generator) {
    case 0:  // flip one bit
      result[position] ^= 1 << UInt8.random(in: 0...7, using: &generator)
    case 1:  // truncate
      result.removeSubrange(position...)
    case 2:  // duplicate a range in place
      let end = min(bytes.count, position + Int.random(in: 1...80, using: &generator))
      result.insert(contentsOf: bytes[position..<end], at: end)
    case 3:  // insert a special byte
      result.insert(specialBytes.randomElement(using: &generator)!, at: position)
    case 4:  // overwrite with a special byte
      result[position] = specialBytes.randomElement(using: &generator)!
    case 5:  // delete a range
      let end = min(bytes.count, position + Int.random(in: 1...40, using: &generator))
      result.removeSubrange(position..<end)
    default:  // several mutations at once
      for _ in 0..<Int.random(in: 2...6, using: &generator) {
        result = mutate(result, using: &generator)
      }
    }
    return result
  }

  /// Every mutated input for the files in `directory`: `perFile` each. Each file's mutations
  /// come from a seed of their own (`seed` and the file's name), so mutation `k` of a file is
  /// the same bytes at every `perFile` above `k`.
  static func inputs(from directory: URL, perFile: Int, seed: UInt64) -> [MutatedInput] {
    var inputs: [MutatedInput] = []
    for relative in yamlFiles(under: directory) {
      guard
        let data = FileManager.default.contents(
          atPath: directory.appendingPathComponent(relative).path)
      else { continue }
      inputs += mutations(of: [UInt8](data), named: relative, count: perFile, seed: seed)
    }
    return inputs
  }

  /// `count` mutations of the file `name` holding `bytes`, drawn from `seed` and the name.
  static func mutations(of bytes: [UInt8], named name: String, count: Int, seed: UInt64)
    -> [MutatedInput]
  {
    // FNV-1a of the name: a file's seed depends on nothing but its name.
    let nameHash = name.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) {
      ($0 ^ UInt64($1)) &* 0x100_0000_01b3
    }
    var generator = SplitMix64(seed: seed ^ nameHash)
    return (0..<count).map {
      MutatedInput(
        name: "\(name), mutation \($0 + 1) of seed \(seed)", bytes: mutate(bytes, using: &generator)
      )
    }
  }
}

/// One mutated file, named by its source and how it was made, so a failure can be found again.
struct MutatedInput: Equatable {
  var name: String
  var bytes: [UInt8]
}

/// The locations a diagnostic may point at in `bytes`: lines 1 through the last line (a final
/// line break opens one more, empty line), columns 1 through one past the line's end.
func diagnosticLocationProblems(_ list: DiagnosticList, in bytes: [UInt8]) -> [String] {
  let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
  var problems: [String] = []
  for diagnostic in list.diagnostics + list.diagnostics.flatMap(\.notes) {
    let location = diagnostic.location
    guard location.line >= 1, location.line <= lines.count else {
      problems.append("line \(location.line) outside 1...\(lines.count): \(diagnostic.message)")
      continue
    }
    let width = lines[lines.startIndex + location.line - 1].count
    if location.column < 1 || location.column > width + 1 {
      problems.append(
        "column \(location.column) outside 1...\(width + 1) on line \(location.line): "
          + diagnostic.message)
    }
    if diagnostic.message.isEmpty { problems.append("empty message at \(location)") }
  }
  if list.diagnostics.isEmpty { problems.append("a failure without diagnostics") }
  return problems
}

/// Mutated scenario files load to a scenario or to located diagnostics: never a crash, a hang
/// or a location outside the file.
struct ScenarioMutationTests {
  @Test func mutatedScenarioFilesNeverCrashTheLoader() {
    let inputs = ScenarioMutator.inputs(
      from: repositoryScenariosDirectory, perFile: TestSize.count(standard: 15, thorough: 60),
      seed: 0x5EED_0003)
    #expect(inputs.count >= 750)
    var accepted = 0
    var rejected = 0
    for input in inputs {
      switch ScenarioLoader.load(input.bytes, models: scenarioModels) {
      case .success:
        accepted += 1
      case .failure(let list):
        rejected += 1
        let problems = diagnosticLocationProblems(list, in: input.bytes)
        #expect(problems.isEmpty, "\(input.name): \(problems)")
      }
    }
    // Both outcomes occur, so the mutations reach the decoder as well as the parser.
    #expect(accepted > 0)
    #expect(rejected > 0)
  }

  @Test func mutatedMalformedScenariosNeverCrashTheLoader() {
    let inputs = ScenarioMutator.inputs(
      from: malformedScenariosDirectory, perFile: TestSize.count(standard: 5, thorough: 20),
      seed: 0x5EED_0004)
    for input in inputs {
      if case .failure(let list) = ScenarioLoader.load(input.bytes, models: scenarioModels) {
        let problems = diagnosticLocationProblems(list, in: input.bytes)
        #expect(problems.isEmpty, "\(input.name): \(problems)")
      }
    }
  }

  @Test func mutationsAreDeterministic() {
    let first = ScenarioMutator.inputs(from: repositoryScenariosDirectory, perFile: 3, seed: 9)
    let second = ScenarioMutator.inputs(from: repositoryScenariosDirectory, perFile: 3, seed: 9)
    #expect(!first.isEmpty)
    #expect(first == second)
    // A larger size adds mutations after a file's first ones and changes none of them.
    let more = ScenarioMutator.inputs(from: repositoryScenariosDirectory, perFile: 5, seed: 9)
    #expect(first.allSatisfy(more.contains))
  }

  @Test func locationCheckCatchesOutOfRangeLocations() {
    let bytes = Array("a: 1\nb: 2\n".utf8)
    let outside = DiagnosticList([
      Diagnostic(location: .init(line: 4, column: 1), message: "x"),
      Diagnostic(location: .init(line: 1, column: 6), message: "y"),
      Diagnostic(location: .init(line: 1, column: 0), message: "z"),
    ])
    #expect(diagnosticLocationProblems(outside, in: bytes).count == 3)
    let inside = DiagnosticList([
      Diagnostic(location: .init(line: 3, column: 1), message: "end of file"),
      Diagnostic(location: .init(line: 2, column: 5), message: "end of line"),
    ])
    #expect(diagnosticLocationProblems(inside, in: bytes).isEmpty)
  }
}
