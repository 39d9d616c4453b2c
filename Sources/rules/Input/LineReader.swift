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
            throw Failure.cannotReadInput(String(cString: strerror(errno)))
        }
    }
}

/// Reads a file descriptor in large chunks that end at a line break (the last chunk may
/// not), for commands that split the lines among workers themselves. A line is never cut:
/// a chunk grows until it holds a line break, up to `longestLine` bytes of one line
/// (``LineReader/LineTooLong`` past that, naming the line).
final class ChunkReader {
    private let fd: Int32
    private var carry: [UInt8] = []
    private var finished = false
    let chunkSize: Int
    private let longestLine: Int
    /// Lines in the chunks returned so far.
    private var lines = 0
    /// A line found too long after the lines before it were returned.
    private var tooLong: LineReader.LineTooLong?

    init(fileDescriptor: Int32 = 0, chunkSize: Int = 1 << 20, longestLine: Int = .max) {
        fd = fileDescriptor
        self.chunkSize = chunkSize
        self.longestLine = longestLine
    }

    /// The next chunk of whole lines, or `nil` at the end of input.
    func next() throws -> [UInt8]? {
        if let tooLong { throw tooLong }
        var chunk = carry
        carry = []
        var block = [UInt8](repeating: 0, count: chunkSize)
        // Whether the chunk holds a line break, and up to where it was looked for.
        var hasBreak = chunk.contains(0x0A)
        var scanned = chunk.count
        while !finished && (chunk.count < chunkSize || !hasBreak) {
            if !hasBreak, chunk.count > longestLine { break }
            let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, chunkSize) }
            if n > 0 {
                chunk += block[0..<n]
                hasBreak = hasBreak || chunk[scanned...].contains(0x0A)
                scanned = chunk.count
            } else if n == 0 {
                finished = true
            } else if errno != EINTR {
                throw Failure.cannotReadInput(String(cString: strerror(errno)))
            }
        }
        if chunk.isEmpty { return nil }
        if !finished, let lastBreak = chunk.lastIndex(of: 0x0A) {
            carry = Array(chunk[(lastBreak + 1)...])
            chunk.removeSubrange((lastBreak + 1)...)
        }
        // Each line's length: the lines before one too long are answered, then it is said.
        var lineStart = 0
        for (i, byte) in chunk.enumerated() where byte == 0x0A || i == chunk.count - 1 {
            let end = byte == 0x0A ? i : i + 1
            if end - lineStart > longestLine {
                let error = LineReader.LineTooLong(line: lines + 1, limit: longestLine)
                guard lineStart > 0 else { throw error }
                tooLong = error
                finished = true
                return Array(chunk[..<lineStart])
            }
            lines += 1
            lineStart = i + 1
        }
        return chunk
    }
}
