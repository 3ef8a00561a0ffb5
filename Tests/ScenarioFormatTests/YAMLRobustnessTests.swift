import RacelabKernel
import ScenarioFormat
import Testing
import YAML
/// The first diagnostic's message, or nil when the input parses.
func firstYAMLMessage(_ text: String) -> String? {
  guard case .failure(let list) = YAMLParser.parse(Array(text.utf8)) else { return nil }
  return list.diagnostics.first?.message
}

/// Inputs nested far deeper than the limit, in every way the format allows.
let yamlDeeplyNestedInputs = [
  String(repeating: "[", count: 10_000),
  String(repeating: "{a: ", count: 10_000),
  "k: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000),
  String(repeating: "- ", count: 10_000) + "x\n",
  (0..<2_000).map { String(repeating: " ", count: $0) + "a:\n" }.joined(),
  (0..<2_000).map { String(repeating: " ", count: $0) + "-\n" }.joined(),
  (0..<2_000).map { String(repeating: " ", count: 2 * $0) + "- a:\n" }.joined(),
]

/// Hostile input (deep nesting, garbage, huge lines) yields diagnostics, never a crash.
struct YAMLRobustnessTests {
  @Test(arguments: yamlDeeplyNestedInputs.indices)
  func deepNestingIsRejected(_ index: Int) {
    #expect(firstYAMLMessage(yamlDeeplyNestedInputs[index]) == "nesting deeper than 64 levels")
  }

  @Test func nestingUpToTheLimitIsAccepted() {
    let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    #expect(firstYAMLMessage(text) == nil)
  }

  @Test func randomGarbageNeverCrashes() {
    var generator = SplitMix64(seed: 2024)
    let alphabet = Array(" -:[]{},'\"#|>+\n\r\t&*!?%ab1\\.~é".utf8)
    for round in 0..<4_000 {
      let length = Int.random(in: 0..<120, using: &generator)
      let bytes = (0..<length).map { _ in
        round.isMultiple(of: 2)
          ? UInt8.random(in: 0...255, using: &generator)
          : alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
      }
      if case .success(let node) = YAMLParser.parse(bytes) {
        #expect(!node.canonicalJSON().isEmpty)
      }
    }
  }

  @Test func truncatedAndMutatedValidDocumentsNeverCrash() {
    var generator = SplitMix64(seed: 7)
    for validCase in yamlValidCases {
      let bytes = Array(validCase.yaml.utf8)
      for end in 0...bytes.count {
        _ = YAMLParser.parse(Array(bytes[..<end]))
      }
      for _ in 0..<20 where !bytes.isEmpty {
        var mutated = bytes
        mutated[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
          in: 0...255, using: &generator)
        _ = YAMLParser.parse(mutated)
      }
    }
  }

  @Test func megabyteLinesParse() throws {
    let word = String(repeating: "x", count: 1_000_000)
    let plain = try #require(parseValidYAML("k: \(word)\n"))
    #expect(plain.canonicalJSON().utf8.count == 1_000_008)
    let items = Array(repeating: "é", count: 300_000).joined(separator: ", ")
    let flow = try #require(parseValidYAML("k: [\(items)]\n"))
    guard case .mapping(let entries) = flow.content,
      case .sequence(let list) = entries[0].value.content
    else {
      Issue.record("expected a sequence")
      return
    }
    #expect(list.count == 300_000)
    #expect(list.last?.location.column == 5 + 3 * 299_999)
    #expect(firstYAMLMessage("k: [" + items) != nil)
  }

  @Test func hugeNumbersStayStrings() {
    let digits = String(repeating: "9", count: 10_000)
    #expect(parseValidYAML("n: \(digits)\n")?.canonicalJSON() == #"{"n":""# + digits + #""}"#)
  }

  @Test func manyEventsParse() throws {
    let events = (0..<20_000).map { "  - at: \($0)\n    kind: pit\n    runner: r\($0 % 7)\n" }
    let root = try #require(parseValidYAML("events:\n" + events.joined()))
    guard case .mapping(let entries) = root.content,
      case .sequence(let list) = entries[0].value.content
    else {
      Issue.record("expected a sequence")
      return
    }
    #expect(list.count == 20_000)
  }
}
