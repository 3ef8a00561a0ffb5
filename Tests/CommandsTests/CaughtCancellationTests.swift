import CommandTestSupport
import Commands
import Foundation
import Testing

/// A model file's sleep whose cancellation its code catches says what the catch did, as the
/// built-in models' traces do: `catch → return` for `on-cancel: return`, `try? dropped the
/// error` for `on-cancel: ignore`.
struct CaughtCancellationTests {
  static let model = """
    kind: model
    name: van
    processes:
      app:
        lanes: {main: serial}
    operations:
      deliver:
        steps:
          - sleep: 1s
            on-cancel: return
          - say: "delivered"
    events:
      close:
        steps:
          - spawn: deliver
            into: task
          - cancel: task

    """

  func run(_ model: String) throws -> String {
    try runBesideModel(
      model, named: "van",
      scenario: "name: s\nmodel: ./van.model.yaml\ntimeline:\n  - {at: 0s, event: close}\n"
    ).output
  }

  @Test func aCancelledSleepSaysWhatItsCatchDid() throws {
    let returned = try run(Self.model)
    #expect(returned.contains("catch → return"), "\(returned)")
    #expect(!returned.contains("delivered"))
    let ignored = try run(
      Self.model.replacingOccurrences(of: "on-cancel: return", with: "on-cancel: ignore"))
    #expect(ignored.contains("try? dropped the error · the next step runs"), "\(ignored)")
    #expect(ignored.contains("delivered"))
    #expect(!ignored.contains("catch → return"))
  }

  @Test func aCatchThatDoesMoreIsNotNamed() throws {
    let handled = try run(
      Self.model.replacingOccurrences(
        of: "      - sleep: 1s\n        on-cancel: return\n",
        with: "      - try:\n          - sleep: 1s\n        catch:\n          cancelled:\n"
          + "            - say: \"stopped\"\n            - return\n"))
    #expect(handled.contains("stopped"), "\(handled)")
    #expect(!handled.contains("catch → return"), "\(handled)")
    #expect(!handled.contains("dropped the error"), "\(handled)")
  }
}
