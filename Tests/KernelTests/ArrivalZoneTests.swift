import RacelabKernel
import Testing

/// The zone of arrival instants against the integer points it stands for, enumerated: small
/// windows, narrowed and grown at random, and after every step each bound, the earliest point
/// and every comparison's possible orders read off the zone must be what the points give.
@Suite("The arrival zone against its points, enumerated")
struct ArrivalZoneTests {
  /// A zone and the points it stands for (`x_0 = 0` first in each).
  struct Pair {
    var zone: ArrivalZone
    var points: [[Int128]]

    init(windows: [ClosedRange<Int64>]) {
      zone = ArrivalZone(windows: windows)
      points = [[0]]
      for window in windows {
        points = points.flatMap { point in window.map { point + [Int128($0)] } }
      }
    }

    mutating func constrain(_ i: Int, minus j: Int, atMost limit: Int128) {
      let kept = points.filter { $0[i] - $0[j] <= limit }
      let narrowed = zone.constrain(i, minus: j, atMost: limit)
      #expect(narrowed == !kept.isEmpty, "x\(i) − x\(j) ≤ \(limit)")
      if narrowed { points = kept }
    }

    mutating func addVariable(after anchor: Int, lower: Int128, upper: Int128) {
      let index = zone.addVariable(after: anchor, lower: lower, upper: upper)
      #expect(index == points[0].count)
      points = points.flatMap { point in
        (lower...upper).map { point + [point[anchor] + $0] }
      }
    }
  }

  @Test("bounds, the earliest point and the orders agree with the points", arguments: 0..<40)
  func agreesWithThePoints(seed: UInt64) {
    var random = SplitMix64(seed: 0x5A0E + seed)
    let windows = (0..<Int.random(in: 1...3, using: &random)).map { _ in
      let start = Int64.random(in: 0...4, using: &random)
      return start...(start + Int64.random(in: 0...3, using: &random))
    }
    var pair = Pair(windows: windows)
    check(pair)
    for _ in 0..<6 {
      let size = pair.zone.size
      if size < 5 && Bool.random(using: &random) {
        let lower = Int128(Int.random(in: 0...2, using: &random))
        pair.addVariable(
          after: Int.random(in: 0..<size, using: &random), lower: lower,
          upper: lower + Int128(Int.random(in: 0...2, using: &random)))
      } else {
        let i = Int.random(in: 0..<size, using: &random)
        let j = (i + Int.random(in: 1..<size, using: &random)) % size
        pair.constrain(i, minus: j, atMost: Int128(Int.random(in: -4...4, using: &random)))
      }
      check(pair)
    }
  }

  @Test("A comparison's orders without one of them keep the others' order")
  func removingAnOrder() {
    let orders = InstantOrders([.same, .before, .after])
    #expect(Array(orders.removing(.before)) == [.same, .after])
    #expect(Array(orders.removing(.same)) == [.before, .after])
    #expect(Array(InstantOrders([.before]).removing(.before)).isEmpty)
  }

  private func check(_ pair: Pair) {
    let zone = pair.zone
    let points = pair.points
    let size = zone.size
    let lowest = (0..<size).map { i in points.map { $0[i] }.min()! }
    #expect(points.contains(lowest), "the point of lowest instants is in the zone")
    #expect(zone.earliest.map { Int128($0) } == Array(lowest[1...]))
    for i in 0..<size {
      for j in 0..<size {
        let differences = points.map { $0[i] - $0[j] }
        #expect(zone.range(i, j) == differences.min()!...differences.max()!, "x\(i) − x\(j)")
        for offsetA in Int128(-2)...2 {
          for offsetB in Int128(-2)...2 {
            let order = { (point: [Int128]) in
              InstantOrder(point[i] + offsetA, comparedWith: point[j] + offsetB)
            }
            let orders = zone.orders(of: i, plus: offsetA, relativeTo: j, plus: offsetB)
            let possible = InstantOrder.allCases.filter { wanted in
              points.contains { order($0) == wanted }
            }
            #expect(Set(orders) == Set(possible))
            #expect(orders.count == possible.count, "each order once")
            #expect(orders.first == order(lowest), "the earliest point's order first")
            #expect(Array(orders.dropFirst()) == possible.filter { $0 != order(lowest) })
          }
        }
      }
    }
  }
}
