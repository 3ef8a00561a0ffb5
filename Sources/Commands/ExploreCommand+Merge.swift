import Renderers
import Reports

/// `racelab explore --merge SHARD.json…`: reads the shards' JSON outputs, prints their merged
/// verdict as one unsharded exploration would.
extension ExploreCommand {
  /// Merges the shards whose JSON outputs `files` hold (one object each; a file may hold
  /// several lines): 0 when the merged findings are the expected ones, 1 when not, 2 when a
  /// file cannot be read or the shards do not merge.
  static func mergeShards(_ files: [String], console: Console) -> ExitStatus {
    var contents: [(path: String, bytes: [UInt8])] = []
    for path in files {
      guard let bytes = ScenarioFiles.read(path, console: console) else { return .badInput }
      contents.append((path, bytes))
    }
    do throws(ShardMerge.Refusal) {
      let merged = try ShardMerge.merge(contents)
      console.write(
        console.paint(
          ExplorationTextRenderer.render(merged),
          headlines: merged.outcomes.map(\.headline)))
      return merged.expectationsMet ? .success : .failure
    } catch {
      console.report(error.isUsage ? .usage(error.message) : .input(error.message))
      return .badInput
    }
  }
}
