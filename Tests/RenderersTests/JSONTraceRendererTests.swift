import Foundation
import Renderers
import Testing

@Suite struct JSONTraceRendererTests {
  static func decode(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
  }

  @Test func summaryHoldsTheSection9FieldsWithTheirTypes() throws {
    var builder = ReportBuilder.busyMain()
    builder.expected = [("attempts", "attempts", "1")]
    let text = JSONTraceRenderer.render(builder.report())
    let summary = try #require(try Self.decode(text)["summary"] as? [String: Any])
    #expect(summary["cooldownConsumed"] as? Bool == true)
    #expect(summary["attempts"] as? Int == 1)
    #expect(summary["reviewRequests"] as? Int == 1)
    #expect(summary["reviewsShown"] as? Int == 1)
    #expect(summary["pending"] as? Bool == false)
    #expect(summary["attemptVersions"] as? [String] == ["1.4.0"])
    #expect(
      summary["violations"] as? [String] == ["no-fire-after-cancel", "attempt-while-visible"])
    #expect(summary["expectationsMet"] as? Bool == true)
    // Booleans are JSON literals and counts are numbers, not text.
    for literal in [
      "\"cooldownConsumed\":true", "\"pending\":false", "\"expectationsMet\":true",
      "\"attempts\":1",
    ] {
      #expect(text.contains(literal), "\(literal)")
    }
  }

  @Test func runIdentityAndExpectations() throws {
    var builder = ReportBuilder.busyMain()
    builder.expected = [("pending", "pending", "true")]
    builder.schedule = "s1:0.2"
    let document = try Self.decode(JSONTraceRenderer.render(builder.report()))
    #expect(document["scenario"] as? String == "busy-main-disappear")
    #expect(document["title"] as? String == "the disappear is queued behind a busy main thread")
    #expect(document["model"] as? String == "review-prompt")
    #expect(document["runtime"] as? String == "swift")
    #expect(document["variant"] as? String == "original")
    #expect(document["schedule"] as? String == "s1:0.2")
    let expectations = try #require(document["expectations"] as? [[String: Any]])
    #expect(expectations.count == 1)
    #expect(expectations.first?["expected"] as? String == "true")
    #expect(expectations.first?["actual"] as? String == "false")
    #expect(expectations.first?["holds"] as? Bool == false)
    let summary = try #require(document["summary"] as? [String: Any])
    #expect(summary["expectationsMet"] as? Bool == false)
  }

  @Test func absentTitleIsNullAndAbsentScheduleIsLeftOut() throws {
    var builder = ReportBuilder.wonAndShown()
    builder.title = nil
    let document = try Self.decode(JSONTraceRenderer.render(builder.report()))
    #expect(document["title"] is NSNull)
    #expect(document["schedule"] == nil)
  }

  @Test func traceHasOneObjectPerEventWithItsFields() throws {
    let report = ReportBuilder.busyMain().report()
    let document = try Self.decode(JSONTraceRenderer.render(report))
    let trace = try #require(document["trace"] as? [[String: Any]])
    #expect(trace.count == report.result.trace.count)
    let cancel = try #require(trace.first { $0["kind"] as? String == "cancelled" })
    #expect(cancel["task"] as? String == "T1")
    #expect(cancel["effect"] as? String == "sleepAlreadyReturned")
    #expect(cancel["rule"] as? String == "S5")
    #expect(cancel["time"] as? String == "2.050s")
    #expect(cancel["timeNanoseconds"] as? Int == 2_050_000_000)
    #expect(cancel["lane"] as? String == "main")
    let timer = try #require(trace.first { $0["kind"] as? String == "timerFired" })
    #expect(timer["lane"] is NSNull)
    let queue = try #require(timer["queue"] as? [String: Any])
    #expect(queue["jobsAhead"] as? Int == 1)
    #expect(queue["busyUntilNanoseconds"] as? Int == 2_050_000_000)
    let resumed = try #require(trace.first { $0["kind"] as? String == "resumed" })
    #expect(resumed["isCancelled"] as? Bool == true)
    #expect(resumed["outcome"] as? String == "returned")
    let attempt = try #require(
      trace.compactMap { $0["note"] as? [String: Any] }.first {
        $0["kind"] as? String == "attempt-recorded"
      })
    #expect(attempt["task"] as? String == "T1")
    #expect(attempt["subject"] as? String == "T1 fire")
    #expect((attempt["fields"] as? [String: Any])?["epochDay"] as? Int == 20680)
    let broken = trace.filter { $0["kind"] as? String == "invariantBroken" }
    #expect(
      broken.map { $0["invariant"] as? String } == [
        "no-fire-after-cancel", "attempt-while-visible",
      ])
  }

  @Test func sameReportGivesTheSameBytes() {
    let report = ReportBuilder.busyMain(profile: .kotlin).report()
    let text = JSONTraceRenderer.render(report)
    #expect(text == JSONTraceRenderer.render(report))
    #expect(text == JSONTraceRenderer.render(ReportBuilder.busyMain(profile: .kotlin).report()))
    #expect(text.hasSuffix("}\n"))
  }
}
