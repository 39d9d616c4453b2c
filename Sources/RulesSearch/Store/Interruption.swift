import Foundation

/// What happens to a build's files when the process is told to stop (Ctrl-C, `kill`,
/// a closed terminal): the temporary files of its pending writes are removed, and renames
/// already begun are finished first, so that the folder keeps all of the old index or gets
/// all of the new one, with nothing left beside it.
///
/// The signals are not handled where they land: they are blocked in every thread and
/// taken by one thread of their own (`sigwait`), which may then take locks like any
/// other: it waits for a commit under way, keeps any new temporary file from being made,
/// removes those there are, and ends the process by the same signal.
package enum Interruption {
    /// Takes over SIGINT, SIGTERM and SIGHUP, except those the process was started
    /// ignoring (`nohup`, a background job): each then ends the process as if unhandled (a
    /// shell sees 128 + its number), after the temporary files are removed and a commit
    /// under way is done. Call it before any other thread is started, so that all inherit
    /// the blocked signals. For a program that writes with ``AtomicFile``; nothing else in
    /// the library installs handlers.
    package static func removeTemporaryFilesOnSignal() {
        var signals = sigset_t()
        sigemptyset(&signals)
        var any = false
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0,
                unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self)
            else { continue }
            sigaddset(&signals, signal)
            any = true
        }
        guard any else { return }
        state.lock()
        enabled = true
        state.unlock()
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let taken = signals
        Thread.detachNewThread {
            var waitedFor = taken
            var signal: Int32 = 0
            while sigwait(&waitedFor, &signal) != 0 {}
            stop(by: signal, unblocking: taken)
        }
    }

    /// Waits for a commit under way, keeps new temporary files from being made (the
    /// locks are never given back), removes the ones there are, and ends the process.
    private static func stop(by signal: Int32, unblocking signals: sigset_t) -> Never {
        committing.lock()
        state.lock()
        for path in paths.values { unlink(path) }
        Foundation.signal(signal, SIG_DFL)
        var unblock = signals
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        kill(getpid(), signal)
        // Not reached: the signal, unblocked in this thread only, ends the process here.
        while true { pause() }
    }

    // MARK: What AtomicFile tells

    private static let state = NSLock()
    private static let committing = NSLock()
    // Safe to share: these three are read and written only with `state` held (the stopping thread takes it too).
    private nonisolated(unsafe) static var enabled = false
    private nonisolated(unsafe) static var paths: [Int: String] = [:]
    private nonisolated(unsafe) static var nextSlot = 0

    /// Makes a temporary file for writing (`open` with `O_CREAT | O_TRUNC`) and notes it:
    /// its descriptor, or the `errno` of the failure, and the number to give back to
    /// ``forget(_:)`` (`nil` when no signal is taken over). Made and noted under one lock,
    /// which a stop takes for good: no file is made after the removal, none goes unnoted.
    static func create(_ path: String) -> Result<(fd: Int32, slot: Int?), Errno> {
        state.lock()
        defer { state.unlock() }
        // A new file of our own, never one planted under the name or a link to elsewhere.
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return .failure(Errno(code: errno)) }
        guard enabled else { return .success((fd, nil)) }
        nextSlot += 1
        paths[nextSlot] = path
        return .success((fd, nextSlot))
    }

    struct Errno: Error {
        let code: Int32
    }

    /// The temporary file `slot` stands for is renamed or removed.
    static func forget(_ slot: Int?) {
        guard let slot else { return }
        state.lock()
        paths[slot] = nil
        state.unlock()
    }

    /// Runs `renames` with a stop held back until they are done (then the files they put
    /// in place stay, and any left are removed). Commits run one at a time.
    static func whileCommitting<T>(_ renames: () throws -> T) rethrows -> T {
        committing.lock()
        defer { committing.unlock() }
        return try renames()
    }
}
