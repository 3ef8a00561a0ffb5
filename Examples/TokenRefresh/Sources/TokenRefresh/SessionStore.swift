/// The API server as the app sees it.
public protocol SessionServer: Sendable {
  /// Answers a request made with `accessToken`: `true` when the token is valid.
  func fetch(accessToken: Int) async -> Bool
  /// Spends `refreshToken` and returns the next one, or `nil` when the server refuses it.
  func rotate(refreshToken: Int) async -> Int?
}

/// The app's session: the tokens it holds, and how it refreshes them.
///
/// A server that rotates refresh tokens reads a token sent twice as stolen. Two requests that
/// meet an expired access token together must therefore share one refresh: with
/// ``RefreshPolicy/singleFlight`` the second awaits the first one's task instead of sending
/// the spent token again (`scenarios/` explores every order of that race on the model, and
/// `Tests/TokenRefreshTests/SessionStoreRaceTests.swift` on this code).
@MainActor
public final class SessionStore {
  /// How concurrent refreshes are handled.
  public enum RefreshPolicy: Sendable {
    /// Each request that meets an expired token refreshes on its own (the original code).
    case eachRequest
    /// A refresh in flight is shared: later requests await it (the fix).
    case singleFlight
  }

  /// The access token the app holds.
  public private(set) var accessToken: Int
  /// The refresh token the app holds.
  public private(set) var refreshToken: Int
  /// Whether the server refused a refresh, so the user must sign in again.
  public private(set) var isSignedOut = false
  private let policy: RefreshPolicy
  private let server: any SessionServer
  private var refreshing: Task<Void, Never>?

  /// A session holding `accessToken` and `refreshToken`.
  public init(
    accessToken: Int, refreshToken: Int, policy: RefreshPolicy, server: any SessionServer
  ) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.policy = policy
    self.server = server
  }

  /// Makes one API request; when the access token has expired, refreshes the session and
  /// tries once more. Returns whether the request succeeded.
  public func send() async -> Bool {
    if await server.fetch(accessToken: accessToken) { return true }
    guard !isSignedOut else { return false }
    await refresh()
    return await server.fetch(accessToken: accessToken)
  }

  /// Refreshes the session, or (single flight) waits for the refresh already in flight.
  public func refresh() async {
    guard policy == .singleFlight else {
      await rotate()
      return
    }
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
    if let fresh = await server.rotate(refreshToken: refreshToken) {
      refreshToken = fresh
      accessToken = fresh + 1
    } else {
      isSignedOut = true
    }
  }
}
