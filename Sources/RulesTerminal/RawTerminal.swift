import Glibc

/// A terminal taken over for a full-screen view, and given back as it was whatever ends
/// the program.
///
/// ``enter()`` saves the terminal's settings, turns off its line editing, echo and signal
/// keys (raw mode: Ctrl-C arrives as a byte), and switches to the alternate screen, as
/// `less` and `vim` do, so that the shell's screen comes back untouched. ``restore()``
/// undoes it. So do the handlers it installs: for SIGTERM, SIGHUP and SIGQUIT, and for the
/// signals a crash raises (a Swift runtime trap is SIGILL or SIGTRAP; SIGSEGV, SIGBUS,
/// SIGFPE, SIGABRT), each of which restores the terminal with calls that are safe in a
/// signal handler (`write`, `tcsetattr`), then lets the signal do what it would have done.
/// SIGWINCH (the window resized) writes a byte to ``resizes``, a pipe the caller's event
/// loop watches. Ctrl-Z stops the program with the terminal restored, and resumes it raw
/// (``suspend()``).
public enum RawTerminal {
    /// The input and output descriptors (standard input and output).
    public static let input: Int32 = 0, output: Int32 = 1

    /// A byte is written to the write end when the window is resized; the caller polls the
    /// read end. Made by ``enter()``.
    public nonisolated(unsafe) static var resizes: (read: Int32, write: Int32) = (-1, -1)

    /// The settings before ``enter()``, and whether they are in force.
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var active = false

    /// What puts the screen back: leave the alternate screen, show the cursor, end any
    /// colour, turn the keypad's application mode and bracketed paste off.
    private static let leaveSequence: [UInt8] = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1l\u{1B}[?2004l\u{1B}[?1049l".utf8)
    /// The alternate screen, cleared; bracketed paste on (a paste comes marked, so that its
    /// line breaks are not taken for Enter).
    private static let enterSequence: [UInt8] = Array("\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[?2004h".utf8)

    public struct NotATerminal: Error {}

    /// Takes the terminal over. Throws when standard input is not a terminal.
    public static func enter() throws {
        var settings = termios()
        guard tcgetattr(input, &settings) == 0 else { throw NotATerminal() }
        saved = settings
        // Made now, not first in a signal handler (a lazy global is made under a lock).
        _ = leaveSequence.count
        if resizes.read < 0 {
            var ends: [Int32] = [0, 0]
            if pipe(&ends) == 0 {
                for end in ends {
                    _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                    _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                }
                resizes = (ends[0], ends[1])
            }
            installHandlers()
        }
        makeRaw()
        writeAll(enterSequence)
    }

    /// Gives the terminal back as ``enter()`` found it. Safe to call more than once.
    public static func restore() {
        guard active else { return }
        writeAll(leaveSequence)
        var settings = saved
        _ = tcsetattr(input, TCSAFLUSH, &settings)
        active = false
    }

    /// Ctrl-Z: the terminal given back, the program stopped as a shell's job; on `fg`, the
    /// terminal taken again (the caller redraws).
    public static func suspend() {
        restore()
        _ = raise(SIGTSTP)
        // Resumed.
        makeRaw()
        writeAll(enterSequence)
    }

    private static func makeRaw() {
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | ISTRIP)
        raw.c_cc.6 = 1   // VMIN: a read returns with one byte
        raw.c_cc.5 = 0   // VTIME: no timer
        _ = tcsetattr(input, TCSAFLUSH, &raw)
        active = true
    }

    /// `text` to the terminal, whole.
    public static func write(_ text: String) {
        writeAll(Array(text.utf8))
    }

    /// Every byte of `bytes` to the terminal, as a signal handler may: `write` alone.
    static func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(output, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// The signals that end the program, each restoring the terminal first.
    private static let endingSignals: [Int32] = [SIGTERM, SIGHUP, SIGQUIT, SIGINT, SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    private static func installHandlers() {
        for signal in endingSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                RawTerminal.restoreInHandler()
                // The signal again, with its own action: the program ends as it would have.
                var standard = sigaction()
                standard.__sigaction_handler.sa_handler = SIG_DFL
                _ = sigaction(signal, &standard, nil)
                _ = raise(signal)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0   // the handler puts the default action back itself
            _ = sigaction(signal, &action, nil)
        }
        var resize = sigaction()
        resize.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            let saved = errno
            _ = Glibc.write(RawTerminal.resizes.write, &byte, 1)
            errno = saved
        }
        sigemptyset(&resize.sa_mask)
        resize.sa_flags = Int32(SA_RESTART)
        _ = sigaction(SIGWINCH, &resize, nil)
    }

    /// ``restore()`` with nothing but calls a signal handler may make.
    private static func restoreInHandler() {
        guard active else { return }
        leaveSequence.withUnsafeBytes { raw in _ = Glibc.write(output, raw.baseAddress!, raw.count) }
        var settings = saved
        _ = tcsetattr(input, TCSAFLUSH, &settings)
        active = false
    }

    /// The window's size in columns and rows; 80×24 when it cannot be told.
    public static func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
