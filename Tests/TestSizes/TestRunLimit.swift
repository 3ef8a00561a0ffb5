/// A span no step of a test waits for unless what the test assumes broke.
///
/// A test's steps that run on the cooperative pool (its body after an `await`, a task's first
/// job) or on another thread queue behind other tests' synchronous work, which on a loaded
/// two-core CI machine holds both pool threads for minutes: one CI run saw a 10-second limit
/// run out. So a sleep that must be cancelled before it ends, the safety limit of a blocked
/// thread and a wait for work from outside racelab's control all last longer than the whole
/// test run; they guard against a hang and never order anything.
public let longerThanTheTestRun = Duration.seconds(1_200)
