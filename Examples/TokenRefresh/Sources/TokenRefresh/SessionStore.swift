/// The server that rotates a session's tokens.
public protocol TokenServer: Sendable {
  /// Spends `refreshToken` and returns the next one, or throws when the server refuses it.
  func rotate(refreshToken: Int) async throws -> Int
}

/// The app's session: the tokens it holds and at most one refresh in flight.
///
/// A server that rotates refresh tokens reads a token sent twice as stolen. Two requests that
/// meet an expired access token together must therefore share one refresh: the second awaits
/// the first one's task instead of sending the spent token again
/// (`scenarios/two-requests-single-flight.yaml` explores every order of that race).
@MainActor
public final class SessionStore {
  /// The refresh token the app holds.
  public private(set) var refreshToken: Int
  /// Whether the server refused a refresh, so the user must sign in again.
  public private(set) var isSignedOut = false
  private let server: any TokenServer
  private var refreshing: Task<Void, Never>?

  /// A session holding `refreshToken`.
  public init(refreshToken: Int, server: any TokenServer) {
    self.refreshToken = refreshToken
    self.server = server
  }

  /// Refreshes the session, or waits for the refresh already in flight.
  public func refresh() async {
    if let refreshing {
      await refreshing.value
      return
    }
    let task = Task { await rotate() }
    refreshing = task
    await task.value
    refreshing = nil
  }

  private func rotate() async {
    do {
      refreshToken = try await server.rotate(refreshToken: refreshToken)
    } catch {
      isSignedOut = true
    }
  }
}
