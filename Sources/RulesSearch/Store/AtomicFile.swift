import Foundation
import RulesRegex

/// Writing a file so that readers see the old content or the new, never part of one: the
/// bytes go to a temporary file in the same folder, which is synced and then renamed over
/// the old one.
public enum AtomicFile {
    public static func write(_ bytes: Bytes, to url: URL) throws {
        try write(pieces: [bytes], to: url)
    }

    /// Writes `pieces` one after another. A file made of many parts (the texts file: each
    /// chapter's html, prepared text and word starts) is written from them where they lie,
    /// rather than first copied into one array as large as the file.
    public static func write(pieces: [Bytes], to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        func failure(_ code: Int32) -> S2IndexFile.FormatError {
            S2IndexFile.FormatError(message: "cannot write \(url.path): \(String(cString: strerror(code)))")
        }
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw failure(errno) }
        var written = false
        defer {
            if !written { unlink(temporary.path) }
        }
        var writer = Writer(fd: fd)
        for piece in pieces { writer.add(piece) }
        writer.flush()
        if writer.error == 0, fsync(fd) != 0 { writer.error = errno }
        if close(fd) != 0, writer.error == 0 { writer.error = errno }
        if writer.error != 0 { throw failure(writer.error) }
        guard rename(temporary.path, url.path) == 0 else { throw failure(errno) }
        written = true
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
            if buffer.count + piece.count > Self.capacity { flush() }
            if piece.count >= Self.capacity / 2 {
                writeAll(piece)
            } else {
                buffer += piece
            }
        }

        mutating func flush() {
            writeAll(buffer)
            buffer.removeAll(keepingCapacity: true)
        }

        private mutating func writeAll(_ bytes: Bytes) {
            guard error == 0 else { return }
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        error = errno
                        return
                    }
                    offset += n
                }
            }
        }
    }
}
