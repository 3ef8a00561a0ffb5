import ModelContract
import YAML

extension ScenarioDecoder {
  /// `cases: {function: NAME, rows: […]}`: rows of inputs to one of the model's functions, each
  /// with the result it must return.
  mutating func decodeCases(_ node: YAMLNode, _ functions: [TableSpec]) -> Scenario.Content? {
    guard let entries = context.mapping(node, "'cases'") else { return nil }
    context.checkKeys(entries, allowed: ["function", "rows"], in: "'cases'")
    let names = functions.map(\.name)
    guard let named = entries.entry("function") else {
      context.error(
        node.location,
        "'cases' needs 'function:' (\(names.isEmpty ? "the model has none" : "one of: " + names.joined(separator: ", ")))"
      )
      return nil
    }
    guard let name = context.scalar(named.value, "'function'") else { return nil }
    guard let function = functions.first(where: { $0.name == name }) else {
      context.unknown("function", name, at: named.value.location, known: names)
      return nil
    }
    guard let rows = entries.entry("rows") else {
      context.error(
        node.location, "'cases' needs 'rows:' (a list of {input: value, …, expect: result})")
      return nil
    }
    return decodeTable(rows.value, function, "'cases'").map { .table(name: name, rows: $0) }
  }
}
