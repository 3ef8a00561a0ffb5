import RacelabKernel

/// `racelab schema [MODEL]`: prints what scenario files may say to a model — its events and
/// fields, state sections with defaults, operations, variants, invariants, expectations, tables.
public struct SchemaCommand: Sendable {
  /// The model to describe, or every model.
  public var model: String?

  /// Creates the command.
  public init(model: String? = nil) {
    self.model = model
  }

  /// Prints the reference; 2 for an unknown model.
  public func execute(console: Console) -> ExitStatus {
    let definitions = ModelCatalog.definitions.filter {
      model == nil || $0.vocabulary.name == model
    }
    guard !definitions.isEmpty else {
      let known = ModelCatalog.vocabularies.map(\.name)
      console.report(
        .input(
          "unknown model '\(model ?? "")' (\(known.joined(separator: ", ")))", word: model,
          known: known))
      return .badInput
    }
    console.write(definitions.map { Self.describe($0.vocabulary) }.joined(separator: "\n"))
    return .success
  }

  static func describe(_ vocabulary: ModelVocabulary) -> String {
    var lines = ["model \(vocabulary.name): \(vocabulary.help)", ""]
    lines.append("events (timeline entries: at, event, optional tie: last, and these fields):")
    for event in vocabulary.events {
      lines.append("  \(event.name) — \(event.help)")
      for parameter in event.parameters { lines.append("      " + describe(parameter)) }
    }
    for section in vocabulary.sections {
      lines.append("")
      lines.append("\(section.name):")
      for key in section.keys { lines.append("  " + describe(key)) }
    }
    lines.append("")
    lines.append(
      "operations (task: - call: NAME): " + vocabulary.operations.joined(separator: ", "))
    lines.append("variants (the first is the default):")
    for variant in vocabulary.variants { lines.append("  \(variant.name) — \(variant.help)") }
    lines.append("invariants:")
    for invariant in vocabulary.invariants {
      lines.append("  \(invariant.name) — \(invariant.help)")
    }
    lines.append("expect:")
    for field in vocabulary.summaryFields {
      lines.append(
        "  \(field.key): \(kindName(field.kind)) — \(field.help) (JSON: summary.\(field.field))")
    }
    lines.append("  violations: [invariant, …] — exactly these break, in any order; [] = none")
    for table in vocabulary.tables {
      lines.append("table \(table.name) (instead of a timeline) — \(table.help); every row gives:")
      for column in table.columns { lines.append("  " + describe(column)) }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func describe(_ parameter: ParameterSpec) -> String {
    let fallback: String
    if let value = parameter.defaultValue {
      fallback = ", default \(ScenarioExecution.describe(value, as: parameter.kind))"
    } else {
      fallback = parameter.isOptional ? ", optional" : ", required"
    }
    return "\(parameter.name): \(kindName(parameter.kind))\(fallback) — \(parameter.help)"
  }

  private static func kindName(_ kind: ValueKind) -> String {
    switch kind {
    case .duration: "duration"
    case .durationOrNone: "duration or none"
    case .signedDuration: "signed duration"
    case .integer(let range): range.lowerBound == 0 ? "whole number ≥ 0" : "whole number"
    case .boolean: "true or false"
    case .text: "text"
    case .textOrNone: "text or none"
    case .date: "date (YYYY-MM-DD)"
    case .dateOrNever: "date (YYYY-MM-DD) or never"
    case .word(let words): words.joined(separator: " | ")
    }
  }
}
