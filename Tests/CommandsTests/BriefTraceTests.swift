import CommandTestSupport
import Commands
import Foundation
import Testing

/// `run --brief` over every repository scenario: it keeps every fact of the full trace, leaves
/// out the bookkeeping, and is markedly shorter.
struct BriefTraceTests {
  /// A run's output, with the body (the lines under the column header) apart.
  struct Trace {
    let text: String
    /// The header above the body and the closing block below it.
    let frame: [Substring]
    let body: [Substring]

    init(_ text: String) {
      self.text = text
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      guard let header = lines.firstIndex(where: { $0.hasSuffix("what happens") }) else {
        frame = lines
        body = []
        return
      }
      let end = lines[header...].firstIndex(of: "") ?? lines.endIndex
      frame = Array(lines[..<header] + lines[end...])
      body = Array(lines[(header + 1)..<end])
    }

    /// How many times `fact` occurs in the body.
    func count(_ fact: String) -> Int {
      body.reduce(0) { $0 + $1.components(separatedBy: fact).count - 1 }
    }
  }

  /// The kernel's facts, counted in the text: a broken invariant, a cancel and what it did, a
  /// sleep's start, length window and end, a task's abnormal end, the world's arrival choices,
  /// the lanes' waits, a process's death, the run's stop.
  static let kernelFacts = [
    "!! ", "cancel T", "→ timer #", "its length is a window", "returned normally", " threw ",
    "isCancelled = true", "isActive = false", "thrown out of its body", "killed with its process",
    "arrival chosen at", "order chosen", "never arrives", "busy until", "free again",
    "lanes frozen", "lanes thawed", "the process died", "the run stops here", "returns early",
    "not cancelled, goes on", "catch → return", " awaits ", " ended → ", "yield → ", "arrives",
  ]

  /// Text the brief trace never shows.
  static let bookkeeping = [
    " calls ", " hops to ", "hop done · isCancelled = false", "hop done · isActive = true",
    "first step queued", "continuation queued, runs next", " ends · returned", "(C5", "(S2",
    "(S4", "(S9", "(K2",
  ]

  func output(_ path: String, format: RunCommand.Format = .text, brief: Bool = false) -> String {
    var command = RunCommand(
      files: [repositoryRoot.appendingPathComponent(path).path], format: format)
    command.brief = brief
    return capture { command.execute(console: $0) }.output
  }

  /// The trace events of the scenario's JSON output; none for a truth table.
  func events(_ path: String) throws -> [[String: Any]] {
    let json = try JSONSerialization.jsonObject(with: Data(output(path, format: .json).utf8))
    return (json as? [String: Any])?["trace"] as? [[String: Any]] ?? []
  }

  @Test("keeps every fact of the full trace and hides its bookkeeping, in every scenario")
  func keepsFactsAndHidesBookkeeping() throws {
    let paths = repositoryScenarioPaths()
    #expect(paths.count >= 100)
    var shownNotes = 0
    var hiddenNotes = 0
    for path in paths {
      let full = Trace(output(path))
      let brief = Trace(output(path, brief: true))
      #expect(brief.frame == full.frame, "\(path): the header and the closing block")
      #expect(output(path, brief: true) == brief.text, "\(path): the same bytes every run")
      for fact in Self.kernelFacts {
        #expect(brief.count(fact) == full.count(fact), "\(path): \(fact)")
      }
      for hidden in Self.bookkeeping {
        #expect(brief.count(hidden) == 0, "\(path): \(hidden)")
      }
      // A day-scale trace folds repeated instants: a fact is then in neither trace, or both.
      let folds = full.count("⋮") > 0
      for event in try events(path) {
        switch event["kind"] as? String {
        case "note":
          let note = try #require(event["note"] as? [String: Any])
          let kind = note["kind"] as? String
          let alternative = (note["fields"] as? [String: Any])?["alternative"] as? Int
          let hides = kind == "returned" || (kind == "chosen" && alternative == 0)
          for detail in note["detail"] as? [String] ?? [] {
            if hides {
              hiddenNotes += 1
              #expect(brief.count(detail) == 0, "\(path): \(detail)")
            } else {
              shownNotes += 1
              #expect(brief.count(detail) == full.count(detail), "\(path): \(detail)")
              #expect(folds || full.count(detail) > 0, "\(path): \(detail)")
            }
          }
        case "taskCreated":
          let task = try #require(event["task"] as? String)
          let program = try #require(event["program"] as? String)
          // The first creation of a program may say what it does: `created (refresh: …)`.
          let created = [")", ": "].map { "\(task) created (\(program)\($0)" }
          guard created.contains(where: { full.count($0) > 0 }) else {
            #expect(folds, "\(path): \(task)")
            continue
          }
          let told =
            created.map(brief.count).reduce(0, +)
            + brief.count("\(task) (\(program)) starts")
          #expect(told == 1, "\(path): \(task)'s creation")
        case "invariantBroken":
          #expect(folds || brief.count("invariant \(event["invariant"] as? String ?? "")") > 0)
        default:
          break
        }
      }
    }
    #expect(shownNotes > 500)
    #expect(hiddenNotes > 300)
  }

