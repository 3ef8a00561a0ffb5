import Foundation
import ScenarioFormat
import Testing

/// Mutated model files load to a program or to located diagnostics: never a crash, a hang or a
/// location outside the file.
struct ModelMutationTests {
  static func inputs(perFile: Int, seed: UInt64) -> [[UInt8]] {
    var generator = YAMLSeededGenerator(state: seed)
    var inputs: [[UInt8]] = []
    let sources =
      modelFiles(under: repositoryScenariosDirectory).map {
        repositoryScenariosDirectory.appendingPathComponent($0)
      }
      + malformedModelNames().prefix(10).map { malformedModelsDirectory.appendingPathComponent($0) }
    for url in sources {
      guard let data = FileManager.default.contents(atPath: url.path) else { continue }
      let bytes = [UInt8](data)
      for _ in 0..<perFile { inputs.append(ScenarioMutator.mutate(bytes, using: &generator)) }
      // Line deletions and duplications, every line once.
      let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      for index in lines.indices {
        var deleted = lines
        deleted.remove(at: index)
        inputs.append(Array(deleted.joined(separator: [UInt8(ascii: "\n")])))
        var doubled = lines
        doubled.insert(lines[index], at: index)
        inputs.append(Array(doubled.joined(separator: [UInt8(ascii: "\n")])))
      }
    }
    return inputs
  }

  @Test func mutatedModelFilesNeverCrashTheLoader() {
    #expect(!modelFiles(under: repositoryScenariosDirectory).isEmpty)
    // A hang shows as a test that never ends; the verdict never depends on the machine's speed.
    let inputs = Self.inputs(perFile: 100, seed: 0x5EED_0300)
    var accepted = 0
    var rejected = 0
    for (index, bytes) in inputs.enumerated() {
      switch ModelFileLoader.load(bytes) {
      case .success:
        accepted += 1
      case .failure(let list):
        rejected += 1
        let problems = diagnosticLocationProblems(list, in: bytes)
        #expect(problems.isEmpty, "input \(index): \(problems)")
      }
    }
    #expect(accepted > 0)
    #expect(rejected > 0)
  }
}
