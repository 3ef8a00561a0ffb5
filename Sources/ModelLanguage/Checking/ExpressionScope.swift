import YAML

/// A typed expression and its type.
struct Typed {
  var expression: Expression
  var type: ValueType
}

/// Where an expression is written, which decides what it may use.
enum ExpressionPlace: Equatable {
  /// An operation's body: everything.
  case task
  /// An event handler: no `is-cancelled` (a handler is not a task).
  case handler
  /// A function's body: pure, so no `new-uuid()` and no `is-cancelled`.
  case function
  /// An invariant, a summary value: no locals, no `new-uuid()`, no `is-cancelled`.
  case rule
}

/// A local visible at some point of a body.
struct LocalName {
  var name: String
  var slot: Int
  /// The declared type (optional for an optional).
  var type: ValueType
  /// Whether a `guard x != none` (or an `if`) has proven it present here.
  var isNarrowed = false
  /// The operation whose task this handle holds, when a `spawn … into:` set it.
  var spawned: Int?
}

/// The rows a `where` condition (or a `by` key) looks at.
enum RowSource: Equatable {
  /// A record's rows (index into the records).
  case record(Int)
  /// A table's rows (index into the tables).
  case table(Int)
}

/// The names an expression may read besides state: locals, and the row of `recorded(… where)`
/// or of a table query.
struct ExpressionScope {
  var place: ExpressionPlace
  var locals: [LocalName] = []
  /// The record or table whose rows a `where` condition filters.
  var row: RowSource?
  /// The rows of the filters this one is nested in, the outermost first: a nested filter reads
  /// their columns by the record's or table's name (`a.key`).
  var outerRows: [RowSource] = []

  /// The scope of a filter over `row`, nested in this one.
  func looking(at row: RowSource) -> ExpressionScope {
    var inner = self
    if let current = self.row { inner.outerRows.append(current) }
    inner.row = row
    return inner
  }

  /// The visible local named `name` (the latest declaration).
  func local(_ name: String) -> LocalName? { locals.last { $0.name == name } }

  /// The scope with the optional locals in `names` proven present.
  func narrowing(_ names: [String]) -> ExpressionScope {
    var scope = self
    for name in names {
      guard let index = scope.locals.lastIndex(where: { $0.name == name }),
        case .optional = scope.locals[index].type
      else { continue }
      scope.locals[index].isNarrowed = true
    }
    return scope
  }

  /// The scope with the locals of `slots` no longer proven present (they were set since).
  mutating func forgetNarrowing(of slots: Set<Int>) {
    guard !slots.isEmpty else { return }
    for index in locals.indices where slots.contains(locals[index].slot) {
      locals[index].isNarrowed = false
    }
  }

  /// Declares or reassigns a local; returns its slot.
  mutating func bind(_ name: String, type: ValueType, slot: Int) {
    locals.append(LocalName(name: name, slot: slot, type: type))
  }
}

extension ExpressionSyntax {
  /// The locals this condition proves present when it is true (`x != none`, joined by `&&`), or
  /// when it is false (`x == none`, joined by `||`).
  func narrowedNames(whenTrue: Bool) -> [String] {
    switch kind {
    case .binary(let symbol, let left, let right, _):
      if symbol == (whenTrue ? "&&" : "||") {
        return left.narrowedNames(whenTrue: whenTrue) + right.narrowedNames(whenTrue: whenTrue)
      }
      guard symbol == (whenTrue ? "!=" : "==") else { return [] }
      if case .word(let name) = left.kind, right.kind == .word("none") { return [name] }
      if case .word(let name) = right.kind, left.kind == .word("none") { return [name] }
      return []
    case .not(let inner):
      return inner.narrowedNames(whenTrue: !whenTrue)
    default:
      return []
    }
  }
}

extension ValueType {
  /// The type without its optional.
  var stripped: ValueType {
    if case .optional(let wrapped) = self { return wrapped }
    return self
  }

  /// The type of a list's items (of an optional list's), or the type itself.
  var element: ValueType {
    if case .list(let item) = stripped { return item.stripped }
    return stripped
  }

  var isOptional: Bool {
    if case .optional = self { return true }
    return false
  }

  /// The optional of this type (itself when already optional).
  var optionalized: ValueType { isOptional ? self : .optional(self) }

  /// Whether a value of this type can be stored where `expected` is declared.
  func isAssignable(to expected: ValueType) -> Bool {
    self == expected || expected == .optional(self)
  }
}
