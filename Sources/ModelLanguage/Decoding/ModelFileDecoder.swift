import YAML

/// An operation's name, lane, parameters and result, known before any body is read so that
/// bodies may call operations declared after them.
struct OperationSignature {
  var name: String
  var lane: Int
  var parameters: [Field]
  var result: ValueType?
  var isOverridable: Bool
  var location: SourceLocation
  var about: String?
  var title: String?
}

/// A function's name, parameters and result, known before any body is read.
struct FunctionSignature {
  var name: String
  var parameters: [Field]
  var result: ValueType
  var location: SourceLocation
}

/// An event's name and parameters, known before any body is read so that `after: … event:`
/// may name an event declared after it.
struct EventSignature {
  var parameters: [Parameter]
  var entry: YAMLMapEntry
  var fields: [YAMLMapEntry]
  /// `internal: true`: only the model's `after: … event:` sends it.
  var isInternal: Bool

  /// The event's name, as the file writes it.
  var name: String { entry.key }
}

/// A `call:` from one body to an operation (or a function call from one function to another),
/// for the recursion check.
struct CallSite {
  var from: Int
  var to: Int
  var location: SourceLocation
  /// The variant whose own body holds the call; `nil` for the body as written.
  var variant: Int?
}

/// Reads a model file's YAML tree into a ``ModelProgram``, collecting every diagnostic.
struct ModelFileDecoder {
  static let topLevelKeys = [
    "kind", "name", "about", "default-variant", "processes", "records", "errors", "functions",
    "operations", "events", "variants", "invariants", "summary", "sections", "periodic",
    "picture", "answers", "start", "figures", "truth-tables",
  ]

  var context = DecodingContext()
  let lines: SourceLines
  let limits: ScenarioLimits

  var processes: [ProcessDecl] = []
  var lanes: [LaneDecl] = []
  var enums: [EnumDecl] = []
  var state: [StateVariable] = []
  var stateSlots: [String: Int] = [:]
  var records: [RecordDecl] = []
  var tables: [TableDecl] = []
  var errors: [String] = []
  var functions: [FunctionSignature] = []
  var functionBodies: [Expression?] = []
  var operations: [OperationSignature] = []
  /// Each process's `restart:`, read once functions are declared.
  var restartNodes: [(process: Int, node: YAMLNode)] = []
  /// The model's own events, in declaration order (the built-in events follow them).
  var eventSignatures: [EventSignature] = []
  /// The invariants' names in declaration order, and whether each is an `always:` one, known
  /// before any body so that a `check:` step may name one.
  var invariantNames: [(name: String, isAlways: Bool)] = []
  var operationBodies: [Body?] = []
  /// Each variant's own replacements (what it inherits is added once all are read).
  var variants: [VariantDecl] = []
  /// The variant each one extends (`extends:`), by index; `nil` for the model as written.
  var variantParents: [Int?] = []

  /// Calls between operations (for cycles) and between functions.
  var operationCalls: [CallSite] = []
  var functionCalls: [CallSite] = []
  /// The function whose body is being checked, and the variant replacing it, for
  /// ``functionCalls``.
  var currentFunction: (index: Int, variant: Int?)?
  /// Per operation: where its body (or a variant's) first suspends, and the same-lane calls it
  /// makes, for the no-suspension rule of handlers.
  var directSuspension: [SourceLocation?] = []
  var sameLaneCalls: [[Int]] = []

  init(bytes: [UInt8], limits: ScenarioLimits) {
    self.lines = SourceLines(bytes)
    self.limits = limits
  }

  // MARK: Names

  func processIndex(_ name: String) -> Int? { processes.firstIndex { $0.name == name } }

  /// The process named `name`, written at `location`; `nil` after a located error naming the
  /// processes there are.
  mutating func knownProcess(_ name: String, at location: SourceLocation) -> Int? {
    guard let index = processIndex(name) else {
      context.unknown("process", name, at: location, known: processes.map(\.name))
      return nil
    }
    return index
  }

  func operationIndex(_ name: String) -> Int? { operations.firstIndex { $0.name == name } }

  func recordIndex(_ name: String) -> Int? { records.firstIndex { $0.name == name } }

  /// The lane a model file names: the lane's program name (`keychain`, `server.main`), or the
  /// other way of writing a lane of the first process: `process.lane` when it is the only
  /// process, the bare lane name when there are more (its program name is `process.lane`).
  func laneIndex(_ name: String) -> Int? {
    if let index = lanes.firstIndex(where: { $0.name == name }) { return index }
    guard let first = processes.first?.name else { return nil }
    return lanes.firstIndex { lane in
      lane.process == 0
        && (processes.count > 1 ? lane.name == "\(first).\(name)" : "\(first).\(lane.name)" == name)
    }
  }

  /// The index of the enumeration with exactly these values, declaring it if new (two
  /// declarations with the same values are one type).
  mutating func enumIndex(_ values: [String]) -> Int {
    if let index = enums.firstIndex(where: { $0.values == values }) { return index }
    enums.append(EnumDecl(values: values))
    return enums.count - 1
  }

  /// Whether `text` is lowercase words joined by `-`, optionally grouped by dots.
  static func isName(_ text: String, dots: Bool) -> Bool {
    dots ? YAMLByte.isDottedWord(text) : YAMLByte.isPlainWord(text)
  }

  /// Reports a name declared twice.
  mutating func duplicate(
    _ what: String, _ name: String, at location: SourceLocation, first: SourceLocation
  ) {
    context.appendDiagnostic(
      Diagnostic(
        location: location, message: "\(what) '\(name)' is declared twice",
        notes: [Diagnostic(location: first, severity: .note, message: "first declared here")]))
  }

  /// A plain word (such as a name of a lane, a process or an operation), or an error.
  mutating func word(_ node: YAMLNode, _ what: String, dots: Bool = false) -> String? {
    guard let text = context.scalar(node, what) else { return nil }
    guard Self.isName(text, dots: dots) else {
      context.error(
        node.location,
        "\(what) must be a name of lowercase words joined by '-'\(dots ? " or '.'" : ""), "
          + "found '\(text)'")
      return nil
    }
    return text
  }

  /// `true` or `false`, or an error.
  mutating func flag(_ node: YAMLNode, _ what: String) -> Bool? {
    guard let text = context.scalar(node, what) else { return nil }
    switch text {
    case "true": return true
    case "false": return false
    default:
      context.error(node.location, "\(what) must be true or false, found '\(text)'")
      return nil
    }
  }
}
