import ModelContract

/// A model file, read and checked: every name resolved to a slot, every expression typed.
///
/// The model-file decoder builds one from a `.model.yaml` file (or reports every problem it
/// finds); the model interpreter runs it. Nothing in the IR knows YAML or the kernel, and nothing is
/// looked up by name once it is built: state variables, locals, lanes, operations, records,
/// functions, enums and errors are indexes into the arrays below.
public struct ModelProgram: Sendable, Hashable {
  /// The model's name (`device-identity`).
  public var name: String
  /// What the code does and which race it is suspected of.
  public var about: String?
  /// The processes, in declaration order.
  public var processes: [ProcessDecl]
  /// Every lane of every process, in declaration order (process by process). Lane indexes are
  /// the kernel's lane indexes.
  public var lanes: [LaneDecl]
  /// Every enumeration type, by index (state, parameters and records refer to them).
  public var enums: [EnumDecl]
  /// Every state variable of every process, by slot.
  public var state: [StateVariable]
  /// The records a run keeps (never reset).
  public var records: [RecordDecl]
  /// The errors operations may throw, by index.
  public var errors: [String]
  /// The pure functions, by index.
  public var functions: [FunctionDecl]
  /// The operations, by index, with the bodies of the model as written.
  public var operations: [OperationDecl]
  /// The events a timeline may script, in declaration order (built-in events included, as the
  /// file's loader declares them).
  public var events: [EventDecl]
  /// The variants; the first is the one a scenario gets when it names none and the file has
  /// no `default-variant`.
  public var variants: [VariantDecl]
  /// The index in ``variants`` of `default-variant`.
  public var defaultVariant: Int
  /// The invariants, in declaration order.
  public var invariants: [InvariantDecl]
  /// The closing figures, in declaration order.
  public var summary: [SummaryDecl]
  /// The grouped keys scenarios write (`app:`, `config:`), each bound to a state variable.
  public var sections: [SectionDecl]
  /// The tables' columns, by index (a state variable of type ``ValueType/table(_:)`` holds
  /// the rows).
  public var tables: [TableDecl]
  /// The periodic jobs, in declaration order.
  public var periodic: [PeriodicDecl]
  /// The state rows the model's picture draws under its lanes (`picture: rows:`), in order.
  public var pictureRows: [PictureRowDecl] = []
  /// The answers (`answers:`), in declaration order: the first whose condition holds when a
  /// run ends is the run's answer.
  public var answers: [AnswerDecl] = []
  /// The facts of the trace's start line (`start:`), in order; `nil` when the file gives none,
  /// and the line then names each state variable a scenario set away from its default.
  public var startFacts: [StartFactDecl]?
  /// The closing figures in the model's words (`figures:`), read from the summary's keys and
  /// the broken invariants; `nil`: each summary key and its value.
  public var figures: [SayPart]?
  /// The truth tables scenarios may give instead of a timeline (`truth-tables:`), in
  /// declaration order.
  public var truthTables: [TruthTableDecl] = []

  /// Creates a program.
  public init(
    name: String, about: String?, processes: [ProcessDecl], lanes: [LaneDecl],
    enums: [EnumDecl], state: [StateVariable], records: [RecordDecl], errors: [String],
    functions: [FunctionDecl], operations: [OperationDecl], events: [EventDecl],
    variants: [VariantDecl], defaultVariant: Int, invariants: [InvariantDecl],
    summary: [SummaryDecl], sections: [SectionDecl], tables: [TableDecl] = [],
    periodic: [PeriodicDecl] = []
  ) {
    self.name = name
    self.about = about
    self.processes = processes
    self.lanes = lanes
    self.enums = enums
    self.state = state
    self.records = records
    self.errors = errors
    self.functions = functions
    self.operations = operations
    self.events = events
    self.variants = variants
    self.defaultVariant = defaultVariant
    self.invariants = invariants
    self.summary = summary
    self.sections = sections
    self.tables = tables
    self.periodic = periodic
  }
}

/// A periodic job (`periodic:`): an operation its process starts again and again, as a cron
/// job or a repeating timer does.
public struct PeriodicDecl: Sendable, Hashable {
  /// Its name, which a scenario's `faults: {down: […]}` uses.
  public var name: String
  /// The operation each run starts, as a new task on its lane (no parameters).
  public var operation: Int
  /// The process it belongs to (the operation's).
  public var process: Int
  /// The time between two runs, in nanoseconds (positive).
  public var every: Int64
  /// The wall-clock time of day of the first run (`at: "01:30"`), in nanoseconds after
  /// midnight in the scenario's time zone; `nil` for a first run `every` after `t = 0`.
  public var timeOfDay: Int64?

