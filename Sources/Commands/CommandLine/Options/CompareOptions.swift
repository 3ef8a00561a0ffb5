import ModelContract
import ModelLanguage

/// `racelab compare`'s options.
struct CompareOptions: CommandOptions {
  var format: CompareCommand.Format?
  var variants: String?
  var runtimes: String?
  var limits = ScenarioLimits()

  static let options: [Option<Self>] = [
    Option(
      "--format", .choice(CompareCommand.Format.allCases),
      help: "text (default) or svg: the runs side by side as a picture", field: \.format),
    Option(
      "--variants", .text("V,…"),
      help: "the variants to compare, separated by commas (default: every variant)",
      field: \.variants),
    Option(
      "--runtimes", .text("R,…"),
      help: "the runtimes to compare, separated by commas (default: the file's own): "
        + RuntimeProfile.all.map(\.name).joined(separator: ", "),
      field: \.runtimes),
    .limits(\.limits),
  ]

  func execute(_ operands: [String], console: Console) throws(CommandError) -> ExitStatus {
    guard operands.count == 1, !Files.isDirectory(operands[0]) else {
      throw .usage("compare takes exactly one scenario file")
    }
    var command = CompareCommand(
      file: operands[0], variants: try Self.names(variants, of: "--variants"),
      runtimes: try Self.names(runtimes, of: "--runtimes"))
    command.limits = limits
    command.format = format ?? .text
    return command.execute(console: console)
  }

  /// The comma-separated names in `text`, the value of `option`, or `nil` when it is not given.
  private static func names(_ text: String?, of option: String) throws(CommandError) -> [String]? {
    guard let text else { return nil }
    let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard !names.contains("") else {
      throw .usage("\(option) takes names separated by commas, such as original,cancel-guard")
    }
    return names
  }
}
