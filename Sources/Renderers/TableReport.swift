import ModelContract
import RacelabKernel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The evaluation of a truth-table scenario: one row per case with the rule that decided it.
public struct TableReport: Sendable {
  /// One evaluated row.
  public struct Row: Sendable {
    /// The row's inputs as `name value` texts, in column order.
    public var inputs: [String]
    /// The verdict.
    public var result: TableRowResult

    /// Creates a row.
    public init(inputs: [String], result: TableRowResult) {
      self.inputs = inputs
      self.result = result
    }
  }

  /// The scenario's name.
  public var scenario: String
  /// Its title.
  public var title: String?
  /// The model's name.
  public var model: String
  /// The table's name (`eligibility`).
  public var table: String
  /// The rows in file order.
  public var rows: [Row]

  /// Creates a report.
  public init(scenario: String, title: String?, model: String, table: String, rows: [Row]) {
    self.scenario = scenario
    self.title = title
    self.model = model
    self.table = table
    self.rows = rows
  }

  /// Whether every row answered as expected.
  public var allHold: Bool { rows.allSatisfy(\.result.holds) }
}

/// Renders a truth-table report as text: a header, one line per row, a verdict. Text from the
/// scenario is shown with its control characters escaped (``VisibleText``).
public enum TableTextRenderer {
  /// The report as text, ending in one newline.
  public static func render(_ report: TableReport) -> String {
    var lines = ["racelab · \(report.model) · \(report.table) table"]
    lines.append("scenario \(report.scenario)" + (report.title.map { " — \"\($0)\"" } ?? ""))
    lines.append("")
    let width = String(report.rows.count).count
    for (index, row) in report.rows.enumerated() {
      let number = String(repeating: " ", count: width - String(index + 1).count) + "\(index + 1)"
      let verdict =
        row.result.holds ? "✓" : "✗ expected \(row.result.expected.written())"
      lines.append("#\(number)  \(row.inputs.joined(separator: " · "))")
      let answer =
        switch row.result.actual {
        case .bool(let yes): yes ? "yes" : "no"
        case let other: other.written()
        }
      let reason = row.result.decidedBy.isEmpty ? "" : " (\(row.result.decidedBy))"
      lines.append(String(repeating: " ", count: width + 3) + "→ \(answer)\(reason) \(verdict)")
    }
    lines.append("")
    let failed = report.rows.filter { !$0.result.holds }.count
    lines.append(
      failed == 0
        ? "all \(report.rows.count) rows answer as expected"
        : "\(failed) of \(report.rows.count) rows FAILED")
    return lines.map(VisibleText.escaping).joined(separator: "\n") + "\n"
  }
}

/// Renders a truth-table report as one JSON object with sorted keys.
public enum TableJSONRenderer {
  private struct Document: Encodable {
    struct Row: Encodable {
      var inputs: [String]
      var actual: JSONValue
      var expected: JSONValue
      var decidedBy: String
      var holds: Bool
    }
    struct Summary: Encodable {
      var rows: Int
      var failedRows: Int
      var expectationsMet: Bool
    }
    var formatVersion = JSONFormat.version
    var scenario: String
    var title: String?
    var model: String
    var table: String
    var rows: [Row]
    var summary: Summary
  }

  /// The report as JSON, ending in one newline.
  public static func render(_ report: TableReport) -> String {
    let document = Document(
      scenario: report.scenario, title: report.title, model: report.model, table: report.table,
      rows: report.rows.map {
        Document.Row(
          inputs: $0.inputs, actual: TraceEventJSON.value($0.result.actual),
          expected: TraceEventJSON.value($0.result.expected), decidedBy: $0.result.decidedBy,
          holds: $0.result.holds)
      },
      summary: Document.Summary(
        rows: report.rows.count,
        failedRows: report.rows.filter { !$0.result.holds }.count,
        expectationsMet: report.allHold))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
