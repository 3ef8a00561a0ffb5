/// The version of racelab's JSON documents (`run --format json`, `explore --format json`),
/// written in each as `formatVersion`. Adding a member keeps it; removing, renaming or
/// changing the meaning of one raises it, so a consumer can refuse a document it does not
/// know.
public enum JSONFormat {
  /// The current version.
  public static let version: Int64 = 1
}
