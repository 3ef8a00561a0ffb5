import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `SIGINT` during an exploration: the first one asks the exploration to stop and report what
/// it covered; a second one ends the process as usual.
enum Interruption {
  private static let requested = Atomic<Bool>(false)

  /// Whether an interrupt arrived since ``watch()``.
  static var wasRequested: Bool { requested.load(ordering: .relaxed) }

  /// Starts catching the first `SIGINT` (also when the parent started racelab with it
  /// blocked, as some test runners and process launchers do).
  static func watch() {
    requested.store(false, ordering: .relaxed)
    var interrupt = sigset_t()
    sigemptyset(&interrupt)
    sigaddset(&interrupt, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
    signal(SIGINT) { _ in
      Interruption.requested.store(true, ordering: .relaxed)
      signal(SIGINT, SIG_DFL)
    }
  }

  /// Goes back to the default handling of `SIGINT`.
  static func stopWatching() {
    signal(SIGINT, SIG_DFL)
  }
}