  /// Creates a periodic job.
  public init(name: String, operation: Int, process: Int, every: Int64, timeOfDay: Int64?) {
    self.name = name
    self.operation = operation
    self.process = process
    self.every = every
    self.timeOfDay = timeOfDay
  }
}

/// A table: rows without an order, as a database stores them (§4 of the proposal).
public struct TableDecl: Sendable, Hashable {
  /// The state variable that holds it (`server.subscriptions`).
  public var name: String
  /// Its columns, in declaration order.
  public var columns: [Field]
  /// Each column's value when an `insert` leaves it out; `nil` for a column every insert must
  /// write (an instant or a day without `default:`).
  public var defaults: [Value?]

  /// Creates a table.
  public init(name: String, columns: [Field], defaults: [Value?]) {
    self.name = name
    self.columns = columns
    self.defaults = defaults
  }
}

/// A process: the app, a server, the store.
public struct ProcessDecl: Sendable, Hashable {
  /// Its name (`app`).
  public var name: String
  /// The operation a relaunch runs once memory is reset (`on-launch:`), if any.
  public var onLaunch: Int?
  /// The name of its own wall clock (`wall-clock: device`), shared with the processes that
  /// name the same one; `nil` for the scenario's wall clock.
  public var wallClock: String?
  /// What a relaunch of it does besides the restart itself (`restart:`).
  public var restart = Restart()

  /// `restart: {say, set}`: the sentence that tells a relaunch of the process in the model's
  /// words, and state it sets once memory is back to its value at `t = 0`.
  public struct Restart: Sendable, Hashable {
    /// The sentence, told as the relaunch begins (before the tasks it kills end), in place of
    /// racelab's `PROCESS starts again: memory back to t = 0`.
    public var sentence: [SayPart]?
    /// State variables and the values a relaunch gives them, read after the reset, in order.
    public var assignments: [Assignment] = []

    /// A state variable (by slot) and the value a relaunch gives it.
    public struct Assignment: Sendable, Hashable {
      /// The state variable.
      public var slot: Int
      /// Its value, read after the reset.
      public var value: Expression
    }

    /// Creates a restart that does nothing more.
    public init() {}
  }

  /// Creates a process.
  public init(name: String, onLaunch: Int?, wallClock: String? = nil) {
    self.name = name
    self.onLaunch = onLaunch
    self.wallClock = wallClock
  }
}

/// A lane: a serial actor or queue, or a concurrent pool.
public struct LaneDecl: Sendable, Hashable {
  /// How a lane runs its ready jobs.
  public enum Kind: Sendable, Hashable {
    /// One job at a time, in FIFO order.
    case serial
    /// Ready jobs may run in any order (a choice point).
    case concurrent
  }

  /// The name traces show: `process.lane` (`server.main`, `app.main`) when the model has two
  /// processes or more, the lane's own name (`main`) when it has one.
  public var name: String
  /// The process it belongs to.
  public var process: Int
  /// Serial or concurrent.
  public var kind: Kind

  /// Creates a lane.
  public init(name: String, process: Int, kind: Kind) {
    self.name = name
    self.process = process
    self.kind = kind
  }
}

/// An enumeration: its values in declaration order, which `<`, `max` and `desc` follow.
public struct EnumDecl: Sendable, Hashable {
  /// The values.
  public var values: [String]

  /// Creates an enumeration.
  public init(values: [String]) {
    self.values = values
  }
}

/// A state variable.
public struct StateVariable: Sendable, Hashable {
  /// What holds the variable: whether it survives a crash or relaunch of its process, and
  /// which of its writes a `transaction:` takes back.
  public enum Storage: Sendable, Hashable {
    /// Survives (`persisted:`); a transaction that an error leaves takes its writes back, a
    /// crash does not (the language's first edition, which named no store).
    case persisted
    /// Back to its initial value on crash and relaunch (`memory:`); a transaction that an error
    /// leaves takes its writes back.
    case memory
    /// A transactional store such as a database (`transactional:`): survives, and a
    /// transaction's writes last only once it commits, so an error or the death of the task
    /// running it takes them back.
    case transactional
    /// A store whose writes last the moment they are made, such as the keychain or a file
    /// (`durable:`): survives, and no transaction takes a write back.
    case durable
  }

