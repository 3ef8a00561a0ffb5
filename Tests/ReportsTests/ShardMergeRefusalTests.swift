import Reports
import Testing

/// A refused merge says why in one line, whatever text the shards or their paths hold.
@Suite struct ShardMergeRefusalTests {
  /// Refuses `lines` as shard `a.json`'s contents, or records an issue when they merge.
  func refusal(_ lines: String, path: String = "a.json") -> ShardMerge.Refusal? {
    do throws(ShardMerge.Refusal) {
      _ = try ShardMerge.merge([(path, Array(lines.utf8))])
      Issue.record("merged \(lines)")
      return nil
    } catch {
      return error
    }
  }

  /// Found by the shard-merge fuzz target in CI: a string where a number belongs was shown as
  /// written, line feed and all, so the reason took two lines.
  @Test(arguments: [#"a\nb"#, #"a\rb"#, #"a\r\nb"#, #"a\u001b[2Jb"#, #"a\u2028b"#])
  func aStringWhereANumberBelongsIsShownEscaped(_ escaped: String) throws {
    let refused = try #require(refusal(#"{"shard": {"count": ""# + escaped + #""}}"#))
    #expect(!refused.isUsage)
    #expect(refused.message.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0 != "\u{2028}" })
    #expect(refused.message.hasPrefix("a.json: line 1 is not the JSON output of an explore shard"))
    #expect(refused.message.contains("the shard count is a"), "\(refused.message)")
  }

  @Test func aPathWithALineFeedIsShownEscaped() throws {
    let refused = try #require(refusal("{}", path: "odd\nname.json"))
    #expect(refused.message.hasPrefix(#"odd\nname.json: line 1 is not"#), "\(refused.message)")
  }
}
