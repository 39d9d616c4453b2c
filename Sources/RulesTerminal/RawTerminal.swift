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
/// loop watches. Stopped (Ctrl-Z, ``suspend()``, or SIGTSTP from elsewhere), it gives the
/// terminal back first; continued (SIGCONT, also after a SIGSTOP, which cannot be caught
/// and after which the shell has put its own settings back), it takes it again and asks
/// for a redraw through ``resizes``.
public enum RawTerminal {
    /// The input and output descriptors: standard input and output, or the controlling
    /// terminal after ``useControllingTerminal()``.
    // Safe to share: set on the main thread before `enter()`, never after.
    public nonisolated(unsafe) private(set) static var input: Int32 = 0, output: Int32 = 1

    /// Draws on and reads keys from the controlling terminal (`/dev/tty`) rather than
    /// standard input and output, so that standard output can carry an answer to a pipe
    /// (`id=$(rules browse --print)`), as fzf does. `false` when there is none.
    public static func useControllingTerminal() -> Bool {
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return false }
        input = fd
        output = fd
        return true
    }

    /// A byte is written to the write end when the window is resized; the caller polls the
    /// read end. Made by ``enter()``.
    // Safe to share: set by `enter()` on the main thread before the handlers that read it are
    // installed; the terminal's statics below are likewise set on the main thread and read by
    // signal handlers, which run on it or after it stops (a handler makes only async-signal-safe calls).
    public nonisolated(unsafe) static var resizes: (read: Int32, write: Int32) = (-1, -1)

    /// The settings before ``enter()``, and whether they are in force.
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var active = false
    /// Between ``enter()`` and ``restore()``: what a continued program goes back to.
    nonisolated(unsafe) private static var wanted = false

    /// What puts the screen back (see ``EscapeCode``).
    private static let leaveSequence: [UInt8] = Array(EscapeCode.leaveFullScreen.utf8)
    /// The alternate screen, cleared (see ``EscapeCode``).
    private static let enterSequence: [UInt8] = Array(EscapeCode.enterFullScreen.utf8)

    public struct NotATerminal: Error {}

    /// Takes the terminal over. Throws when standard input is not a terminal.
    public static func enter() throws {
        var settings = termios()
        guard tcgetattr(input, &settings) == 0 else { throw NotATerminal() }
        saved = settings
        // Made now, not first in a signal handler (a lazy global is made under a lock).
        _ = leaveSequence.count + enterSequence.count
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
        wanted = true
        makeRaw()
        writeAll(enterSequence)
    }

    /// Gives the terminal back as ``enter()`` found it. Safe to call more than once. Keys
    /// typed but not read stay for the shell.
    public static func restore() {
        wanted = false
        guard active else { return }
        writeAll(leaveSequence)
        var settings = saved
        _ = tcsetattr(input, TCSADRAIN, &settings)
        active = false
    }

    /// Ctrl-Z: the program stopped as a shell's job, the terminal given back; on `fg`, the
    /// terminal taken again and a redraw asked for (see the SIGTSTP handler).
    public static func suspend() {
        _ = raise(SIGTSTP)
    }

    /// Raw mode at once (`TCSANOW`): keys typed while the program started are kept.
    private static func makeRaw() {
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | ISTRIP)
        raw.c_cc.6 = 1   // VMIN: a read returns with one byte
        raw.c_cc.5 = 0   // VTIME: no timer
        _ = tcsetattr(input, TCSANOW, &raw)
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

    /// The signals that end the program, each restoring the terminal first: every signal
    /// whose default action ends the process (but SIGPIPE, which rules ignores, and
    /// SIGKILL, which cannot be caught): the alternate screen and a hidden cursor were left
    /// behind by USR1, USR2, ALRM, IO, the real-time signals and the rest.
    private static let endingSignals: [Int32] =
        [
            SIGTERM, SIGHUP, SIGQUIT, SIGINT, SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE,
            SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS, SIGPWR, SIGSTKFLT,
            SIGIO,
        ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())

    /// The action each ending signal had before ours, by signal number, and whether the
    /// program asked for it to follow ours (``passOn(_:)``).
    nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> = {
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(__libc_current_sigrtmax()) + 1)
        actions.initialize(repeating: sigaction(), count: Int(__libc_current_sigrtmax()) + 1)
        return actions
    }()
    nonisolated(unsafe) private static let passedOn: UnsafeMutablePointer<Bool> = {
        let flags = UnsafeMutablePointer<Bool>.allocate(capacity: Int(__libc_current_sigrtmax()) + 1)
        flags.initialize(repeating: false, count: Int(__libc_current_sigrtmax()) + 1)
        return flags
    }()

    /// After the terminal is given back, `signal` goes to the handler the program had set
    /// for it before ``enter()`` (one that says what happened and exits, or takes the
    /// default action), with the signal's own information, rather than to its default
    /// action. Call before ``enter()``, for a handler of the program's own: SIGBUS, which the
    /// Swift runtime's backtracer also handles, is passed on only once the program's
    /// handler has replaced the backtracer's (which is not made to be called from another
    /// handler).
    public static func passOn(_ signal: Int32) {
        guard signal > 0, signal <= __libc_current_sigrtmax() else { return }
        passedOn[Int(signal)] = true
    }

    private static func installHandlers() {
        for signal in endingSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { signal, info, context in
                RawTerminal.restoreInHandler()
                // The program's own handler, when passed on, called with what the signal
                // says (a handler's `raise` would say the signal was sent, not why);
                // otherwise the signal again, with its default action: the program ends as
                // it would have.
                if RawTerminal.passedOn[Int(signal)] {
                    let previous = RawTerminal.previousActions + Int(signal)
                    _ = sigaction(signal, previous, nil)
                    if previous.pointee.sa_flags & SA_SIGINFO != 0, let handler = previous.pointee.__sigaction_handler.sa_sigaction {
                        handler(signal, info, context)
                        return
                    }
                } else {
                    var standard = sigaction()
                    standard.__sigaction_handler.sa_handler = SIG_DFL
                    _ = sigaction(signal, &standard, nil)
                }
                _ = raise(signal)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO   // the handler puts the other action back itself
            _ = sigaction(signal, &action, previousActions + Int(signal))
        }
        var resize = sigaction()
        resize.__sigaction_handler.sa_handler = { _ in RawTerminal.askForRedraw() }
        sigemptyset(&resize.sa_mask)
        resize.sa_flags = Int32(SA_RESTART)
        _ = sigaction(SIGWINCH, &resize, nil)
        installStopHandlers()
    }

    /// SIGTSTP, SIGTTIN and SIGTTOU (a read or a write from the background): the terminal
    /// given back, then stopped with the default action; on being continued, taken again.
    /// SIGCONT: taken again whenever it is wanted (after a SIGSTOP, the shell has put its
    /// own settings back).
    private static func installStopHandlers() {
        var stop = sigaction()
        stop.__sigaction_handler.sa_handler = { signal in
            let saved = errno
            RawTerminal.restoreInHandler()
            var standard = sigaction()
            standard.__sigaction_handler.sa_handler = SIG_DFL
            var ours = sigaction()
            _ = sigaction(signal, &standard, &ours)
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, signal)
            _ = sigprocmask(SIG_UNBLOCK, &blocked, nil)
            _ = raise(signal)
            // Continued.
            _ = sigprocmask(SIG_BLOCK, &blocked, nil)
            _ = sigaction(signal, &ours, nil)
            RawTerminal.takeAgainInHandler()
            errno = saved
        }
        // Each blocks the others while it runs: with them blocked, giving the terminal back
        // from the background is allowed rather than stopped halfway.
        let stopSignals = [SIGTSTP, SIGTTIN, SIGTTOU]
        sigemptyset(&stop.sa_mask)
        for signal in stopSignals { sigaddset(&stop.sa_mask, signal) }
        stop.sa_flags = Int32(SA_RESTART)
        for signal in stopSignals { _ = sigaction(signal, &stop, nil) }
        var resume = sigaction()
        resume.__sigaction_handler.sa_handler = { _ in
            let saved = errno
            RawTerminal.takeAgainInHandler()
            errno = saved
        }
        sigemptyset(&resume.sa_mask)
        resume.sa_flags = Int32(SA_RESTART)
        _ = sigaction(SIGCONT, &resume, nil)
    }

    /// Raw mode and the alternate screen again, when wanted, and a redraw asked for.
    private static func takeAgainInHandler() {
        guard wanted else { return }
        makeRaw()
        enterSequence.withUnsafeBytes { raw in _ = Glibc.write(output, raw.baseAddress!, raw.count) }
        askForRedraw()
    }

    /// A byte on ``resizes``: the event loop draws the screen again.
    private static func askForRedraw() {
        var byte: UInt8 = 1
        let saved = errno
        _ = Glibc.write(RawTerminal.resizes.write, &byte, 1)
        errno = saved
    }

    /// ``restore()`` with nothing but calls a signal handler may make.
    private static func restoreInHandler() {
        guard active else { return }
        leaveSequence.withUnsafeBytes { raw in _ = Glibc.write(output, raw.baseAddress!, raw.count) }
        var settings = saved
        _ = tcsetattr(input, TCSADRAIN, &settings)
        active = false
    }

    /// The window's size in columns and rows; 80×24 when it cannot be told.
    public static func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
