import Foundation

/// An exclusive lock on an index folder, held by whoever puts files in it or reads files
/// that must agree with each other: `flock` on the folder itself, so that it needs no
/// file of its own and is released by the kernel when the process ends, however it ends.
///
/// Builds hold it while they rename their files into place (``AtomicFile/commit(_:in:timeout:waiting:unless:)``);
/// a refresh holds it while it reads the index it changes, so that it never reads one
/// build's S2 file with another's chapter fingerprints.
enum FolderLock {
    /// Runs `body` holding the lock on `directory`. Held by another for `timeout` seconds
    /// (a process stopped in the middle of its renames), it is an error that runs nothing;
    /// a folder that cannot be opened or locked (a file system without locks) runs `body`
    /// without it. `waiting` is called once when the lock is found held, before waiting.
    static func hold<T>(
        _ directory: URL, timeout: Double = 10, waiting: () -> Void = {},
        _ body: () throws -> T
    ) throws -> T {
        let fd = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if fd >= 0 { close(fd) } }   // closing releases the lock
        if fd >= 0 {
            let deadline = Date(timeIntervalSinceNow: timeout)
            var told = false
            while flock(fd, LOCK_EX | LOCK_NB) != 0 {
                if errno == EINTR { continue }
                guard errno == EWOULDBLOCK else { break }
                if !told {
                    waiting()
                    told = true
                }
                guard Date() < deadline else {
                    throw IndexFolderError.locked(folder: directory.path, seconds: Int(timeout))
                }
                usleep(1000)
            }
        }
        return try body()
    }
}
