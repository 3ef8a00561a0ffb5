import ModelLanguage
import Testing

/// The size limits of a model file, at a lowered limit: the loader refuses a file or a value
/// past them with a message that names the flag that raises them.
struct ModelFileLimitTests {
  static let file = Array(
    "kind: model\nname: mini\nprocesses:\n  app: {lanes: {main: serial}}\n".utf8)

  func messages(_ bytes: [UInt8], _ limits: ScenarioLimits) -> [String] {
    guard case .failure(let list) = ModelFileLoader.load(bytes, limits: limits) else { return [] }
    return list.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
  }

  @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() {
    var limits = ScenarioLimits()
    limits.fileBytes = Self.file.count - 1
    #expect(
      messages(Self.file, limits) == [
        "1:1 the file has \(Self.file.count) bytes, more than the limit of \(Self.file.count - 1) "
          + "(raise it with --limits file-bytes=N)"
      ])
    limits.fileBytes = Self.file.count
    #expect(messages(Self.file, limits) == [])
  }

  @Test func aValueOverTheLimitIsRefusedWhereItIs() {
    var limits = ScenarioLimits()
    limits.scalarBytes = 4
    #expect(
      messages(Self.file, limits) == [
        "1:7 a value of 5 bytes is longer than the limit of 4 (raise it with --limits "
          + "scalar-bytes=N)",
        "4:23 a value of 6 bytes is longer than the limit of 4 (raise it with --limits "
          + "scalar-bytes=N)",
      ])
    limits.scalarBytes = 6
    #expect(messages(Self.file, limits) == [])
  }
}
