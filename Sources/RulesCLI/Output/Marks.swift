import RulesTerminal

/// The marks the output uses: SGR sequences, or nothing without colour.
struct Marks {
    let on: Bool
    var bold: String { on ? EscapeCode.bold : "" }
    var found: String { on ? EscapeCode.found : "" }
    var dim: String { on ? EscapeCode.dim : "" }
    var reset: String { on ? EscapeCode.reset : "" }
}
