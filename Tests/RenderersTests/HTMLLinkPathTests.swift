import Testing

@testable import Renderers

/// The report's links: every byte but letters, digits, `-._~` and `/` percent-encoded.
struct HTMLLinkPathTests {
  @Test(
    "a link leads to its own file",
    arguments: [
      ("folder/plain-name_1.0~x.html", "folder/plain-name_1.0~x.html"),
      ("h#ash.html", "h%23ash.html"), ("q?uery.html", "q%3Fuery.html"),
      ("pc%41.html", "pc%2541.html"), ("a b.html", "a%20b.html"),
      ("café.html", "caf%C3%A9.html"), ("🙂/x.html", "%F0%9F%99%82/x.html"),
    ])
  func encoded(path: String, link: String) {
    #expect(HTMLReport.linkPath(path) == link)
  }
}
