import ModelContract
import YAML

/// `min:` and `about:` of a section key or an event parameter: what a scenario may write for
/// it, and what it means.
extension ModelFileDecoder {
  static let boundKeys = ["min", "about"]

  /// The bounds `spec` gives (none when it gives neither key); `nil` after an error. A
  /// `default` below `min:` is an error.
  mutating func scenarioBounds(_ spec: TypeSpec, _ what: String, default: Value?)
    -> ScenarioBounds?
  {
    var bounds = ScenarioBounds()
    if let about = spec.entries.entry("about") {
      guard let text = context.scalar(about.value, "'about' of \(what)") else { return nil }
      bounds.about = text
    }
    guard let entry = spec.entries.entry("min") else { return bounds }
    switch spec.type.stripped {
    case .int:
      guard case .int(let least)? = value(entry.value, .int, "'min' of \(what)") else {
        return nil
      }
      bounds.minimum = least
    case .duration:
      guard case .duration(let least)? = value(entry.value, .duration, "'min' of \(what)")
      else { return nil }
      guard least == 0 else {
        context.error(
          entry.value.location,
          "'min' of \(what) can only be 0s: a duration either may be negative or may not")
        return nil
      }
      bounds.minimum = 0
    default:
      context.error(
        entry.keyLocation,
        "'min' bounds a number or a duration; \(what) is \(describe(spec.type))")
      return nil
    }
    if let least = bounds.minimum, let given = `default`,
      given.integerValue.map({ $0 < least }) ?? false
    {
      context.error(
        entry.value.location, "the default of \(what) is below its 'min'")
      return nil
    }
    return bounds
  }
}

extension Value {
  /// The number an `int` or a `duration` holds.
  fileprivate var integerValue: Int64? {
    switch self {
    case .int(let number), .duration(let number): number
    default: nil
    }
  }
}
