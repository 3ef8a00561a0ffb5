import Foundation

/// Renders a run as one JSON object for other tools: the run's identity, a `summary` with every
/// summary field of the model plus `violations` and `expectationsMet` (scenario-format §9), the
/// checked expectations, and the full trace, one object per kernel event.
///
/// Written by `JSONEncoder` with sorted keys, on one line (several files give JSON Lines), so the
/// same report gives the same bytes every time.
public enum JSONTraceRenderer {
  /// The JSON document of `report`, ending with one newline.
  public static func render(_ report: RunReport) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(document(of: report))) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  private static func document(of report: RunReport) -> JSONValue {
    let events = TraceEventJSON(laneNames: report.laneNames)
    var members: [(String, JSONValue)] = [
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
      ("trace", .array(report.result.trace.map(events.object))),
    ]
    if let schedule = report.schedule { members.append(("schedule", .string(schedule))) }
    if let fixHint = report.fixHint { members.append(("fixHint", .string(fixHint))) }
    if let reason = report.expectationsNotChecked {
      members.append(("expectationsNotChecked", .string(reason)))
    }
    if report.customTaskBody { members.append(("customTaskBody", .bool(true))) }
    return .object(members)
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
