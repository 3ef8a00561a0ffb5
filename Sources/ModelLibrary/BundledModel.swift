/// A model file that ships with racelab: the systems its scenarios teach with, addressable by
/// name from a scenario's `model:` line, listed by `racelab models`, and copied out by
/// `racelab models --copy` as the start of one's own model.
///
/// The bytes are compiled into the binary (SwiftPM's `embedInCode`), so an installed `racelab`
/// needs no file beside it.
public struct BundledModel: Sendable {
  /// The name a scenario's `model:` line uses.
  public let name: String
  /// The file's bytes, as in `Sources/ModelLibrary/models/NAME.model.yaml`.
  public let bytes: [UInt8]

  /// The file name it is copied out under.
  public var fileName: String { name + ".model.yaml" }

  /// Every bundled model, by name.
  public static let all: [BundledModel] = [
    BundledModel(name: "device-identity", bytes: PackageResources.device_identity_model_yaml),
    BundledModel(name: "entitlements", bytes: PackageResources.entitlements_model_yaml),
    BundledModel(name: "purchases", bytes: PackageResources.purchases_model_yaml),
    BundledModel(name: "review-prompt", bytes: PackageResources.review_prompt_model_yaml),
    BundledModel(
      name: "subscription-cache", bytes: PackageResources.subscription_cache_model_yaml),
  ]

  /// The bundled model named `name`, if any.
  public static func named(_ name: String) -> BundledModel? {
    all.first { $0.name == name }
  }
}
