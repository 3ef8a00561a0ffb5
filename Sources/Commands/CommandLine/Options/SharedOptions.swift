import ModelContract
import ModelLanguage

/// The options several commands take, each declared once; a command's table binds it to its
/// own field.
extension Option {
  /// `--variant V`.
  static func variant(_ field: WritableKeyPath<Options, String?> & Sendable) -> Self {
    Option("--variant", .text("V"), help: "run every file with this variant", field: field)
  }

  /// `--runtime swift|…`.
  static func runtime(_ field: WritableKeyPath<Options, String?> & Sendable) -> Self {
    Option(
      "--runtime", .choice(RuntimeProfile.all.map(\.name)),
      help: "run every file on this runtime's cancellation rules", field: field)
  }

  /// `--junit FILE`.
  static func junit(_ field: WritableKeyPath<Options, String?> & Sendable) -> Self {
    Option(
      "--junit", .text("FILE"),
      help: "also write a JUnit XML report to FILE: one test case per file, with its failure text",
      field: field)
  }

  /// `--limits NAME=N,…`.
  static func limits(_ field: WritableKeyPath<Options, ScenarioLimits> & Sendable) -> Self {
    Option(
      "--limits", .limits,
      help: "raise resource limits: "
        + ScenarioLimits.names.map(\.name).joined(separator: ", ")
        + " (see Commands in the documentation)",
      field: field)
  }
}
