/// An array-backed 4-ary min-heap of small value elements.
///
/// The agenda's priority queue: `O(log n)` push and pop, no allocation per element once the
/// array has grown, elements stored inline. Four children per node halve the depth of a binary
/// heap, so a pop touches half as many cache lines on a large agenda.
struct BinaryHeap<Element: Comparable> {
  private(set) var elements: [Element] = []

  var isEmpty: Bool { elements.isEmpty }
  var count: Int { elements.count }
  var min: Element? { elements.first }

  mutating func reserveCapacity(_ capacity: Int) {
    elements.reserveCapacity(capacity)
  }

  /// Inserts `element`, moving a hole up from the end instead of swapping.
  mutating func push(_ element: Element) {
    elements.append(element)
    elements.withUnsafeMutableBufferPointer { slots in
      var hole = slots.count - 1
      while hole > 0 {
        let parent = (hole - 1) / 4
        guard element < slots[parent] else { break }
        slots[hole] = slots[parent]
        hole = parent
      }
      slots[hole] = element
    }
  }

  /// Removes and returns the smallest element, moving a hole down from the root.
  mutating func popMin() -> Element? {
    guard let last = elements.popLast() else { return nil }
    guard !elements.isEmpty else { return last }
    return elements.withUnsafeMutableBufferPointer { slots in
      let top = slots[0]
      let count = slots.count
      var hole = 0
      while true {
        let first = 4 * hole + 1
        guard first < count else { break }
        var child = first
        let end = Swift.min(first + 4, count)
        var candidate = first + 1
        while candidate < end {
          if slots[candidate] < slots[child] { child = candidate }
          candidate += 1
        }
        guard slots[child] < last else { break }
        slots[hole] = slots[child]
        hole = child
      }
      slots[hole] = last
      return top
    }
  }
}
