import Foundation
import RacelabTesting
import Testing
import TokenRefresh

/// The real `SessionStore`, driven by racelab: every order of its jobs explored on the virtual
/// clock, and its outcomes held against the model file that describes it.
@Suite("SessionStore's real code, explored")
struct SessionStoreRaceTests {
  /// Two requests at once on a store with `policy`; the figures the model's summary names.
  @MainActor static func twoRequests(_ policy: SessionStore.RefreshPolicy) async -> String {
    let server = RotatingServer()
    let store = SessionStore(accessToken: 0, refreshToken: 0, policy: policy, server: server)
    Race.always("stays-signed-in") { !store.isSignedOut }
    async let first = store.send()
    async let second = store.send()
    let answers = await [first, second]
    Race.check(answers.allSatisfy { $0 }, "requests-succeed")
    return "signed out \(store.isSignedOut), rotations \(await server.rotations)"
  }

  @Test("each request refreshing on its own signs the user out, and the search says how")
  func originalSignsTheUserOut() async throws {
    let exploration = await Race.explore { await Self.twoRequests(.eachRequest) }
    #expect(exploration.complete)
    #expect(exploration.problems == [])
    #expect(exploration.violationNames.sorted() == ["requests-succeed", "stays-signed-in"])
    let shortest = try #require(exploration.violations.first { $0.name == "stays-signed-in" })
    let run = try #require(
      await Race.replay(shortest.schedule) { await Self.twoRequests(.eachRequest) })
    #expect(run.violations.contains("stays-signed-in"))
    #expect(run.trace.contains { $0.contains("revokes the session") })
  }

  @Test("single flight: no order of the two requests signs the user out")
  func singleFlightIsClean() async {
    let exploration = await Race.explore { await Self.twoRequests(.singleFlight) }
    #expect(exploration.complete)
    #expect(exploration.problems == [])
    #expect(exploration.violations == [])
    #expect(exploration.results == ["signed out false, rotations 1"])
  }

  /// Each scenario with how its code side is searched: every schedule where that is small,
  /// a seeded sample where it is not (two requests at once are 360,448 schedules of this
  /// code, about a minute: racelab has no reduction for real code yet).
  static let scenarios: [(file: String, sampled: Bool)] = [
    ("staggered-requests-original.yaml", false),
    ("two-requests-original.yaml", true),
    ("two-requests-single-flight.yaml", true),
  ]

  static func path(_ file: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("scenarios/\(file)").path
  }

  @Test("every scenario of the model file is in the list above")
  func everyScenarioIsCompared() throws {
    let folder = URL(fileURLWithPath: Self.path("")).path
    let files = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { !$0.hasSuffix(".model.yaml") }.sorted()
    #expect(files == Self.scenarios.map(\.file).sorted())
  }

  @Test(
    "the model file still describes the code: same outcomes on every scenario",
    arguments: scenarios.map(\.file))
  func modelDescribesTheCode(_ file: String) async throws {
    let sampled = try #require(Self.scenarios.first { $0.file == file }).sampled
    let agreement = try await Race.agreement(
      scenario: Self.path(file), fields: ["signedOut", "rotations", "reuses", "failedRequests"],
      sample: sampled ? (runs: 1_000, seed: 1) : nil
    ) { run in
      await Self.play(run)
    }.get()
    #expect(agreement.agrees, "\(agreement)")
    #expect(agreement.isProof == !sampled, "\(agreement)")
  }

  /// Plays a scenario's requests on a store with the scenario's variant.
  @MainActor static func play(_ run: RaceScenarioRun) async -> [String: String] {
    let server = RotatingServer()
    let store = SessionStore(
      accessToken: 0, refreshToken: 0,
      policy: run.variant == "single-flight" ? .singleFlight : .eachRequest, server: server)
    Race.always("stays-signed-in") { !store.isSignedOut }
    var requests: [Task<Bool, Never>] = []
    await run.play { _ in requests.append(Task { await store.send() }) }
    var failed = 0
    for request in requests where !(await request.value) { failed += 1 }
    Race.check(failed == 0, "requests-succeed")
    return [
      "signedOut": String(store.isSignedOut), "rotations": String(await server.rotations),
      "reuses": String(await server.reuses), "failedRequests": String(failed),
    ]
  }
}
