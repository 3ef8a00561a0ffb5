import RacelabKernel

/// A row of a drawn timeline, or a participant of a sequence diagram: the world outside every
/// lane, each lane the model names (a picture may follow it with the lane's queue), each state row
/// the model's picture shows, each task, and the timers, in that order.
enum TimelineRow: Hashable, Comparable {
  /// Whatever is outside every lane: arrivals, lost happenings, chosen orders.
  case world
  case lane(LaneID)
  /// The jobs waiting on a lane.
  case queue(LaneID)
  /// A state row of the model's picture, by its place in the picture's rows.
  case state(Int)
  case task(TaskID)
  case timers

  /// An identifier of letters and digits (`World`, `L0`, `T1`, `Timers`).
  var id: String {
    switch self {
    case .world: "World"
    case .lane(let lane): "L\(lane.index)"
    case .queue(let lane): "Q\(lane.index)"
    case .state(let index): "S\(index)"
    case .task(let task): "T\(Int(task.index) + 1)"
    case .timers: "Timers"
    }
  }

  /// What a reader sees it called.
  func name(_ phrases: Phrasebook) -> String {
    switch self {
    case .world: "outside"
    case .lane(let lane): phrases.name(of: lane)
    case .queue(let lane): "\(phrases.name(of: lane)) queue"
    case .state(let index): "state \(index)"
    case .task(let task): task.description
    case .timers: "timers"
    }
  }

  /// The world, the lanes (each followed by its queue), the state rows, the tasks, the timers.
  private var rank: (Int, Int) {
    switch self {
    case .world: (0, 0)
    case .lane(let lane): (1, 2 * Int(lane.index))
    case .queue(let lane): (1, 2 * Int(lane.index) + 1)
    case .state(let index): (2, index)
    case .task(let task): (3, Int(task.index))
    case .timers: (4, 0)
    }
  }

  static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}
