import ModelLanguage
import Reports

/// `racelab schema`'s options.
struct SchemaOptions: CommandOptions {
  var jsonSchema = false
  var output: OutputJSONSchema.Document?
  var limits = ScenarioLimits()

  static let options: [Option<Self>] = [
    Option(
      "--json-schema", .switch,
      help: "print the JSON Schema of MODEL's scenario files (of model files, without MODEL)",
      field: \.jsonSchema),
    Option(
      "--output", .choice(OutputJSONSchema.Document.allCases),
      help: "print the JSON Schema of run's or explore's JSON document", field: \.output),
    .limits(\.limits),
  ]

  func execute(_ operands: [String], console: Console) throws(CommandError) -> ExitStatus {
    if let output {
      guard operands.isEmpty, !jsonSchema else {
        throw .usage("schema --output takes no model and no --json-schema")
      }
      console.write(OutputJSONSchema.text(of: output))
      return .success
    }
    guard operands.count <= 1 else { throw .usage("schema takes at most one model") }
    var command = SchemaCommand(model: operands.first, jsonSchema: jsonSchema)
    command.limits = limits
    return command.execute(console: console)
  }
}
