/// The marks the output uses: SGR sequences, or nothing without colour.
struct Marks {
    let on: Bool
    var bold: String { on ? "\u{1B}[1m" : "" }
    var found: String { on ? "\u{1B}[1;31m" : "" }
    var dim: String { on ? "\u{1B}[2m" : "" }
    var reset: String { on ? "\u{1B}[0m" : "" }
}
