/// A key a person pressed, as a terminal in raw mode sends it (see ``KeyDecoder``).
public enum Key: Equatable, Sendable {
    /// A character typed: a letter of any alphabet, a digit, punctuation, a space.
    case character(Character)
    case enter, tab, backspace, escape
    /// Shift-Tab (ESC [ Z).
    case backTab
    case up, down, left, right, pageUp, pageDown, home, end, delete
    /// A control key: `control("u")` is Ctrl-U. Ctrl-C, Ctrl-D and the others arrive so,
    /// since raw mode turns off the terminal's own handling of them.
    case control(Character)
    /// The start and end of pasted text (bracketed paste, which ``RawTerminal`` turns on):
    /// a line break between them is text, not Enter.
    case pasteStart, pasteEnd
    /// A sequence this decoder does not know (a function key, a mouse report): passed over.
    case unknown
}
