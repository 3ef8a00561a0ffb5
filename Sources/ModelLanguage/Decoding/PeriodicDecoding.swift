import YAML

/// `periodic:`: jobs a process starts again and again (a cron job, a repeating timer).
extension ModelFileDecoder {
  mutating func decodePeriodic(_ node: YAMLNode) -> [PeriodicDecl] {
    guard let entries = context.mapping(node, "'periodic'") else { return [] }
    var jobs: [PeriodicDecl] = []
    for entry in entries {
      let what = "periodic job '\(entry.key)'"
      guard Self.isName(entry.key, dots: false) else {
        context.error(entry.keyLocation, "a periodic job's name is one word, found '\(entry.key)'")
        continue
      }
      guard let fields = context.mapping(entry.value, what) else { continue }
      context.checkKeys(fields, allowed: ["process", "at", "every", "do", "about"], in: what)
      guard let job = periodicJob(fields, what, name: entry.key, at: entry.keyLocation, base: nil)
      else { continue }
      if let first = jobs.first(where: { $0.name == entry.key }) {
        context.error(entry.keyLocation, "periodic job '\(first.name)' is declared twice")
        continue
      }
      jobs.append(job)
    }
    return jobs
  }

  /// A job's fields: `every` and `do` (required unless `base`, a variant's job, gives them),
  /// `at` and `process`; a field left out is the base's.
  mutating func periodicJob(
    _ fields: [YAMLMapEntry], _ what: String, name: String, at location: SourceLocation,
    base: PeriodicDecl?
  ) -> PeriodicDecl? {
    let doEntry = fields.entry("do")
    let everyEntry = fields.entry("every")
    guard base != nil || (doEntry != nil && everyEntry != nil) else {
      context.error(
        location, "\(what) needs 'every:' (such as 15m or 1d) and 'do:' (an operation)")
      return nil
    }
    var operation: Int
    if let doEntry {
      guard let named = operationNamed(doEntry.value, "'do'") else { return nil }
      if !operations[named].parameters.isEmpty {
        context.error(
          doEntry.value.location,
          "\(what) runs an operation without parameters; '\(operations[named].name)' has some")
        return nil
      }
      operation = named
    } else {
      operation = base?.operation ?? 0
    }
    let home = lanes[operations[operation].lane].process
    if let processEntry = fields.entry("process"),
      let processName = context.scalar(processEntry.value, "'process'")
    {
      guard let process = knownProcess(processName, at: processEntry.value.location) else {
        return nil
      }
      if process != home {
        context.error(
          (doEntry ?? processEntry).value.location,
          "'\(operations[operation].name)' runs on a lane of process "
            + "'\(processes[home].name)', not '\(processName)'")
        return nil
      }
    }
    var every = base?.every ?? 0
    if let everyEntry {
      guard let parsed = period(everyEntry.value) else { return nil }
      every = parsed
    }
    var timeOfDay = base?.timeOfDay
    if let atEntry = fields.entry("at") {
      guard let parsed = timeOfDayValue(atEntry.value) else { return nil }
      timeOfDay = parsed
    }
    return PeriodicDecl(
      name: name, operation: operation, process: home, every: every, timeOfDay: timeOfDay)
  }

  /// `every:`: a positive duration.
  private mutating func period(_ node: YAMLNode) -> Int64? {
    guard let text = context.scalar(node, "'every'") else { return nil }
    switch DurationSyntax.parse(text, signed: false) {
    case .success(let nanoseconds) where nanoseconds > 0:
      return nanoseconds
    case .success:
      context.error(node.location, "'every' must be longer than 0s")
    case .failure(let failure):
      context.error(node.location, "'every': " + DurationSyntax.message(failure, text: text))
    }
    return nil
  }

  /// `at: "01:30"` or `"01:30:15"`: nanoseconds after midnight.
  private mutating func timeOfDayValue(_ node: YAMLNode) -> Int64? {
    guard let text = context.scalar(node, "'at'") else { return nil }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    let numbers = parts.map { part in
      part.count == 2 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
        ? Int64(part) : nil
    }
    guard (2...3).contains(parts.count), let hours = numbers[0], let minutes = numbers[1],
      hours < 24, minutes < 60
    else {
      context.error(node.location, "'at' is a time of day such as \"01:30\", found '\(text)'")
      return nil
    }
    var seconds = hours * 3600 + minutes * 60
    if parts.count == 3 {
      guard let extra = numbers[2], extra < 60 else {
        context.error(node.location, "'at' is a time of day such as \"01:30\", found '\(text)'")
        return nil
      }
      seconds += extra
    }
    return seconds * 1_000_000_000
  }
}
