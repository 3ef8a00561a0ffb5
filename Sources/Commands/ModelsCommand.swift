import ModelLibrary

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `racelab models [--copy NAME DIR]`: lists the models a scenario's `model:` line can name —
/// the model files bundled with racelab — or writes one into a folder, as the start of one's
/// own.
public struct ModelsCommand: Sendable {
  /// The bundled model to copy out and the folder to write it to; `nil` lists the models.
  public var copy: (name: String, folder: String)?

  /// Creates the command.
  public init(copy: (name: String, folder: String)? = nil) {
    self.copy = copy
  }

  /// What each model is about, in one line.
  static let summaries: KeyValuePairs<String, String> = [
    "device-identity":
      "a device UUID kept in the keychain, across an access-group change, a failed save, a crash",
    "entitlements": "a server's subscription rows per account and the answers derived from them",
    "purchases": "paid subscriptions on Google Play: the sheet, verification, refunds, restores",
    "review-prompt":
      "a review prompt 2 s after a won game's screen, its cooldown and its two reviewed races",
    "subscription-cache":
      "an app's subscription state in two local stores, refreshed from a server",
  ]

  /// Lists the models, or copies one; 2 for an unknown model or a file that is there already.
  public func execute(console: Console) -> ExitStatus {
    guard let copy else {
      console.write(Self.listing)
      return .success
    }
    guard let model = BundledModel.named(copy.name) else {
      let known = BundledModel.all.map(\.name)
      console.report(
        .input(
          "no bundled model '\(copy.name)' (\(known.joined(separator: ", ")))", word: copy.name,
          known: known))
      return .badInput
    }
    let path = Files.join(copy.folder, model.fileName)
    do {
      try FileManager.default.createDirectory(
        atPath: copy.folder, withIntermediateDirectories: true)
    } catch {
      console.report(.input("cannot create the folder \(copy.folder)"))
      return .badInput
    }
    guard FileManager.default.fileExists(atPath: path) == false else {
      console.report(
        .input("\(path) is there already; racelab never replaces it (remove it, or copy elsewhere)")
      )
      return .badInput
    }
    do {
      try Files.createNew(path, bytes: model.bytes, mode: 0o644)
    } catch {
      console.report(.input(error.description))
      return .badInput
    }
    console.write(
      "wrote \(path.shown): a scenario beside it names it with 'model: ./\(model.fileName)'\n")
    return .success
  }

  /// One line per model, in name order.
  static var listing: String {
    let width = summaries.map(\.key.count).max() ?? 0
    let rows = summaries.map { name, summary in
      "  \(name)\(String(repeating: " ", count: width - name.count))  \(summary)"
    }
    return "models a scenario's 'model:' line can name "
      + "(racelab models --copy NAME DIR writes one out to start your own):\n"
      + rows.joined(separator: "\n") + "\n"
  }
}
