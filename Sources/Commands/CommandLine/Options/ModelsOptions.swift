/// `racelab models`'s options.
struct ModelsOptions: CommandOptions {
  var copy: String?

  static let options: [Option<Self>] = [
    Option(
      "--copy", .text("NAME"), help: "write the bundled model NAME into DIR as NAME.model.yaml",
      field: \.copy)
  ]

  func execute(_ operands: [String], console: Console) throws(CommandError) -> ExitStatus {
    guard let copy else {
      guard operands.isEmpty else { throw .usage("models takes a folder only with --copy NAME") }
      return ModelsCommand().execute(console: console)
    }
    guard operands.count == 1 else {
      throw .usage("models --copy NAME needs exactly one folder to write NAME.model.yaml to")
    }
    return ModelsCommand(copy: (copy, operands[0])).execute(console: console)
  }
}