  /// The full name (`app.keychain.group`).
  public var name: String
  /// Its type.
  public var type: ValueType
  /// What holds it.
  public var storage: Storage
  /// The process it belongs to.
  public var process: Int
  /// The value at `t = 0` unless the scenario sets it (`none` for an optional without a
  /// default).
  public var initial: Value

  /// Creates a state variable.
  public init(name: String, type: ValueType, storage: Storage, process: Int, initial: Value) {
    self.name = name
    self.type = type
    self.storage = storage
    self.process = process
    self.initial = initial
  }
}

/// A record: what happened, kept for summaries and invariants.
public struct RecordDecl: Sendable, Hashable {
  /// Its name (`uuid-issued`).
  public var name: String
  /// Its fields, in declaration order.
  public var fields: [Field]
  /// What each field means, in the fields' order (its `about:`), where the file says.
  public var abouts: [String?]

  /// Creates a record.
  public init(name: String, fields: [Field], abouts: [String?]? = nil) {
    self.name = name
    self.fields = fields
    self.abouts = abouts ?? fields.map { _ in nil }
  }
}

/// A named, typed field: of a record, a parameter, a function's argument.
public struct Field: Sendable, Hashable {
  /// The name.
  public var name: String
  /// The type.
  public var type: ValueType

  /// Creates a field.
  public init(_ name: String, _ type: ValueType) {
    self.name = name
    self.type = type
  }
}

/// A pure function: parameters and one expression, no effects.
public struct FunctionDecl: Sendable, Hashable {
  /// Its name.
  public var name: String
  /// Its parameters: locals `0..<parameters.count` of the body.
  public var parameters: [Field]
  /// The result type.
  public var result: ValueType
  /// The body.
  public var body: Expression

  /// Creates a function.
  public init(name: String, parameters: [Field], result: ValueType, body: Expression) {
    self.name = name
    self.parameters = parameters
    self.result = result
    self.body = body
  }
}

/// An operation: a named body on a lane, with parameters and an optional result.
public struct OperationDecl: Sendable, Hashable {
  /// Its name (`load-uuid`).
  public var name: String
  /// The lane it runs on.
  public var lane: Int
  /// Its parameters: locals `0..<parameters.count` of the body.
  public var parameters: [Field]
  /// The result type, if it returns one.
  public var result: ValueType?
  /// The body as the model file writes it (variants may replace it).
  public var body: Body
  /// Whether a scenario's `task:` may replace its steps (`overridable: true`).
  public var isOverridable: Bool
  /// What it does, in a few words (`about:`), as written or as a variant says it.
  public var about: String?
  /// How traces name it and the tasks it starts (`title:`, `deferred review request`), when
  /// not by its name.
  public var title: String?

  /// The words traces name it by: its title, or else its name.
  public var shownName: String { title ?? name }

  /// Creates an operation.
  public init(
    name: String, lane: Int, parameters: [Field], result: ValueType?, body: Body,
    isOverridable: Bool, about: String? = nil, title: String? = nil
  ) {
    self.name = name
    self.lane = lane
    self.parameters = parameters
    self.result = result
    self.body = body
    self.isOverridable = isOverridable
    self.about = about
    self.title = title
  }
}

/// Steps with the number of local slots they use (parameters first).
public struct Body: Sendable, Hashable {
  /// The steps, first to last.
  public var steps: [Step]
  /// The number of local slots, parameters included.
  public var localCount: Int

  /// Creates a body.
  public init(steps: [Step], localCount: Int) {
    self.steps = steps
    self.localCount = localCount
  }
}

/// A scriptable event.
public struct EventDecl: Sendable, Hashable {
  /// How the event reaches the model.
  public enum Delivery: Sendable, Hashable {
    /// A job on this lane, running ``EventDecl/handler`` (which never suspends).
    case job(lane: Int)
    /// At once, outside every lane (`on: at-once`).
    case atOnce
  }

  /// What the event does.
  public enum Action: Sendable, Hashable {
    /// The model's own handler: steps that never suspend, parameters as locals.
    case handler(Body)
    /// A built-in event of the kernel. Its last parameter is `process` (an enumeration of the
    /// process names, default the first process), the process it acts on.
    case builtIn(BuiltInEvent)
  }

