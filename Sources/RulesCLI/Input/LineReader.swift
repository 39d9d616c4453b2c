import Foundation

/// Reads a file descriptor one line at a time, as bytes, in large blocks: batch commands
/// stream a million lines without holding them and without Foundation's per-line costs.
/// A final line without a newline is still a line; a `\r` before the `\n` is kept, since
/// it is part of what the user gave.
///
/// A line longer than `longestLine` bytes is an error as soon as that much of it is read,
/// so that input with no line break (`/dev/zero`) cannot grow without bound. A long line
/// costs time in proportion to its length: each block is searched for the line break
/// once, not the whole line again after every block.
final class LineReader {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the next line break goes on: all before it has none.
    private var scanned = 0
    private var finished = false
    private let longestLine: Int
    /// Lines returned so far, for the error that names the line too long.
    private(set) var lineNumber = 0
    private static let blockSize = 1 << 16

    struct LineTooLong: Error {
        let line: Int
        let limit: Int
    }

    init(fileDescriptor: Int32 = 0, longestLine: Int = .max) {
        fd = fileDescriptor
        self.longestLine = longestLine
    }

    /// Whether ``next()`` would answer without waiting for more input: a whole line is
    /// read already, the input has ended, or more of it has come (a batch answers what it
    /// has before it waits, so that a program that writes a line and reads its answer is
    /// answered).
    var hasLineReady: Bool {
        finished || buffer[max(scanned, start)...].contains(0x0A) || PendingInput.isReady(fd)
    }

    /// The next line without its `\n`, or `nil` at the end of input.
    func next() throws -> [UInt8]? {
        while true {
            if let newline = buffer[max(scanned, start)...].firstIndex(of: 0x0A) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                scanned = start
                lineNumber += 1
                return line
            }
            scanned = buffer.count
            if buffer.count - start > longestLine { throw LineTooLong(line: lineNumber + 1, limit: longestLine) }
            if finished {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                lineNumber += 1
                return line
            }
            try fill()
        }
    }

    private func fill() throws {
        if start > 0 {
            buffer.removeFirst(start)
            scanned -= start
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
            throw Failure.cannotReadInput(.system(errno))
        }
    }
}
