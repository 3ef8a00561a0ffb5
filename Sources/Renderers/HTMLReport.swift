import ModelContract

/// The pages of `racelab report`: an index of every scenario with its answer, and a page per
/// scenario with its `about:` text, its picture, its trace, its variants side by side and its
/// source. Self-contained XHTML (inline CSS and SVG, no script, no external resource), so a
/// browser shows it from the disk and an XML parser reads it; every text is escaped.
public enum HTMLReport {
  /// One scenario as the index lists it.
  public struct Entry: Sendable {
    /// The scenario's path under the scenarios folder (`canonical/happy-path-original.yaml`).
    public var path: String
    /// Its page, relative to the report's root (`canonical/happy-path-original.html`).
    public var page: String
    /// The model and the variant that ran (`review-prompt · original`).
    public var run: String
    /// The model's one-line answer, or why the file was not run.
    public var answer: String
    /// The invariants that broke.
    public var broken: [String]
    /// Whether its expectations held; `nil` when it was not run.
    public var held: Bool?

    /// Creates an entry.
    public init(
      path: String, page: String, run: String, answer: String, broken: [String], held: Bool?
    ) {
      self.path = path
      self.page = page
      self.run = run
      self.answer = answer
      self.broken = broken
      self.held = held
    }
  }

  /// What one scenario's page shows.
  public struct Page: Sendable {
    public var entry: Entry
    public var title: String?
    public var about: String?
    /// The SVG picture, for a timeline.
    public var picture: String?
    /// The text trace (or table).
    public var trace: String
    /// The variants side by side, when the model has more than one.
    public var comparison: String?
    /// The scenario file's text.
    public var source: String

    /// Creates a page.
    public init(
      entry: Entry, title: String?, about: String?, picture: String?, trace: String,
      comparison: String?, source: String
    ) {
      self.entry = entry
      self.title = title
      self.about = about
      self.picture = picture
      self.trace = trace
      self.comparison = comparison
      self.source = source
    }
  }

  static let style = """
    body{font-family:system-ui,sans-serif;margin:2em auto;max-width:80em;padding:0 1em;\
    color:#111827}
    table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;\
    padding:.3em .6em;text-align:left;vertical-align:top}
    pre{background:#f6f7f9;padding:1em;overflow-x:auto;font-size:12px;line-height:1.35}
    .broken{color:#9a3412;font-weight:bold}.held{color:#065f46}
    .picture{overflow-x:auto}h2{margin-top:1.6em}
    """

  /// The index page.
  public static func index(_ entries: [Entry], heading: String) -> String {
    var rows = ""
    for entry in entries {
      let verdict: String
      switch entry.held {
      case true?: verdict = "<span class=\"held\">✓ hold</span>"
      case false?: verdict = "<span class=\"broken\">✗ do not hold</span>"
      case nil: verdict = "<span class=\"broken\">not run</span>"
      }
      rows +=
        "<tr><td><a href=\"\(escape(linkPath(entry.page)))\">\(escape(entry.path))</a></td>"
        + "<td>\(escape(entry.run))</td><td>\(escape(entry.answer))</td>"
        + "<td\(entry.broken.isEmpty ? "" : " class=\"broken\"")>"
        + "\(escape(entry.broken.isEmpty ? "none" : entry.broken.joined(separator: ", ")))</td>"
        + "<td>\(verdict)</td></tr>\n"
    }
    let body = """
      <h1>\(escape(heading))</h1>
      <p>\(entries.count) scenario\(entries.count == 1 ? "" : "s"): each one's answer, the \
      invariants it broke and whether its expectations hold. Open a scenario for its picture, \
      trace, variants and source.</p>
      <table>
      <tr><th>scenario</th><th>model · variant</th><th>answer</th><th>broken</th>\
      <th>expectations</th></tr>
      \(rows)</table>
      """
    return document(title: heading, body: body)
  }

  /// A scenario's page; `root` leads from it back to the index's folder (`../`).
  public static func page(_ page: Page, root: String) -> String {
    let entry = page.entry
    var body = "<p><a href=\"\(escape(root))index.html\">all scenarios</a></p>\n"
    body += "<h1>\(escape(entry.path))</h1>\n"
    if let title = page.title { body += "<p><em>\(escape(title))</em></p>\n" }
    body +=
      "<p class=\"\(entry.broken.isEmpty ? "held" : "broken")\">\(escape(entry.answer)) · broken: "
      + "\(escape(entry.broken.isEmpty ? "none" : entry.broken.joined(separator: ", ")))</p>\n"
    if let about = page.about { body += section("About", "<p>\(escape(about))</p>") }
    if let picture = page.picture {
      body += section("Timeline", "<div class=\"picture\">\n\(picture)</div>")
    }
    body += section("Trace", "<pre>\(escape(page.trace))</pre>")
    if let comparison = page.comparison {
      body += section("Variants side by side", "<pre>\(escape(comparison))</pre>")
    }
    body += section("Scenario file", "<pre>\(escape(page.source))</pre>")
    return document(title: entry.path, body: body)
  }

  /// A relative file path as a link: every byte but letters, digits, `-._~` and the `/`
  /// between folders percent-encoded, so `h#ash.html`, `q?uery.html` and `pc%41.html` lead to
  /// their own files, not to a fragment, a query or another name.
  static func linkPath(_ path: String) -> String {
    var link = ""
    for byte in path.utf8 {
      if linkBytes.contains(byte) {
        link.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        link +=
          "%" + String(byte >> 4, radix: 16, uppercase: true)
          + String(byte & 0x0F, radix: 16, uppercase: true)
      }
    }
    return link
  }

  /// The bytes a link path keeps as they are.
  private static let linkBytes = Set(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/".utf8)

  private static func section(_ heading: String, _ content: String) -> String {
    "<section>\n<h2>\(escape(heading))</h2>\n\(content)\n</section>\n"
  }

  /// The line in the head of every page the report writes: `racelab report` replaces a file
  /// in its folder only when the file holds it, so it never overwrites a page it did not write.
  public static let generator = #"<meta name="generator" content="racelab report"/>"#

  private static func document(title: String, body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE html>
    <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
    <head>
    <meta charset="utf-8"/>
    \(generator)
    <meta name="viewport" content="width=device-width, initial-scale=1"/>
    <title>\(escape(title))</title>
    <style>
    \(style)
    </style>
    </head>
    <body>
    \(body)
    </body>
    </html>

    """
  }

  /// `text` with XML's special characters escaped and control characters shown, line breaks
  /// kept (a trace is many lines).
  static func escape(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { SVGTimelineRenderer.escape(String($0)) }
      .joined(separator: "\n")
  }
}