  /// Its name in `event:`.
  public var name: String
  /// The process it is sent to.
  public var process: Int
  /// Its parameters, with defaults.
  public var parameters: [Parameter]
  /// A job on a lane, or at once.
  public var delivery: Delivery
  /// What it does.
  public var action: Action
  /// One line for `racelab schema`.
  public var help: String
  /// Whether only the model sends it (`internal: true`, by `after: … event:`): scenarios cannot
  /// write it and their vocabulary leaves it out.
  public var isInternal = false
  /// How traces name a happening of it (`label:`), when not by its name and its parameters'
  /// values.
  public var label: [LabelPart]?

  /// A piece of an event's `label:`.
  public enum LabelPart: Sendable, Hashable {
    /// Text as written.
    case text(String)
    /// `{NAME}`: the value of the parameter at this index, as files write it.
    case parameter(Int)
  }

  /// Creates an event.
  public init(
    name: String, process: Int, parameters: [Parameter], delivery: Delivery, action: Action,
    help: String
  ) {
    self.name = name
    self.process = process
    self.parameters = parameters
    self.delivery = delivery
    self.action = action
    self.help = help
  }
}

/// What a scenario may write for a section key or an event parameter, and what it means.
public struct ScenarioBounds: Sendable, Hashable {
  /// The least number (an `int`) it takes, or `0` for a duration that cannot be negative
  /// (`min:`); `nil`: any.
  public var minimum: Int64?
  /// What it means, for `racelab schema` (`about:`).
  public var about: String?

  /// No bounds, no words.
  public init() {}
}

/// A typed parameter of an event, with an optional default.
public struct Parameter: Sendable, Hashable {
  /// Its name and type.
  public var field: Field
  /// The value when a timeline entry leaves it out; `nil` makes it required (unless
  /// ``defaultState`` gives one).
  public var defaultValue: Value?
  /// The state variable (by slot) whose value at `t = 0`, as the scenario sets it, is the
  /// value when a timeline entry leaves the parameter out (`default-from: app.config.delay`).
  public var defaultState: Int?
  /// What scenarios may write for it and what it means (`min:`, `about:`).
  public var bounds = ScenarioBounds()

  /// Creates a parameter.
  public init(_ field: Field, default defaultValue: Value?, defaultState: Int? = nil) {
    self.field = field
    self.defaultValue = defaultValue
    self.defaultState = defaultState
  }
}

/// The kernel's own events, available to every model.
public enum BuiltInEvent: Sendable, Hashable {
  /// The lane of the event's job is held for the duration in parameter 0 (`main-busy`).
  case busy
  /// The process freezes: timers keep counting, nothing runs.
  case suspend
  /// The process thaws.
  case resume
  /// The process dies and starts again: memory state back to its initial values, every
  /// task, job and timer of the process dropped, then its `on-launch` operation.
  case relaunch
  /// The process dies and stays down until a `relaunch`.
  case crash
  /// The wall clock jumps by the signed duration in parameter 0.
  case wallClockShift
}

/// A version of the model's code: the parts it replaces of the model as written.
///
/// A variant that extends another (`extends:`) holds what it inherits too, so each variant is
/// complete on its own: ``ModelProgram/resolved(_:)`` puts it in place in one step.
public struct VariantDecl: Sendable, Hashable {
  /// Its name.
  public var name: String
  /// One line for `racelab schema`.
  public var help: String
  /// Replaced bodies, by operation index.
  public var bodies: [Int: Body]
  /// Replaced function bodies, by function index.
  public var functions: [Int: Expression]
  /// Replaced event handlers, by event index (the model's own events only).
  public var handlers: [Int: Body]
  /// Replaced periodic jobs, by index (same name, possibly another period, time or operation).
  public var periodic: [Int: PeriodicDecl]
  /// Replaced initial values, by state slot.
  public var initial: [Int: Value]
  /// What the replaced operations do (their `about:`), by operation index.
  public var abouts: [Int: String] = [:]

  /// Creates a variant.
  public init(
    name: String, help: String, bodies: [Int: Body], functions: [Int: Expression] = [:],
    handlers: [Int: Body] = [:], periodic: [Int: PeriodicDecl] = [:], initial: [Int: Value] = [:]
  ) {
    self.name = name
    self.help = help
    self.bodies = bodies
    self.functions = functions
    self.handlers = handlers
    self.periodic = periodic
    self.initial = initial
  }
}

