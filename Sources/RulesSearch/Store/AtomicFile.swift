import Foundation
import RulesRegex

/// Writing a file so that readers see the old content or the new, never part of one: the
/// bytes go to a temporary file in the same folder, which is synced and then renamed over
/// the old one.
package enum AtomicFile {
    /// A file written under its temporary name, not yet synced or in place. It is written
    /// from its pieces one after another: a file of many parts (the texts file) goes out
    /// from them where they lie, not first copied into one array as large as the file.
    /// Syncing waits for the disk, so `rules index build` syncs its files at the same time
    /// rather than one after another; a pending file is removed by ``discard()``, or when
    /// it goes uncommitted.
    // Safe to send: one thread uses it at a time (a build hands each file to a worker to sync,
    // and commits it only after that worker is done).
    package final class Pending: @unchecked Sendable {
        private let url: URL
        private let temporary: URL
        private var fd: Int32
        private var committed = false
        private var discarded = false
        /// Why syncing failed: a file that was not synced is never put in place.
        private var syncFailure: Int32 = 0
        /// Where ``Interruption`` keeps the temporary path while it exists.
        private var interruptionSlot: Int?
        /// The size and modification time the file has now and keeps when renamed.
        let stamp: FileStamp

        package convenience init(pieces: [Bytes], to url: URL) throws {
            try self.init(to: url, headerSize: 0) { add in
                for piece in pieces { add(piece) }
                return []
            }
        }

        /// A file whose first `headerSize` bytes are known only once the rest is made (the
        /// texts file's table): `body` writes the rest through the function it is given,
        /// piece by piece, and returns the header, which is then written in front.
        package init(to url: URL, headerSize: Int, body: ((Bytes) -> Void) -> Bytes) throws {
            self.url = url
            // Unique to this process and this call: two builds into one folder from one
            // process must not write the same temporary file either.
            let unique = "\(getpid()).\(String(UInt32.random(in: .min ... .max), radix: 16))"
            temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(unique).tmp")
            switch Interruption.create(temporary.path) {
            case .success(let created): (fd, interruptionSlot) = created
            case .failure(let error): throw Self.failure(url, error.code)
            }
            var writer = Writer(fd: fd)
            if headerSize > 0, lseek(fd, off_t(headerSize), SEEK_SET) < 0 { writer.error = errno }
            let header = body { writer.add($0) }
            writer.flush()
            if writer.error == 0, header.count != headerSize { writer.error = EINVAL }
            if writer.error == 0, !header.isEmpty { writer.write(header, at: 0) }
            var info = stat()
            if writer.error == 0, fstat(fd, &info) != 0 { writer.error = errno }
            stamp = FileStamp(info)
            if writer.error != 0 {
                close(fd)
                fd = -1
                unlink(temporary.path)
                Interruption.forget(interruptionSlot)
                throw Self.failure(url, writer.error)
            }
        }

        /// Waits until the bytes are on the disk.
        package func sync() throws {
            if fd >= 0 {
                let failed = fsync(fd) != 0 ? errno : 0
                let closeFailed = close(fd) != 0 ? errno : 0
                fd = -1
                syncFailure = failed != 0 ? failed : closeFailed
            }
            if syncFailure != 0 { throw Self.failure(url, syncFailure) }
        }

        /// Puts the file in place of the old one.
        package func commit() throws {
            try sync()
            guard !discarded else { return }
            guard rename(temporary.path, url.path) == 0 else { throw Self.failure(url, errno) }
            committed = true
            Interruption.forget(interruptionSlot)
            interruptionSlot = nil
        }

        /// Removes the temporary file now (on an error, before the process exits).
        package func discard() {
            if fd >= 0 {
                close(fd)
                fd = -1
            }
            if !committed, !discarded { unlink(temporary.path) }
            discarded = true
            Interruption.forget(interruptionSlot)
            interruptionSlot = nil
        }

        deinit { discard() }

        private static func failure(_ url: URL, _ code: Int32) -> IndexFolderError {
            .cannotWrite(file: url.path, errno: code)
        }
    }

    /// Puts `files`, synced, in place one after another, holding the ``FolderLock`` of
    /// `directory` meanwhile: two builds into one folder at the same time then leave all of
    /// one's files or all of the other's, never a mix (with the lock left out, 5 of 60 such
    /// pairs did). The lock lasts the renames only and is released on any exit; see
    /// ``FolderLock/hold(_:timeout:waiting:_:)`` for `timeout` and `waiting`.
    /// `unless` runs under the lock before the first rename: an error it throws puts
    /// nothing in place (a refresh whose index was replaced since it read it).
    package static func commit(
        _ files: [Pending], in directory: URL, timeout: Double = 10,
        waiting: () -> Void = {}, unless: () throws -> Void = {}
    ) throws {
        try FolderLock.hold(directory, timeout: timeout, waiting: waiting) {
            try unless()
            // A stop asked for now waits until all are in place (see ``Interruption``).
            try Interruption.whileCommitting {
                for file in files { try file.commit() }
            }
        }
    }

    /// Removes the temporary files that a process writing `names` into `directory` left
    /// when it was killed with no chance to clean up (`kill -9`, a crash, a power cut): they
    /// are named `.NAME.PID.HEX.tmp`, and a PID that no process has now wrote nothing
    /// since. A file of a live process, or of one that reused the PID, stays: never the
    /// file of a build under way. Errors are ignored: this only tidies.
    package static func removeAbandonedTemporaries(in directory: URL, for names: [String]) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for entry in entries where entry.hasPrefix(".") && entry.hasSuffix(".tmp") {
            for name in names where entry.hasPrefix(".\(name).") {
                let parts = entry.dropFirst(name.count + 2).dropLast(4).split(separator: ".")
                guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, UInt32(parts[1], radix: 16) != nil else { continue }
                if kill(pid, 0) != 0 && errno == ESRCH {
                    unlink(directory.appendingPathComponent(entry).path)
                }
            }
        }
    }

    /// Small pieces gathered into a buffer; large ones written as they are.
    private struct Writer {
        let fd: Int32
        var buffer = Bytes()
        var error: Int32 = 0
        static let capacity = 1 << 18

        init(fd: Int32) {
            self.fd = fd
            buffer.reserveCapacity(Self.capacity)
        }

        mutating func add(_ piece: Bytes) {
            if piece.count >= Self.capacity / 2 {
                // What is gathered goes first: the pieces keep their order.
                flush()
                writeAll(piece)
                return
            }
            if buffer.count + piece.count > Self.capacity { flush() }
            buffer += piece
        }

        mutating func flush() {
            writeAll(buffer)
            buffer.removeAll(keepingCapacity: true)
        }

        private mutating func writeAll(_ bytes: Bytes) {
            write(bytes, at: nil)
        }

        /// Writes all of `bytes` where the file is (`nil`) or at `offset`, retrying
        /// partial writes and interruptions.
        mutating func write(_ bytes: Bytes, at offset: Int?) {
            guard error == 0 else { return }
            bytes.withUnsafeBytes { raw in
                var done = 0
                while done < raw.count {
                    let n =
                        offset.map { pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t($0 + done)) }
                        ?? Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                    if n < 0 {
                        if errno == EINTR { continue }
                        error = errno
                        return
                    }
                    if n == 0 {   // no progress and no reason: give up rather than spin
                        error = EIO
                        return
                    }
                    done += n
                }
            }
        }
    }
}
