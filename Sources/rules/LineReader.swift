import Foundation

/// Reads a file descriptor one line at a time, as bytes, in large blocks: batch commands
/// stream a million lines without holding them and without Foundation's per-line costs.
/// A final line without a newline is still a line; a `\r` before the `\n` is kept, since
/// it is part of what the user gave.
final class LineReader {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false
    private static let blockSize = 1 << 16

    init(fileDescriptor: Int32 = 0) {
        fd = fileDescriptor
    }

    /// The next line without its `\n`, or `nil` at the end of input.
    func next() throws -> [UInt8]? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                return line
            }
            if finished {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return line
            }
            try fill()
        }
    }

    private func fill() throws {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        let old = buffer.count
        buffer.reserveCapacity(old + Self.blockSize)
        var chunk = [UInt8](repeating: 0, count: Self.blockSize)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, Self.blockSize) }
            if n > 0 {
                buffer += chunk[0..<n]
                return
            }
            if n == 0 {
                finished = true
                return
            }
            if errno == EINTR { continue }
            throw CLIError("cannot read standard input: \(String(cString: strerror(errno)))")
        }
    }
}

/// Reads a file descriptor in large chunks that end at a line break (the last chunk may
/// not), for commands that split the lines among workers themselves.
final class ChunkReader {
    private let fd: Int32
    private var carry: [UInt8] = []
    private var finished = false
    let chunkSize: Int

    init(fileDescriptor: Int32 = 0, chunkSize: Int = 1 << 20) {
        fd = fileDescriptor
        self.chunkSize = chunkSize
    }

    /// The next chunk of whole lines, or `nil` at the end of input.
    func next() throws -> [UInt8]? {
        var chunk = carry
        carry = []
        var block = [UInt8](repeating: 0, count: chunkSize)
        while !finished && chunk.count < chunkSize {
            let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, chunkSize) }
            if n > 0 {
                chunk += block[0..<n]
            } else if n == 0 {
                finished = true
            } else if errno != EINTR {
                throw CLIError("cannot read standard input: \(String(cString: strerror(errno)))")
            }
        }
        if chunk.isEmpty { return nil }
        if !finished, let lastBreak = chunk.lastIndex(of: 0x0A) {
            carry = Array(chunk[(lastBreak + 1)...])
            chunk.removeSubrange((lastBreak + 1)...)
        }
        return chunk
    }
}

/// Writes to a file descriptor through a buffer, so that printing many small lines costs
/// one system call per block.
final class OutputBuffer {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(fileDescriptor: Int32 = 1) {
        fd = fileDescriptor
        buffer.reserveCapacity(1 << 16)
    }

    func write(_ bytes: [UInt8]) {
        buffer += bytes
        if buffer.count >= 1 << 16 { flush() }
    }

    func write(_ string: String) {
        write(Array(string.utf8))
    }

    func flush() {
        var offset = 0
        while offset < buffer.count {
            let n = buffer[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                // A closed pipe (`rules stem | head`) is not an error worth a message.
                exit(errno == EPIPE ? 0 : 2)
            }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

struct CLIError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