/// An invariant.
public struct InvariantDecl: Sendable, Hashable {
  /// When it is checked.
  public enum Check: Sendable, Hashable {
    /// After every job and at-once happening.
    case always(Expression)
    /// When every lane is idle or blocked at an instant.
    case settled(Expression)
    /// Once, when the run ends.
    case atEnd(Expression)
    /// Bounded response: each time the trigger fires, an obligation opens that `then` must
    /// satisfy within the duration.
    case response(Response)
  }

  /// A bounded-response invariant (`for-each: RECORD` or `when: EXPR`, `then:`, `within:`).
  public struct Response: Sendable, Hashable {
    /// What opens an obligation.
    public enum Trigger: Sendable, Hashable {
      /// Each row appended to this record (index into the records); `then` reads the row's
      /// fields as locals `0..<fields.count`, written `RECORD.field`.
      case record(Int)
      /// Each time this condition turns true after every job.
      case condition(Expression)
    }

    /// What opens an obligation.
    public var trigger: Trigger
    /// What must hold, at the latest, when the deadline comes.
    public var then: Expression
    /// How long after its opening an obligation may stay open, in nanoseconds.
    public var within: Int64

    /// Creates a bounded-response check.
    public init(trigger: Trigger, then: Expression, within: Int64) {
      self.trigger = trigger
      self.then = then
      self.within = within
    }
  }

  /// Its name.
  public var name: String
  /// What it checks, and when.
  public var check: Check
  /// What a break means, for the trace (`say:`), as written; `nil` for a generic line.
  public var say: String?
  /// `say:` as a template whose `{…}` parts read state and records when the invariant breaks
  /// (`held {app.db.status}`); empty without `say:`.
  public var sayParts: [SayPart]

  /// Creates an invariant.
  public init(name: String, check: Check, say: String?, sayParts: [SayPart] = []) {
    self.name = name
    self.check = check
    self.say = say
    self.sayParts = sayParts.isEmpty ? say.map { [.text($0)] } ?? [] : sayParts
  }
}

/// A closing figure.
public struct SummaryDecl: Sendable, Hashable {
  /// The key in `expect:` (`uuid`).
  public var key: String
  /// The name in the summary and in JSON (camel case: `uuidChanges`).
  public var field: String
  /// Its type.
  public var type: ValueType
  /// Its value, evaluated when the run ends.
  public var value: Expression

  /// Creates a summary field.
  public init(key: String, field: String, type: ValueType, value: Expression) {
    self.key = key
    self.field = field
    self.type = type
    self.value = value
  }
}

/// A fact of the trace's start line (`start:`): a sentence read from the state at `t = 0`,
/// shown when its condition holds.
public struct StartFactDecl: Sendable, Hashable {
  /// When the fact is shown; `nil`: always.
  public var condition: Expression?
  /// The sentence, with its `{…}` parts.
  public var sentence: [SayPart]

  /// Creates a fact.
  public init(condition: Expression?, sentence: [SayPart]) {
    self.condition = condition
    self.sentence = sentence
  }
}

/// A state row of the model's picture: a labelled band that shows a value over time.
public struct PictureRowDecl: Sendable, Hashable {
  /// What the row is called (`signed-in account`, or the expression as written).
  public var label: String
  /// Its type.
  public var type: ValueType
  /// Its value, evaluated after every job.
  public var value: Expression

  /// Creates a picture row.
  public init(label: String, type: ValueType, value: Expression) {
    self.label = label
    self.type = type
    self.value = value
  }
}

/// A group of scenario keys (`config:`), each bound to a state variable.
public struct SectionDecl: Sendable, Hashable {
  /// One key.
  public struct Key: Sendable, Hashable {
    /// The key as scenarios write it (`delay`).
    public var name: String
    /// The state variable it sets.
    public var binds: Int
    /// Its value when the scenario leaves it out.
    public var defaultValue: Value
    /// What scenarios may write for it and what it means (`min:`, `about:`).
    public var bounds = ScenarioBounds()

    /// Creates a key.
    public init(name: String, binds: Int, defaultValue: Value) {
      self.name = name
      self.binds = binds
      self.defaultValue = defaultValue
    }
  }

  /// The section's name (`config`).
  public var name: String
  /// Its keys.
  public var keys: [Key]

  /// Creates a section.
  public init(name: String, keys: [Key]) {
    self.name = name
    self.keys = keys
  }
}
