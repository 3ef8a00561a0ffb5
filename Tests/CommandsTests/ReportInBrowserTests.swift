import CommandTestSupport
import Foundation
import Testing

/// The headless Chromium that `.ci/run` installs, if this machine has it.
let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
  FileManager.default.isExecutableFile(atPath: $0)
}

/// The report in a real browser: headless Chromium loads the index and a page from the disk;
/// its DOM lists every scenario and shows the picture, and its screenshot is a real page.
/// `.ci/run` installs Chromium when it is missing, so CI always runs this.
@Suite(.enabled(if: chromium != nil, "needs Debian's chromium package (.ci/run installs it)"))
struct ReportInBrowserTests {
  /// Runs the browser with `arguments` on `url`, bounded by `timeout` so a stuck browser fails
  /// the test instead of hanging it.
  func browser(_ arguments: [String], _ url: URL, in folder: TemporaryFolder) throws
    -> ProcessOutput
  {
    try runCommand(
      "/usr/bin/timeout",
      [
        "120", try #require(chromium), "--headless", "--no-sandbox", "--disable-gpu",
        "--user-data-dir=\(folder.path("profile"))",
      ] + arguments + [url.absoluteString],
      in: folder.url)
  }

  @Test func theIndexListsEveryScenarioAndAPageShowsItsPicture() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let report = try runRacelab(["report", repositoryScenarios.path, "--out", folder.path("site")])
    #expect(report.status == 0)
    let index = folder.url.appendingPathComponent("site/index.html")
    let dom = try browser(["--dump-dom"], index, in: folder)
    #expect(dom.status == 0, "\(dom.errorText)")
    for path in repositoryScenarioPaths() {
      let relative = String(path.dropFirst("scenarios/".count))
      #expect(dom.outputText.contains(">\(relative)</a>"), "the index lists \(relative)")
    }
    let page = folder.url.appendingPathComponent(
      "site/review-prompt/canonical/busy-main-disappear-original.html")
    let pageDOM = try browser(["--dump-dom"], page, in: folder)
    #expect(pageDOM.outputText.contains("<svg"))
    #expect(pageDOM.outputText.contains("BROKEN no-fire-after-cancel"))

    let shot = folder.path("page.png")
    let screenshot = try browser(
      ["--window-size=1400,1600", "--screenshot=\(shot)", "--hide-scrollbars"], page, in: folder)
    #expect(screenshot.status == 0, "\(screenshot.errorText)")
    let png = try #require(folder.read("page.png"))
    #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    // The IHDR chunk: width and height, big-endian, at bytes 16–23.
    let bytes = [UInt8](png)
    let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
    #expect(width == 1400 && height == 1600)
    // A blank page of that size compresses to a few kilobytes; text and a picture do not.
    #expect(png.count > 50_000)
  }
}
