import Foundation

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
    /// Whether the last chunk ended early, its lines whole and no more input come yet:
    /// its answers are to be written out before reading on waits.
    private(set) var stalled = false

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
        stalled = false
        while !finished && (chunk.count < chunkSize || !hasBreak) {
            if !hasBreak, chunk.count > longestLine { break }
            if hasBreak, !PendingInput.isReady(fd) {
                stalled = true
                break
            }
            let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, chunkSize) }
            if n > 0 {
                chunk += block[0..<n]
                hasBreak = hasBreak || chunk[scanned...].contains(0x0A)
                scanned = chunk.count
            } else if n == 0 {
                finished = true
            } else if errno != EINTR {
                throw Failure.cannotReadInput(.system(errno))
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