  @Test("is markedly shorter: the median trace loses over a quarter of its lines")
  func isShorter() {
    var ratios: [Double] = []
    var longest = 0
    for path in repositoryScenarioPaths() {
      let full = Trace(output(path)).body.count
      let brief = Trace(output(path, brief: true)).body.count
      #expect(brief <= full, "\(path)")
      guard full > 0 else { continue }
      ratios.append(Double(brief) / Double(full))
      longest = max(longest, brief)
    }
    ratios.sort()
    #expect(ratios[ratios.count / 2] < 0.75)
    #expect(longest <= 60, "a brief trace fits one screen")
  }

  @Test("shows a world choice that departs from the default schedule")
  func showsAChoiceOffTheDefault() throws {
    let path = "scenarios/device-identity/failed-save-original.yaml"
    let golden = try String(
      contentsOf: repositoryTraces.appendingPathComponent(
        "device-identity/failed-save-original.counterexample.trace"), encoding: .utf8)
    let schedule = try #require(
      golden.split(separator: "\n").first { $0.hasPrefix("schedule ") }?
        .split(separator: " ").dropFirst().first)
    var command = RunCommand(
      files: [repositoryRoot.appendingPathComponent(path).path], schedule: String(schedule))
    command.brief = true
    let brief = capture { command.execute(console: $0) }.output
    #expect(brief.contains("the world chose fails for save-keychain (the default: ok)"))
    // The closing says which breaks the default run has too.
    #expect(
      brief.contains(
        "the default schedule breaks uuid-stable, loads-agree too; only this schedule breaks "
          + "no-silent-save-failure"))
    #expect(!brief.contains("the world chose ok"))
    #expect(brief.contains("recorded uuid-loaded · uuid uuid-2"))
    // The save that changed the keychain is hidden bookkeeping, but its job still heads the
    // change it made: no state row reads as a happening of its own.
    #expect(
      brief.contains("  keychain    T1 resumes                 keychain-uuid none → uuid-1\n"))
    // A world choice in a job the brief trace tells nothing else of heads that job's line.
    #expect(
      brief.contains(
        "  keychain    T2 resumes                 the world chose fails for save-keychain (the default: ok) · "
          + "choice 7=1\n"))
    #expect(!brief.contains("  ·           keychain-uuid "))
  }

  @Test("reads the lost webhook in a screen, line by line")
  func lostWebhook() {
    let path = "scenarios/entitlements/lost-expired-webhook-original.yaml"
    let brief = Trace(output(path, brief: true))
    let expected = """
          +0d 00:00:00.000  1  server.main  apple-subscription a pro 2026-01-31  inserted into server.subscriptions · holder a, provider apple, tier pro, status active, period-end 2026-01-31, updated-at 2026-01-01 00:00:00 +00:00
                                                                       server-row-status no row → active
                                                                       entitled-tier free → pro
          +0d 01:30:00.000  1  ·            expiry-cron                T1 (expire-rows) starts on server.main · the original has no expiry cron: nothing is checked or changed
                                                                       ⋮ the same again 30 times, every 1d, +1d 01:30:00.000 … +30d 01:30:00.000 (T2–T31)
         +31d 00:00:00.000  1  ·            2026-02-01 begins          entitled-tier pro → free, with no job running: the date alone changed it (the row depends on today's date)
         +31d 00:01:00.000  1  server.main  webhook a expired          updated 1 row of server.subscriptions
                                                                       status of a's Apple rows → expired
                                                                       server-row-status active → expired
         +31d 01:00:00.000  1  app.main     refresh                    ask the server (or fall back offline) and show the answer · T32 (refresh) starts · request in flight 100ms → timer #1 due at +31d 01:00:00.100
         +31d 01:00:00.100  1  app.main     T32 resumes                request returned normally · isCancelled = false
         +31d 01:00:00.100  2  server.main  T32 resumes                recorded read · account a, app free, message free, quota free, ocr false, member free, panel pro, correct free (ocr: whether the server allows OCR, the one yes-or-no of the six; member: the tier the admin console's member list shows; panel: the tier the admin console's subscription panel shows, which support staff read; correct: not one of the six: what the account's rows grant today by the correct rule, the answer each should give)
                                                                       the console panel answers pro where the app's query answers free: the panel reads the newest row whatever its status
         +31d 01:00:00.100  3  app.main     T32 resumes                recorded shown · account a, tier free, server-says free, online true
                                                                       the app shows free
                                                                       server-last-answer none → free
      !! +31d 01:00:00.100     ·            BROKEN                     the six questions about one account gave different tiers: the round's recorded read lists the six answers (app, message, quota, ocr, member, panel) (checked once every lane was idle at this instant) · invariant paths-agree
         +31d 01:30:00.000  1  ·            expiry-cron                T33 (expire-rows) starts on server.main · the original has no expiry cron: nothing is checked or changed
         +32d 00:00:00.000  1  ·            until                      the run stops here; what is due later never happens
      """
    #expect(brief.body.joined(separator: "\n") == expected)
  }
}
