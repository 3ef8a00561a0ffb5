import ScenarioFormat
import Testing

/// A valid document and the tree PyYAML's BaseLoader builds for it, as canonical JSON.
struct YAMLValidCase: Sendable, CustomTestStringConvertible {
  var name: String
  var yaml: String
  var json: String

  init(_ name: String, _ yaml: String, _ json: String) {
    self.name = name
    self.yaml = yaml
    self.json = json
  }

  var testDescription: String { name }
}

/// Every construct of the supported subset. The expected trees were produced by PyYAML 6
/// (`yaml.load(text, Loader=yaml.BaseLoader)` dumped with sorted keys).
let yamlValidCases: [YAMLValidCase] = [
  YAMLValidCase(
    "block-mapping",
    "name: demo\nlaps: 12\nspeed: 3.5\n",
    #"{"laps":"12","name":"demo","speed":"3.5"}"#),
  YAMLValidCase(
    "nested-mapping",
    "race:\n  name: demo\n  track:\n    length: 400\n    surface: clay\nseed: 7\n",
    #"{"race":{"name":"demo","track":{"length":"400","surface":"clay"}},"seed":"7"}"#),
  YAMLValidCase(
    "block-sequence",
    "- a\n- b\n- c\n",
    #"["a","b","c"]"#),
  YAMLValidCase(
    "sequence-of-mappings",
    "events:\n  - at: 0\n    kind: start\n  - at: 10\n    kind: pit\n",
    #"{"events":[{"at":"0","kind":"start"},{"at":"10","kind":"pit"}]}"#),
  YAMLValidCase(
    "indentless-sequence",
    "runners:\n- ann\n- bob\nlaps: 3\n",
    #"{"laps":"3","runners":["ann","bob"]}"#),
  YAMLValidCase(
    "compact-nested",
    "- - a\n  - b\n- - c\n",
    #"[["a","b"],["c"]]"#),
  YAMLValidCase(
    "sequence-item-next-line",
    "-\n  a: 1\n  b: 2\n-\n- x\n",
    #"[{"a":"1","b":"2"},"","x"]"#),
  YAMLValidCase(
    "empty-values",
    "a:\nb:   # comment\nc: ''\nd: \"\"\n",
    #"{"a":"","b":"","c":"","d":""}"#),
  YAMLValidCase(
    "tilde-and-null-words",
    "a: ~\nb: null\nc: true\nd: 0x1F\ne: 1e400\n",
    #"{"a":"~","b":"null","c":"true","d":"0x1F","e":"1e400"}"#),
  YAMLValidCase(
    "huge-numbers",
    "big: 123456789012345678901234567890123456789012345678901234567890\n"
      + "neg: -0.000000000000000000001\n",
    #"{"big":"123456789012345678901234567890123456789012345678901234567890""#
      + #","neg":"-0.000000000000000000001"}"#),
  YAMLValidCase(
    "comments",
    "# header\n\n---\n# after start\nkey: value # trailing\nother: v#not-comment\n"
      + "  # indented comment\n",
    #"{"key":"value","other":"v#not-comment"}"#),
  YAMLValidCase(
    "plain-spaces",
    "title: a   b  c   \nurl: http://example.com/x?y=1\ncolon: a:b\ndash: -a\nq: ?x\n"
      + "c2: :x\n",
    #"{"c2":":x","colon":"a:b","dash":"-a","q":"?x","title":"a   b  c""#
      + #","url":"http://example.com/x?y=1"}"#),
  YAMLValidCase(
    "plain-punctuation",
    "a: a - b\nb: it's\nc: say \"hi\"\nd: x, y\ne: a[0]\nf: '#1'\ng: 100%\n",
    ##"{"a":"a - b","b":"it's","c":"say \"hi\"","d":"x, y","e":"a[0]","f":"#1""##
      + #","g":"100%"}"#),
  YAMLValidCase(
    "single-quoted",
    "a: 'it''s'\nb: '  spaced  '\nc: 'a: b # not comment'\nd: 'tab\there'\n",
    #"{"a":"it's","b":"  spaced  ","c":"a: b # not comment","d":"tab\there"}"#),
  YAMLValidCase(
    "double-quoted",
    "a: \"line\\nbreak\"\nb: \"tab\\tq\\\"bs\\\\\"\nc: \"\\u00e9\\u4e2d\"\n"
      + "d: \"\\x41\\/\\0\\e\\ \\_\"\ne: \"\\U0001F600\"\n",
    #"{"a":"line\nbreak","b":"tab\tq\"bs\\","c":"é中","d":"A/\u0000\u001b  ","e":"😀"}"#),
  YAMLValidCase(
    "double-quoted-more",
    "a: \"\\a\\b\\v\\f\\r\"\nb: \"\\N\\L\\P\"\nc: \"\\\t\"\nd: \"raw\ttab\"\n",
    #"{"a":"\u0007\b\u000b\f\r","b":"  ","c":"\t","d":"raw\ttab"}"#),
  YAMLValidCase(
    "flow-sequence",
    "a: [x, y, z]\nb: []\nc: [ ]\nd: [1,2]\ne: [a b, 'c, d', \"e\"]\nf: [x, ]\n",
    #"{"a":["x","y","z"],"b":[],"c":[],"d":["1","2"],"e":["a b","c, d","e"],"f":["x"]}"#),
  YAMLValidCase(
    "flow-mapping",
    "a: {x: 1, y: 2}\nb: {}\nc: {x: [1, 2], y: {z: w}}\nd: {k}\ne: {k: }\nf: {k:}\n",
    #"{"a":{"x":"1","y":"2"},"b":{},"c":{"x":["1","2"],"y":{"z":"w"}},"d":{"k":""}"#
      + #","e":{"k":""},"f":{"k":""}}"#),
  YAMLValidCase(
    "flow-nested",
    "- [a, [b, [c, [d]]]]\n- {a: {b: {c: [1, {d: e}]}}}\n- [-, -x, a:b]\n",
    #"[["a",["b",["c",["d"]]]],{"a":{"b":{"c":["1",{"d":"e"}]}}},["-","-x","a:b"]]"#),
  YAMLValidCase(
    "flow-root",
    "[a, {b: c}, [d]]\n",
    #"["a",{"b":"c"},["d"]]"#),
  YAMLValidCase(
    "flow-with-comment",
    "a: [1, 2]   # c\nb: {x: y}#c\n",
    #"{"a":["1","2"],"b":{"x":"y"}}"#),
  YAMLValidCase(
    "literal-block",
    "about: |\n  Line one\n  Line two\n\n  After blank\nnext: x\n",
    #"{"about":"Line one\nLine two\n\nAfter blank\n","next":"x"}"#),
  YAMLValidCase(
    "literal-chomping",
    "strip: |-\n  a\n\n\nclip: |\n  a\n\n\nkeep: |+\n  a\n\n\nend: x\n",
    #"{"clip":"a\n","end":"x","keep":"a\n\n\n","strip":"a"}"#),
  YAMLValidCase(
    "folded-block",
    "about: >\n  one\n  two\n\n  three\n    indented\n  four\n  five\nnext: y\n",
    #"{"about":"one two\nthree\n  indented\nfour five\n","next":"y"}"#),
  YAMLValidCase(
    "folded-chomping",
    "a: >-\n  x\n  y\n\nb: >+\n  x\n\n\nc: >\n\n  lead\n",
    #"{"a":"x y","b":"x\n\n\n","c":"\nlead\n"}"#),
  YAMLValidCase(
    "block-scalar-keep-eof",
    "a: |+\n  x\n\n",
    #"{"a":"x\n\n"}"#),
  YAMLValidCase(
    "block-scalar-no-final-newline",
    "a: |\n  x\n  y",
    #"{"a":"x\ny"}"#),
  YAMLValidCase(
    "block-scalar-empty",
    "a: |\nb: >-\nc: |+\n\nd: x\n",
    #"{"a":"","b":"","c":"\n","d":"x"}"#),
  YAMLValidCase(
    "block-scalar-comments-inside",
    "a: |\n  # not a comment\n  text  # kept\n # real comment\nb: 1\n",
    ##"{"a":"# not a comment\ntext  # kept\n","b":"1"}"##),
  YAMLValidCase(
    "block-scalar-more-indented",
    "a: |\n    deep\n      deeper\n    back\n",
    #"{"a":"deep\n  deeper\nback\n"}"#),
  YAMLValidCase(
    "block-scalar-in-sequence",
    "- |\n  one\n- >\n  two\n  three\n- k: |\n    four\n",
    #"["one\n","two three\n",{"k":"four\n"}]"#),
  YAMLValidCase(
    "block-scalar-blank-with-spaces",
    "a: |\n  x\n    \n  y\n   \n",
    #"{"a":"x\n  \ny\n \n"}"#),
  YAMLValidCase(
    "block-scalar-header-comment",
    "a: | # note\n  x\nb: >- #c\n  y\n",
    #"{"a":"x\n","b":"y"}"#),
  YAMLValidCase(
    "block-scalar-tabs",
    "a: |\n  \tx\n  y\tz\n",
    #"{"a":"\tx\ny\tz\n"}"#),
  YAMLValidCase(
    "block-scalar-root",
    "|\n  root text\n",
    #""root text\n""#),
  YAMLValidCase(
    "folded-spaced-lines",
    "a: >\n  x\n   y\n  z\n\n\n  w\n",
    #"{"a":"x\n y\nz\n\nw\n"}"#),
  YAMLValidCase(
    "unicode",
    "name: Zoë\ncity: 東京\nemoji: \"🏁\"\nmix: 'ü'\n",
    #"{"city":"東京","emoji":"🏁","mix":"ü","name":"Zoë"}"#),
  YAMLValidCase(
    "unicode-flow",
    "a: [é, ü, 東京]\nb: {k: ñ}\n",
    #"{"a":["é","ü","東京"],"b":{"k":"ñ"}}"#),
  YAMLValidCase(
    "crlf",
    "a: 1\r\nb:\r\n  - x\r\n  - y\r\nc: |\r\n  l1\r\n  l2\r\n",
    #"{"a":"1","b":["x","y"],"c":"l1\nl2\n"}"#),
  YAMLValidCase(
    "bom",
    "\u{FEFF}a: 1\nb: 2\n",
    #"{"a":"1","b":"2"}"#),
  YAMLValidCase(
    "bom-crlf",
    "\u{FEFF}# c\r\n---\r\nk: v\r\n",
    #"{"k":"v"}"#),
  YAMLValidCase(
    "no-final-newline",
    "a: 1\nb: 2",
    #"{"a":"1","b":"2"}"#),
  YAMLValidCase(
    "key-spacing",
    "a :   1\nb:    two   \n",
    #"{"a":"1","b":"two"}"#),
  YAMLValidCase(
    "value-on-next-line",
    "a:\n  plain\nb:\n  [1, 2]\nc:\n  'q'\n",
    #"{"a":"plain","b":["1","2"],"c":"q"}"#),
  YAMLValidCase(
    "indented-root",
    "  a: 1\n  b: 2\n",
    #"{"a":"1","b":"2"}"#),
  YAMLValidCase(
    "deeper-nesting",
    "a:\n  b:\n    c:\n      d:\n        - e:\n            f: [g]\n",
    #"{"a":{"b":{"c":{"d":[{"e":{"f":["g"]}}]}}}}"#),
  YAMLValidCase(
    "sequence-dash-spacing",
    "-   a\n-    b: 1\n     c: 2\n",
    #"["a",{"b":"1","c":"2"}]"#),
  YAMLValidCase(
    "empty-sequence-items",
    "- \n-\n- x\n",
    #"["","","x"]"#),
  YAMLValidCase(
    "nested-compact-mapping",
    "- a: 1\n  b:\n    - c\n    - d\n  e: {f: g}\n",
    #"[{"a":"1","b":["c","d"],"e":{"f":"g"}}]"#),
  YAMLValidCase(
    "quoted-values-with-colons",
    "a: 'x: y'\nb: \"x: y\"\nc: [\"a: b\"]\n",
    #"{"a":"x: y","b":"x: y","c":["a: b"]}"#),
  YAMLValidCase(
    "dashes-in-keys",
    "screen-show: 1\na1-b2: 2\n",
    #"{"a1-b2":"2","screen-show":"1"}"#),
  YAMLValidCase(
    "doc-start-only-comments-before",
    "# c1\n# c2\n--- # start\na: 1\n",
    #"{"a":"1"}"#),
  YAMLValidCase(
    "special-plain-words",
    "a: yes\nb: No\nc: .inf\nd: -.nan\ne: 2001-12-14\n",
    #"{"a":"yes","b":"No","c":".inf","d":"-.nan","e":"2001-12-14"}"#),
  YAMLValidCase(
    "quoted-keys-in-values",
    "a: [\"x\", 'y']\n",
    #"{"a":["x","y"]}"#),
  YAMLValidCase(
    "hash-in-plain",
    "a: C#\nb: a#b#c\n",
    #"{"a":"C#","b":"a#b#c"}"#),
  YAMLValidCase(
    "flow-spacing",
    "a: [ a , b ,c ]\nb: { x : 1 , y: 2 }\n",
    #"{"a":["a","b","c"],"b":{"x":"1","y":"2"}}"#),

]
