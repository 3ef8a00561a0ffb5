/// A first-in, first-out queue with amortised `O(1)` push and pop and no per-element allocation.
struct FIFOQueue<Element> {
  private var storage: [Element] = []
  private var head = 0

  var isEmpty: Bool { head == storage.count }
  var count: Int { storage.count - head }

  mutating func append(_ element: Element) {
    storage.append(element)
  }

  @inline(__always)
  mutating func popFirst() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head]
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 1024 && head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }

  /// Removes and returns the element `offset` places from the front (a concurrent lane's pick).
  mutating func remove(at offset: Int) -> Element? {
    guard offset >= 0, head + offset < storage.count else { return nil }
    if offset == 0 { return popFirst() }
    return storage.remove(at: head + offset)
  }

  /// The queued elements, first to last.
  var elements: ArraySlice<Element> { storage[head...] }
}
