#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One benchmark figure: an ordered list of named values, printed as one JSON object or as one
/// line of text.
struct Measurement {
  /// A value of a measurement field.
  enum Value {
    case int(Int)
    case unsigned(UInt64)
    case double(Double)
    case string(String)
    case bool(Bool)

    var json: String {
      switch self {
      case .int(let value): String(value)
      case .unsigned(let value): String(value)
      case .double(let value): value.isFinite ? String(value) : "null"
      case .bool(let value): String(value)
      case .string(let value): jsonString(value)
      }
    }

    var text: String {
      switch self {
      case .string(let value): value
      default: json
      }
    }
  }

  private(set) var fields: [(name: String, value: Value)] = []

  init(workload: String) {
    fields.append(("workload", .string(workload)))
  }

  subscript(name: String) -> Value? {
    get { fields.first { $0.name == name }?.value }
    set {
      if let index = fields.firstIndex(where: { $0.name == name }) {
        if let newValue { fields[index].value = newValue } else { fields.remove(at: index) }
      } else if let newValue {
        fields.append((name, newValue))
      }
    }
  }

  /// Adds the timing fields: `seconds` (the median), the spread, `rate` (`count` per second)
  /// and the process's peak resident memory so far.
  mutating func addTiming(_ timing: Timing, count: Int) {
    self["seconds"] = .double(timing.median)
    self["minSeconds"] = .double(timing.minimum)
    self["maxSeconds"] = .double(timing.maximum)
    self["runs"] = .int(timing.samples.count)
    self["rate"] = .double(timing.median > 0 ? Double(count) / timing.median : 0)
    self["peakMemoryBytes"] = .int(peakMemoryBytes())
  }

  func render(json: Bool) -> String {
    if json {
      return "{" + fields.map { "\(jsonString($0.name)): \($0.value.json)" }.joined(separator: ", ")
        + "}"
    }
    return fields.map { "\($0.name)=\($0.value.text)" }.joined(separator: " ")
  }
}

/// `text` as a JSON string literal.
func jsonString(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\t": out += "\\t"
    default:
      if scalar.value < 0x20 {
        out +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }
  return out + "\""
}

/// Wall-clock durations of repeated runs of one measurement.
struct Timing {
  var samples: [Double]

  var median: Double {
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
  var minimum: Double { samples.min() ?? 0 }
  var maximum: Double { samples.max() ?? 0 }

  /// Runs `body` once untimed (warm-up), then `runs` times timed. `body` returns a value that
  /// must be the same every time (a determinism check), which is also returned.
  static func measure<Result: Equatable>(runs: Int, _ body: () -> Result) -> (Timing, Result) {
    let expected = body()
    var samples: [Double] = []
    for _ in 0..<runs {
      let start = monotonicSeconds()
      let result = body()
      samples.append(monotonicSeconds() - start)
      precondition(result == expected, "benchmark: a run produced a different result")
    }
    return (Timing(samples: samples), expected)
  }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// The process's peak resident set size so far, in bytes (`getrusage` `ru_maxrss`).
func peakMemoryBytes() -> Int {
  var usage = rusage()
  #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss)
  #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) * 1024
  #endif
}
