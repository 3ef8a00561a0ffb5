import Testing
import TokenRefresh

/// A server that rotates refresh tokens and revokes a session whose token comes back twice.
actor RotatingServer: TokenServer {
  private(set) var current = 0
  private(set) var rotations = 0
  struct Reused: Error {}

  func rotate(refreshToken: Int) async throws -> Int {
    await Task.yield()
    guard refreshToken == current else { throw Reused() }
    current += 1
    rotations += 1
    return current
  }
}

/// The real store, on the real runtime: whichever way the two refreshes interleave (the
/// second may start while the first is in flight, or after it ended), the session survives
/// and holds the server's current token. Which interleavings exist is what the scenarios in
/// `scenarios/` explore on racelab's virtual clock.
@MainActor
@Test("two refreshes at once never sign the user out")
func twoRefreshesKeepTheSession() async {
  let server = RotatingServer()
  let store = SessionStore(refreshToken: 0, server: server)
  async let first: Void = store.refresh()
  async let second: Void = store.refresh()
  _ = await (first, second)
  #expect(!store.isSignedOut)
  #expect(store.refreshToken == (await server.current))
  #expect((1...2).contains(await server.rotations))
}
