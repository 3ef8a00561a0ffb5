import RacelabTesting

/// A token refresh as real async Swift: two requests at once on a main-actor session, an
/// actor for the server with 50 ms requests and 200 ms rotations, each request refreshing on
/// its own (the race the TokenRefresh example explores).
private actor Server {
  private var access = 1
  private var refresh = 0
  private var revoked = false

  func fetch(accessToken: Int) async -> Bool {
    try? await Task.sleep(for: .milliseconds(50))
    return !revoked && accessToken == access
  }

  func rotate(refreshToken: Int) async -> Int? {
    try? await Task.sleep(for: .milliseconds(200))
    guard !revoked, refreshToken == refresh else {
      revoked = true
      return nil
    }
    refresh += 1
    access = refresh + 1
    return refresh
  }
}

@MainActor private final class Session {
  private var access = 0
  private var refresh = 0
  private(set) var signedOut = false
  private let server = Server()

  func send() async -> Bool {
    if await server.fetch(accessToken: access) { return true }
    guard !signedOut else { return false }
    if let fresh = await server.rotate(refreshToken: refresh) {
      refresh = fresh
      access = fresh + 1
    } else {
      signedOut = true
    }
    return await server.fetch(accessToken: access)
  }
}

/// What one exhaustive exploration of the two requests covered.
struct RealCodeOutcome: Equatable {
  var schedules: Int
  var jobs: Int
  var results: [String]
}

/// Explores every order of the two requests' jobs.
func exploreTokenRefresh() async -> RealCodeOutcome {
  let exploration = await Race.explore { @MainActor () async -> String in
    let session = Session()
    async let first = session.send()
    async let second = session.send()
    let answers = await [first, second]
    return "\(answers), signed out \(session.signedOut)"
  }
  precondition(exploration.complete && exploration.problems.isEmpty, "\(exploration)")
  return RealCodeOutcome(
    schedules: exploration.schedules, jobs: exploration.jobs, results: exploration.results)
}

/// Times `runs` explorations after one untimed warm-up; every run must cover the same space.
func measureRealCode(runs: Int) async -> Measurement {
  let expected = await exploreTokenRefresh()
  var samples: [Double] = []
  for _ in 0..<runs {
    let start = monotonicSeconds()
    let outcome = await exploreTokenRefresh()
    samples.append(monotonicSeconds() - start)
    precondition(outcome == expected, "benchmark: a run produced a different result")
  }
  let timing = Timing(samples: samples)
  var measurement = Measurement(workload: "real-code")
  measurement["schedules"] = .int(expected.schedules)
  measurement["jobs"] = .int(expected.jobs)
  measurement["outcomes"] = .int(expected.results.count)
  measurement.addTiming(timing, count: expected.schedules)
  measurement["jobsRate"] = .double(Double(expected.jobs) / timing.median)
  return measurement
}
