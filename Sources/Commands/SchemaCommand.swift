import ModelContract
import ModelLanguage
import ModelLibrary
import RacelabKernel
import Reports
import ScenarioFormat

/// `racelab schema [MODEL | FILE.model.yaml]`: prints what scenario files may say to a model — its events and
/// fields, state sections with defaults, operations, task bodies, variants, invariants,
/// expectations, tables.
public struct SchemaCommand: Sendable {
  /// The model to describe, or every model.
  public var model: String?
  /// Print the JSON Schema of the model's scenario files instead of the reference.
  public var jsonSchema = false
  /// How large a model file and its parts may be.
  public var limits = ScenarioLimits()

  /// Creates the command.
  public init(model: String? = nil, jsonSchema: Bool = false) {
    self.model = model
    self.jsonSchema = jsonSchema
  }

  /// Prints the reference (or the JSON Schema); 2 for an unknown model.
  public func execute(console: Console) -> ExitStatus {
    let bundled = model.flatMap(ModelFiles.bundled(named:))
    if let model, model.hasSuffix(ScenarioLoader.modelFileSuffix) || bundled != nil {
      let library = ModelFiles(limits: limits)
      let entry =
        bundled.map { library.entry(bundled: $0, console: console) }
        ?? library.entry(at: model, console: console)
      guard let definition = entry?.definition else { return .badInput }
      console.write(
        jsonSchema
          ? ScenarioJSONSchema.text(of: definition.vocabulary, model: model)
          : Self.shown(Self.describe(definition.vocabulary)))
      return .success
    }
    if jsonSchema && model == nil {
      console.write(ModelFileJSONSchema.text)
      return .success
    }
    var definitions = SwiftModels.definitions.filter {
      model == nil || $0.vocabulary.name == model
    }
    if model == nil {
      let library = ModelFiles(limits: limits)
      for bundled in BundledModel.all where SwiftModels.named(bundled.name) == nil {
        guard let definition = library.entry(bundled: bundled, console: console).definition
        else { return .badInput }
        definitions.append(definition)
      }
    }
    guard !definitions.isEmpty else {
      let added = SwiftModels.definitions.map(\.vocabulary.name)
      let known = added + BundledModel.all.map(\.name).filter { !added.contains($0) }
      console.report(
        .input(
          "unknown model '\(model ?? "")' (\(known.joined(separator: ", ")))", word: model,
          known: known))
      return .badInput
    }
    if jsonSchema, let model {
      console.write(ScenarioJSONSchema.text(of: definitions[0].vocabulary, model: model))
      return .success
    }
    console.write(definitions.map { Self.describe($0.vocabulary) }.joined(separator: "\n"))
    return .success
  }

  /// `text` with the control and direction characters of each line escaped: a model file's
  /// `about:` and names may hold anything, and must not drive the terminal.
  static func shown(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { VisibleText.escaping(String($0)) }.joined(separator: "\n")
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
    if !vocabulary.programs.isEmpty {
      lines.append("task bodies (task: replaces the first; tasks: {NAME: [steps]} any):")
      for program in vocabulary.programs { lines.append("  \(program.name) — \(program.help)") }
    }
    lines.append("variants (the first is the default):")
    for variant in vocabulary.variants {
      lines.append("  \(variant.name)" + (variant.help.isEmpty ? "" : " — \(variant.help)"))
    }
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
      for column in table.columns + [table.answer] { lines.append("  " + describe(column)) }
    }
    for function in vocabulary.functions {
      lines.append(
        "cases: {function: \(function.name), rows: […]} (instead of a timeline) — "
          + "\(function.help); every row gives:")
      for column in function.columns + [function.answer] { lines.append("  " + describe(column)) }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func describe(_ parameter: ParameterSpec) -> String {
    let fallback: String
    if let value = parameter.defaultValue {
      fallback = ", default \(value.written(as: parameter.kind))"
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
    case .integer(let range):
      switch (range.lowerBound, range.upperBound) {
      case (.min, .max): "whole number"
      case (let lowest, .max): "whole number ≥ \(lowest)"
      case (.min, let highest): "whole number ≤ \(highest)"
      case (let lowest, let highest): "whole number from \(lowest) to \(highest)"
      }
    case .boolean: "true or false"
    case .text: "text"
    case .textOrNone: "text or none"
    case .date: "date (YYYY-MM-DD)"
    case .dateOrNever: "date (YYYY-MM-DD) or never"
    case .word(let words): words.joined(separator: " | ")
    case .wordOrNone(let words): (words + ["none"]).joined(separator: " | ")
    case .list(let element): "list of \(kindName(element))"
    }
  }
}
