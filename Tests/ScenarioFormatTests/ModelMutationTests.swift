import Foundation
import ModelLanguage
import TestSizes
import Testing

/// Mutated model files load to a program or to located diagnostics: never a crash, a hang or a
/// location outside the file.
struct ModelMutationTests {
  /// `perFile` random mutations of every model file (and of ten malformed ones), then each
  /// file with one line deleted and with one line doubled, for every `lineStride`-th line.
  static func inputs(perFile: Int, lineStride: Int, seed: UInt64) -> [MutatedInput] {
    var inputs: [MutatedInput] = []
    let sources =
      modelFiles(under: repositoryScenariosDirectory).map {
        ($0, repositoryScenariosDirectory.appendingPathComponent($0))
      }
      + malformedModelNames().prefix(10).map {
        ($0, malformedModelsDirectory.appendingPathComponent($0))
      }
    for (name, url) in sources {
      guard let data = FileManager.default.contents(atPath: url.path) else { continue }
      let bytes = [UInt8](data)
      inputs += ScenarioMutator.mutations(of: bytes, named: name, count: perFile, seed: seed)
      let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      for index in stride(from: 0, to: lines.count, by: lineStride) {
        var deleted = lines
        deleted.remove(at: index)
        inputs.append(
          MutatedInput(
            name: "\(name) without line \(index + 1)",
            bytes: Array(deleted.joined(separator: [UInt8(ascii: "\n")]))))
        var doubled = lines
        doubled.insert(lines[index], at: index)
        inputs.append(
          MutatedInput(
            name: "\(name) with line \(index + 1) doubled",
            bytes: Array(doubled.joined(separator: [UInt8(ascii: "\n")]))))
      }
    }
    return inputs
  }

  @Test func mutatedModelFilesNeverCrashTheLoader() {
    #expect(!modelFiles(under: repositoryScenariosDirectory).isEmpty)
    // A hang shows as a test that never ends; the verdict never depends on the machine's speed.
    let inputs = Self.inputs(
      perFile: TestSize.count(standard: 10, thorough: 100),
      lineStride: TestSize.current == .thorough ? 1 : 5, seed: 0x5EED_0300)
    var accepted = 0
    var rejected = 0
    for input in inputs {
      switch ModelFileLoader.load(input.bytes) {
      case .success:
        accepted += 1
      case .failure(let list):
        rejected += 1
        let problems = diagnosticLocationProblems(list, in: input.bytes)
        #expect(problems.isEmpty, "\(input.name): \(problems)")
      }
    }
    #expect(accepted > 0)
    #expect(rejected > 0)
  }
}
