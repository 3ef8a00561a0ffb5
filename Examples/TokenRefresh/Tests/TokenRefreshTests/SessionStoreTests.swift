import Testing
import TokenRefresh

/// The real store, on the real runtime: whichever way the two requests interleave here, the
/// fixed session survives and holds the server's current token. Which interleavings exist is
/// what `SessionStoreRaceTests` explores on racelab's virtual clock.
@MainActor
@Test("two requests at once never sign the user out (single flight)")
func twoRequestsKeepTheSession() async {
  let server = RotatingServer()
  let store = SessionStore(accessToken: 0, refreshToken: 0, policy: .singleFlight, server: server)
  async let first = store.send()
  async let second = store.send()
  let answers = await (first, second)
  #expect(answers == (true, true))
  #expect(!store.isSignedOut)
  #expect(store.refreshToken == (await server.refresh))
  #expect(await server.rotations == 1)
}
