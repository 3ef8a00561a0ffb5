// Fuzz target: the model-file loader on large generated files. The input is a recipe, not a
// file: its first byte picks a shape that grows with a count (an enum's values, processes,
// operations calling one another, `if:`s nested up to 511 deep, a long step list, a long expression, events,
// variants), the next two bytes the count (up to 65,535), and the rest is mixed into the
// names and values. The loader must answer in time linear in the file's size: libFuzzer's
// timeout (10 s under the sanitizers) catches a quadratic check, its memory limit a blow-up.
// Every answer is a checked model or diagnostics inside the file; never a crash.
import ModelInterpreter
import ModelLanguage
import YAML

/// libFuzzer's entry point: writes the model the recipe describes and loads it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLargeModelFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let recipe = fuzzInput(data, size)
  guard recipe.count >= 3 else { return 0 }
  let count = Int(recipe[1]) << 8 | Int(recipe[2])
  let salt = Array(recipe.dropFirst(3))
  let bytes = Array(
    LargeModel.text(shape: Int(recipe[0]) % LargeModel.shapes, count: count, salt: salt).utf8)
  switch ModelFileLoader.load(bytes) {
  case .success(let program):
    _ = ModelFileDefinition(program).vocabulary
  case .failure(let list):
    requireDiagnosticsInside(list.diagnostics, bytes)
  }
  return 0
}

/// The model files the recipes describe.
enum LargeModel {
  static let shapes = 8

  /// A word made of the salt's byte at `index` (cycled), so that fuzzed bytes can make names
  /// collide, repeat or break the syntax.
  static func word(_ salt: [UInt8], _ index: Int) -> String {
    guard !salt.isEmpty else { return "w\(index)" }
    let byte = salt[index % salt.count]
    // Mostly lowercase letters; now and then a byte that is not a name character.
    return byte < 0xF0 ? "w\(index)" + String(UnicodeScalar(0x61 + byte % 26)) : "w\(index)\(byte)"
  }

  static func text(shape: Int, count: Int, salt: [UInt8]) -> String {
    var lines = ["kind: model", "name: large", "processes:"]
    let processes = shape == 1 ? max(1, count) : 1
    for index in 0..<processes {
      lines += ["  p\(index):", "    lanes:", "      main: serial", "    memory:", "      n: int"]
      if shape == 0 && index == 0 {
        let values = (0..<max(1, count)).map { word(salt, $0) }.joined(separator: ", ")
        lines.append("      mode: {type: enum, values: [\(values)]}")
      }
    }
    lines.append("operations:")
    switch shape {
    case 2:
      // A chain of operations, each calling the next: the recursion check walks it once.
      for index in 0..<max(1, count) {
        lines += ["  op\(index):", "    steps:"]
        lines.append(
          index + 1 < count ? "      - call: op\(index + 1)" : "      - set: {p0.n: 1}")
      }
    case 3:
      // `if:` nested deep (the nesting limit answers long before 512). The file grows with
      // the square of the depth, so the depth stays below 512.
      lines += ["  op0:", "    steps:"]
      var indent = "      "
      for _ in 0..<max(1, count % 512) {
        lines += [indent + "- if: \"p0.n < 5\"", indent + "  then:"]
        indent += "    "
      }
      lines.append(indent + "- set: {p0.n: 1}")
    case 4:
      lines += ["  op0:", "    steps:"]
      for index in 0..<max(1, count) {
        lines.append(
          "      - set: {p0.n: \"p0.n + \(salt.isEmpty ? 1 : Int(salt[index % salt.count]))\"}")
      }
    case 5:
      let terms = (0..<max(1, count)).map { "p0.n + \($0 % 7)" }.joined(separator: " + ")
      lines += ["  op0:", "    steps:", "      - set: {p0.n: \"\(terms)\"}"]
    default:
      lines += ["  op0:", "    steps:", "      - set: {p0.n: 1}"]
    }
    if shape == 6 {
      lines.append("events:")
      for index in 0..<max(1, count) {
        lines += ["  \(word(salt, index)):", "    do: op0"]
      }
    }
    if shape == 7 {
      lines.append("variants:")
      for index in 0..<max(1, count) {
        lines += [
          "  \(word(salt, index)):", "    operations:", "      op0:", "        steps:",
          "          - set: {p0.n: \(index)}",
        ]
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
