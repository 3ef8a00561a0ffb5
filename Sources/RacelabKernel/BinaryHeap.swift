/// An array-backed binary min-heap of small value elements.
///
/// The agenda's priority queue: `O(log n)` push and pop, no allocation per element once the
/// array has grown, elements stored inline.
struct BinaryHeap<Element: Comparable> {
  private(set) var elements: [Element] = []

  var isEmpty: Bool { elements.isEmpty }
  var count: Int { elements.count }
  var min: Element? { elements.first }

  mutating func reserveCapacity(_ capacity: Int) {
    elements.reserveCapacity(capacity)
  }

  mutating func push(_ element: Element) {
    elements.append(element)
    var child = elements.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard elements[child] < elements[parent] else { break }
      elements.swapAt(child, parent)
      child = parent
    }
  }

  mutating func popMin() -> Element? {
    guard !elements.isEmpty else { return nil }
    if elements.count == 1 { return elements.removeLast() }
    let top = elements[0]
    elements[0] = elements.removeLast()
    var parent = 0
    let count = elements.count
    while true {
      let left = 2 * parent + 1
      guard left < count else { break }
      let right = left + 1
      var smallest = left
      if right < count && elements[right] < elements[left] { smallest = right }
      guard elements[smallest] < elements[parent] else { break }
      elements.swapAt(parent, smallest)
      parent = smallest
    }
    return top
  }
}
