import Reports
import Testing
import YAML

/// A workflow command is one line whatever its message and path hold.
struct GitHubAnnotationsTests {
  @Test("the message's %, CR and LF and the path's : and , are percent-encoded")
  func encoded() {
    #expect(
      GitHubAnnotations.error(
        "50% done\r\nnext", path: "a:b,c.yaml", at: SourceLocation(line: 3, column: 7))
        == "::error file=a%3Ab%2Cc.yaml,line=3,col=7::50%25 done%0D%0Anext\n")
    #expect(
      GitHubAnnotations.error("gone", path: "x.yaml", at: nil) == "::error file=x.yaml::gone\n")
  }
}
