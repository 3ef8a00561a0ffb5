import Foundation
import RacelabKernel
import Testing

@testable import Renderers

/// ``JSONTraceWriter`` writes the document member by member and event by event, so a run can
/// stream it. This checks it against the plain way: the whole document built as one value and
/// encoded by `JSONEncoder` with sorted keys.
@Suite struct JSONStreamingTests {
  /// The document of `report` encoded in one piece.
  static func encodedWhole(_ report: RunReport) throws -> String {
    let events = TraceEventJSON(laneNames: report.laneNames)
    var members: [(String, JSONValue)] = [
      ("formatVersion", .int(1)),
      ("scenario", .string(report.scenario)), ("title", .optional(report.title)),
      ("model", .string(report.model)), ("runtime", .string(report.runtime)),
      ("variant", .string(report.variant)), ("start", .string(report.start)),
      ("initialState", .array(report.initialState.map(JSONValue.string))),
      ("lanes", .array(report.laneNames.map(JSONValue.string))),
      ("headline", .string(report.headline)),
      (
        "summary",
        .object(
          TraceEventJSON.members(report.result.summary) + [
            ("violations", .array(report.result.violations.map(JSONValue.string))),
            ("expectationsMet", .bool(report.expectationsMet)),
          ])
      ),
      (
        "expectations",
        .array(
          report.expectations.map {
            .object([
              ("key", .string($0.key)), ("expected", .string($0.expected)),
              ("actual", .string($0.actual)), ("holds", .bool($0.holds)),
            ])
          })
      ),
      ("trace", .array(report.result.trace.map(events.object))),
    ]
    if let schedule = report.schedule { members.append(("schedule", .string(schedule))) }
    if let fixHint = report.fixHint { members.append(("fixHint", .string(fixHint))) }
    if let reason = report.expectationsNotChecked {
      members.append(("expectationsNotChecked", .string(reason)))
    }
    if report.customTaskBody { members.append(("customTaskBody", .bool(true))) }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(JSONValue.object(members)), as: UTF8.self) + "\n"
  }

  static func reports() -> [RunReport] {
    var busy = ReportBuilder.busyMain(profile: .kotlin)
    busy.expected = [("attempts", "attempts", "1"), ("pending", "pending", "true")]
    busy.schedule = "3fa2c9d1:12=1"
    busy.fixHint = "use the cancel-guard variant / not \"this\""
    var everyMember = busy.report()
    everyMember.expectationsNotChecked = "written for variant original"
    everyMember.customTaskBody = true
    var untitled = ReportBuilder.wonAndShown()
    untitled.title = nil
    return [everyMember, busy.report(), untitled.report(), ReportBuilder().report()]
  }

  @Test func theStreamedDocumentIsTheWholeDocumentByteForByte() throws {
    for report in Self.reports() {
      #expect(JSONTraceRenderer.render(report) == (try Self.encodedWhole(report)))
    }
  }

  @Test func aDocumentWrittenInTinyChunksIsTheSame() throws {
    let report = try #require(Self.reports().first)
    var chunks: [String] = []
    let writer = JSONTraceWriter(report: report, chunkSize: 1) { chunks.append($0) }
    for event in report.result.trace { writer.receive(event) }
    writer.finish()
    // The members before the trace, then one chunk per event, then the close.
    #expect(chunks.count == report.result.trace.count + 2)
    #expect(chunks.first?.hasSuffix("\"trace\":[") == true)
    #expect(chunks.joined() == (try Self.encodedWhole(report)))
  }

  @Test func aRunWithNoEventsStillGivesAnEmptyTrace() throws {
    var report = try #require(Self.reports().last)
    report.result.trace = []
    let document = try JSONSerialization.jsonObject(
      with: Data(JSONTraceRenderer.render(report).utf8))
    #expect((document as? [String: Any])?["trace"] as? [Any] != nil)
    #expect(JSONTraceRenderer.render(report) == (try Self.encodedWhole(report)))
  }
}
