import Glibc
import RulesTerminal

/// What ends the program when a mapped index file is cut short under it.
///
/// A search maps its index files (``RulesSearch/IndexLocation``): rules itself only ever
/// replaces them by rename, but a file rewritten in place by something else (`cp` over it,
/// `rsync --inplace`) and made shorter faults at the first page read past its new end, with
/// SIGBUS (`BUS_ADRERR`), which would end the program with "Bus error" and a core. This
/// handler says what happened in one line of standard error, in the user's language, and
/// exits with 2, as any error. (A batch and browse, which read for long, copy their index
/// instead and never meet it.) Any other SIGBUS (one sent with `kill`, a misaligned access)
/// is not about an index file: it takes its default action. Only calls a signal handler may
/// make: the line is made beforehand.
enum MappedFileFault {
    // Safe to share: set once by `install()`, before the handler that reads it is installed.
    nonisolated(unsafe) private static var message: UnsafeMutableBufferPointer<UInt8>?

    static func install() {
        // Our own text, on one line already (`oneLine` would cost every run a tenth of a
        // millisecond in Unicode property look-ups).
        let line = Array("rules: \(Failure.indexChangedWhileRead.text())\n".utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: line.count)
        _ = buffer.initialize(from: line)
        message = buffer
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { signal, info, _ in
            guard let info, info.pointee.si_code == BUS_ADRERR, let line = MappedFileFault.message else {
                // The default action, once this handler returns (the signal is blocked
                // until then; a fault comes again from the same instruction).
                var standard = sigaction()
                standard.__sigaction_handler.sa_handler = SIG_DFL
                _ = sigaction(signal, &standard, nil)
                _ = raise(signal)
                return
            }
            _ = Glibc.write(2, line.baseAddress!, line.count)
            _exit(2)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO
        _ = sigaction(SIGBUS, &action, nil)
        // In browse, after the terminal is given back.
        RawTerminal.passOn(SIGBUS)
    }
}
