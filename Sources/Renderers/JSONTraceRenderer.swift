import RacelabKernel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Renders a run as one JSON object for other tools: the run's identity, a `summary` with every
/// summary field of the model plus `violations` and `expectationsMet` (scenario-format §9), the
/// checked expectations, and the full trace, one object per kernel event.
///
/// Written by `JSONEncoder` with sorted keys, on one line (several files give JSON Lines), so the
/// same report gives the same bytes every time. Rendering a kept trace goes through
/// ``JSONTraceWriter``, which a run too long to keep streams to instead.
public enum JSONTraceRenderer {
  /// The JSON document of `report`, ending with one newline.
  public static func render(_ report: RunReport) -> String {
    var text = ""
    let writer = JSONTraceWriter(report: report) { text += $0 }
    for event in report.result.trace { writer.receive(event) }
    writer.finish()
    return text
  }
}

/// Writes a run's JSON document while the run goes: the members that sort before `trace` at
/// once, each event as it comes, and the rest at ``finish()``, in chunks of whole events.
///
/// The members before the trace (the summary, the headline, the expectations) come from the
/// report, so a streamed run gets its report from a first, identical run.
public final class JSONTraceWriter: StreamedTraceWriter {
  private let events: TraceEventJSON
  private let encoder = JSONEncoder()
  private var output: ChunkedOutput
  /// The end of the document: the trace's close and the members after it.
  private let closing: String
  private var wroteEvent = false

  /// A writer of `report`'s document, handing text to `write` in chunks of about `chunkSize`
  /// bytes. The report's trace is not read: the events come through ``receive(_:)``.
  public init(report: RunReport, chunkSize: Int = 1 << 16, write: @escaping (String) -> Void) {
    self.events = TraceEventJSON(laneNames: report.laneNames)
    self.output = ChunkedOutput(size: chunkSize, write: write)
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let members = Self.members(of: report).sorted { $0.0 < $1.0 }
    var opening = "{"
    var closing = "]"
    for (name, value) in members {
      let member = "\"\(name)\":" + Self.encoded(value, by: encoder)
      if name < Self.traceKey {
        opening += member + ","
      } else {
        closing += "," + member
      }
    }
    self.closing = closing + "}\n"
    output.append(opening + "\"\(Self.traceKey)\":[")
  }

  /// Writes the run's next event.
  public func receive(_ event: TraceEvent) {
    output.append((wroteEvent ? "," : "") + Self.encoded(events.object(event), by: encoder))
    wroteEvent = true
  }

  /// Closes the trace and writes the members after it; the text then ends with one newline.
  public func finish() {
    output.finish(with: closing)
  }

  private static let traceKey = "trace"

  private static func encoded(_ value: JSONValue, by encoder: JSONEncoder) -> String {
    let data = (try? encoder.encode(value)) ?? Data("null".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// Every member of the document but the trace; their names are plain ASCII, so sorting them
  /// as strings is the order `JSONEncoder` sorts keys in.
  private static func members(of report: RunReport) -> [(String, JSONValue)] {
    var members: [(String, JSONValue)] = [
      ("formatVersion", .int(JSONFormat.version)),
      ("scenario", .string(report.scenario)),
      ("title", .optional(report.title)),
      ("model", .string(report.model)),
      ("runtime", .string(report.runtime)),
      ("variant", .string(report.variant)),
      ("start", .string(report.start)),
      ("initialState", .array(report.initialState.map(JSONValue.string))),
      ("lanes", .array(report.laneNames.map(JSONValue.string))),
      ("headline", .string(report.headline)),
      ("summary", summary(of: report)),
      ("expectations", .array(report.expectations.map(expectation))),
    ]
    if let schedule = report.schedule { members.append(("schedule", .string(schedule))) }
    if let fixHint = report.fixHint { members.append(("fixHint", .string(fixHint))) }
    if let reason = report.expectationsNotChecked {
      members.append(("expectationsNotChecked", .string(reason)))
    }
    if report.customTaskBody { members.append(("customTaskBody", .bool(true))) }
    return members
  }

  /// The model's summary fields by name, then the two every run has.
  private static func summary(of report: RunReport) -> JSONValue {
    .object(
      TraceEventJSON.members(report.result.summary) + [
        ("violations", .array(report.result.violations.map(JSONValue.string))),
        ("expectationsMet", .bool(report.expectationsMet)),
      ])
  }

  private static func expectation(_ check: ExpectationCheck) -> JSONValue {
    .object(
      [
        ("key", .string(check.key)), ("expected", .string(check.expected)),
        ("actual", .string(check.actual)), ("holds", .bool(check.holds)),
      ])
  }
}
