import Foundation

/// What standard output is: a terminal (how wide and tall) or a pipe, and whether to mark
/// text with colour. Decided once, at the start of a command.
struct Terminal {
    /// Whether standard output is a terminal.
    let isTerminal: Bool
    /// Columns to wrap at; `nil` in a pipe, where text is never wrapped.
    let width: Int?
    /// Rows of the screen, for the pager's choice; `nil` in a pipe.
    let height: Int?
    /// Whether to write escape sequences for bold and colour.
    let color: Bool

    /// `--color WHEN`: `auto` (the default) marks only a terminal, and not when `NO_COLOR`
    /// is set to anything (no-color.org) or `TERM` is `dumb`; `always` marks even a pipe.
    init(color choice: Options.ColorChoice?, environment: (String) -> String? = Environment.value) {
        isTerminal = isatty(1) == 1
        var size = winsize()
        let known = isTerminal && ioctl(1, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0
        if isTerminal {
            width = known ? Int(size.ws_col) : environment("COLUMNS").flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 80
            height = known && size.ws_row > 0 ? Int(size.ws_row) : environment("LINES").flatMap(Int.init) ?? 24
        } else {
            width = nil
            height = nil
        }
        switch choice {
        case .always?: color = true
        case .never?: color = false
        case .auto?, nil: color = isTerminal && (environment("NO_COLOR") ?? "").isEmpty && environment("TERM") != "dumb"
        }
    }
}
