/// The terminal's escape codes that `rules` writes, named once: the styles of its output
/// (SGR), and what the full-screen view uses to move, clear and hide the cursor. Every
/// other part of the program writes these names, never the bytes.
public enum EscapeCode {
    /// ESC, which begins every escape code: what measures a line's width skips from it.
    public static let escape: Unicode.Scalar = "\u{1B}"
    /// The introducer of a control sequence, ESC `[`.
    static let csi = String(escape) + "["

    // MARK: Styles (SGR)

    /// Bold: titles and § numbers.
    public static let bold = csi + "1m"
    /// Faint: what is said about a result (its chapter, its address).
    public static let dim = csi + "2m"
    /// Bold red: the words a search found.
    public static let found = csi + "1;31m"
    /// Reverse video: the selected line of the full-screen view, the selected reference
    /// of a rule read there.
    public static let reverse = csi + "7m"
    /// Underlined: a reference to another rule, which can be followed.
    public static let underline = csi + "4m"
    /// Every style off.
    public static let reset = csi + "0m"

    // MARK: The screen and the cursor

    /// The whole screen cleared.
    public static let clearScreen = csi + "2J"
    /// The rest of the line cleared, from the cursor.
    public static let clearToEndOfLine = csi + "K"
    public static let hideCursor = csi + "?25l"
    public static let showCursor = csi + "?25h"

    /// The cursor moved to `row` and `column`, both counted from 1.
    public static func moveTo(row: Int, column: Int) -> String {
        csi + "\(row);\(column)H"
    }

    /// The alternate screen, cleared, with the cursor at its top; bracketed paste on (a
    /// paste comes marked, so that its line breaks are not taken for Enter).
    static let enterFullScreen = csi + "?1049h" + csi + "H" + clearScreen + csi + "?2004h"
    /// What puts the screen back: every style off, the cursor shown, the keypad's
    /// application mode and bracketed paste off, the alternate screen left.
    static let leaveFullScreen = reset + showCursor + csi + "?1l" + csi + "?2004l" + csi + "?1049l"
}
