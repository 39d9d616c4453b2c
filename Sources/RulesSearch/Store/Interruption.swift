import Foundation
import Synchronization

/// What happens to a build's files when the process is told to stop (Ctrl-C, `kill`,
/// a closed terminal): the temporary files of its pending writes are removed, and renames
/// already begun are finished first, so that the folder keeps all of the old index or gets
/// all of the new one, with nothing left beside it.
///
/// A signal handler may only do what is safe at any instant (no lock, no allocation), so
/// what it needs is kept ready: the temporary paths as C strings in fixed slots, and two
/// atomic flags.
public enum Interruption {
    /// The handlers, for SIGINT, SIGTERM and SIGHUP: each removes the temporary files and
    /// ends the process by the same signal, as if unhandled (a shell sees 128 + its
    /// number); during ``AtomicFile/commit(_:in:timeout:waiting:)``'s renames it only
    /// notes the signal, which the commit raises again once they are done. For a program
    /// that writes with ``AtomicFile``; nothing else in the library installs handlers.
    public static func removeTemporaryFilesOnSignal() {
        // Made before any handler can run: a static's first use takes a lock.
        _ = slots
        _ = committing.load(ordering: .relaxed) + deferred.load(ordering: .relaxed)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            Foundation.signal(signal, handle)
        }
    }

    private static let handle: @convention(c) (Int32) -> Void = { signal in
        if Interruption.committing.load(ordering: .sequentiallyConsistent) != 0 {
            Interruption.deferred.store(signal, ordering: .sequentiallyConsistent)
            return
        }
        Interruption.stop(by: signal)
    }

    /// Removes the temporary files, then ends the process by `signal`.
    private static func stop(by signal: Int32) {
        for k in 0..<capacity {
            if let path = slots[k] { unlink(path) }
        }
        Foundation.signal(signal, SIG_DFL)
        raise(signal)
    }

    // MARK: What AtomicFile tells

    private static let capacity = 64
    /// Temporary paths, as C strings; `nil` for a free slot. A string taken out is not
    /// freed: a handler on another thread may be reading it (a few bytes a file).
    private nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    private static let slotsLock = NSLock()
    private static let committing = Atomic<Int32>(0)
    private static let deferred = Atomic<Int32>(0)

    /// Notes a temporary file; the slot to give back to ``forget(_:)``, `nil` when all are
    /// taken (that file is then left behind if the process is stopped).
    static func remember(_ path: String) -> Int? {
        slotsLock.lock()
        defer { slotsLock.unlock() }
        guard let k = (0..<capacity).first(where: { slots[$0] == nil }) else { return nil }
        slots[k] = strdup(path)
        return k
    }

    /// The temporary file of `slot` is renamed or removed.
    static func forget(_ slot: Int?) {
        guard let slot else { return }
        slotsLock.lock()
        slots[slot] = nil
        slotsLock.unlock()
    }

    /// Runs `renames` with a stopping signal held back until they are done.
    static func whileCommitting<T>(_ renames: () throws -> T) rethrows -> T {
        committing.store(1, ordering: .sequentiallyConsistent)
        defer {
            committing.store(0, ordering: .sequentiallyConsistent)
            let signal = deferred.exchange(0, ordering: .sequentiallyConsistent)
            if signal != 0 { stop(by: signal) }
        }
        return try renames()
    }
}
