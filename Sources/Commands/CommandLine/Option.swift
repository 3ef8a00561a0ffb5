/// One option of a command, declared once: its name, its value, its help and the field of the
/// command's options it fills. Parsing, `--help` and the documentation's command table all
/// read it; the command reads the field.
struct Option<Options>: Sendable {
  /// `--format`.
  let name: String
  /// How a usage line writes its value; `nil` for a switch, which takes none.
  let placeholder: String?
  /// One line on what it does.
  let help: String
  /// Checks the text given (empty for a switch) and stores its value in the field it fills.
  let fill: @Sendable (_ options: inout Options, _ text: String) throws(CommandError) -> Void

  /// An option that fills `field` with its value.
  init<Value>(
    _ name: String, _ value: OptionValue<Value>, help: String,
    field: WritableKeyPath<Options, Value> & Sendable
  ) {
    self.name = name
    self.placeholder = value.placeholder
    self.help = help
    self.fill = { options, text throws(CommandError) in
      options[keyPath: field] = try value.read(text, name)
    }
  }

  /// An option that fills `field`, `nil` until it is given, with its value.
  init<Value>(
    _ name: String, _ value: OptionValue<Value>, help: String,
    field: WritableKeyPath<Options, Value?> & Sendable
  ) {
    self.name = name
    self.placeholder = value.placeholder
    self.help = help
    self.fill = { options, text throws(CommandError) in
      options[keyPath: field] = try value.read(text, name)
    }
  }

  /// `--format text|json`.
  var synopsis: String {
    placeholder.map { "\(name) \($0)" } ?? name
  }
}
