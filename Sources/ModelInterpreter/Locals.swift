import ModelContract
import ModelLanguage

/// An activation's local slots (its parameters first). The first three are stored inline, the
/// others in an array: a task resumed by its timer is cold in the cache, and most operations
/// have few locals, so reading them costs no second buffer to reach.
struct Locals: Sendable, Hashable, ExpressibleByArrayLiteral {
  private var first = Value.none
  private var second = Value.none
  private var third = Value.none
  private var rest: [Value] = []
  /// How many slots there are.
  private(set) var count = 0

  private static let inlineCount = 3

  /// The slots `values`, in order, followed by `.none` up to `count` slots.
  init(_ values: [Value], paddedTo count: Int = 0) {
    self.count = max(values.count, count)
    if self.count > Self.inlineCount {
      rest = Array(repeating: .none, count: self.count - Self.inlineCount)
    }
    for (slot, value) in values.enumerated() { self[slot] = value }
  }

  init(arrayLiteral values: Value...) { self.init(values) }

  subscript(slot: Int) -> Value {
    get {
      precondition(slot >= 0 && slot < count, "local slot out of range")
      switch slot {
      case 0: return first
      case 1: return second
      case 2: return third
      default: return rest[slot - Self.inlineCount]
      }
    }
    set {
      precondition(slot >= 0 && slot < count, "local slot out of range")
      switch slot {
      case 0: first = newValue
      case 1: second = newValue
      case 2: third = newValue
      default: rest[slot - Self.inlineCount] = newValue
      }
    }
  }
}
