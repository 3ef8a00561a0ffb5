import RacelabTesting
import TokenRefresh

/// A server that rotates refresh tokens and revokes a session whose refresh token comes back
/// twice. A request takes 50 ms, a rotation 200 ms (real sleeps on the real runtime, virtual
/// ones under racelab).
actor RotatingServer: SessionServer {
  private(set) var access = 1
  private(set) var refresh = 0
  private(set) var revoked = false
  private(set) var rotations = 0
  private(set) var reuses = 0

  func fetch(accessToken: Int) async -> Bool {
    try? await Task.sleep(for: .milliseconds(50))
    return !revoked && accessToken == access
  }

  func rotate(refreshToken: Int) async -> Int? {
    try? await Task.sleep(for: .milliseconds(200))
    guard !revoked, refreshToken == refresh else {
      revoked = true
      reuses += 1
      Race.note("the server sees refresh token \(refreshToken) again and revokes the session")
      return nil
    }
    refresh += 1
    access = refresh + 1
    rotations += 1
    Race.check(rotations <= 1, "one-rotation-per-expiry")
    return refresh
  }
}
