import Foundation
import RulesSearch

enum StemCommand {
    /// `rules stem [WORD...]`: `word<TAB>stem` a line; the words from standard input, one a
    /// line, when none are given. Standard input is read in blocks that every core stems a
    /// share of, each with its own stemmer, and written back in order.
    static func run(_ context: Context) throws -> Int32 {
        let words = context.arguments.operands
        if !words.isEmpty {
            let stemmer = Stemmer(engine: try context.engine())
            var line = Bytes()
            for word in words {
                append(Bytes(word.utf8), stemmer.stem(Bytes(word.utf8)), to: &line)
            }
            context.out.write(line)
            context.out.flush()
            return 0
        }

        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        let engine = try context.engine()
        // Safe to share: worker k stems with stemmers[k] alone (a stemmer is not thread-safe).
        nonisolated(unsafe) let stemmers = (0..<workers).map { _ in Stemmer(engine: engine) }
        // A word is at most as long as a query: a longer line is a file given by mistake
        // more likely than a word, and it is never cut into several.
        let reader = ChunkReader(fileDescriptor: 0, longestLine: SearchCommand.longestQuery)
        while let chunk = try nextChunk(reader, context) {
            // Each worker takes a run of whole lines of the chunk and writes its answers.
            var bounds = [0]
            for k in 1..<workers {
                var cut = max(bounds[k - 1], chunk.count * k / workers)
                while cut < chunk.count, cut > 0, chunk[cut - 1] != 0x0A { cut += 1 }
                bounds.append(cut)
            }
            bounds.append(chunk.count)
            let cuts = bounds
            let shares = Shares(count: workers)
            DispatchQueue.concurrentPerform(iterations: workers) { k in
                var text = Bytes()
                text.reserveCapacity((cuts[k + 1] - cuts[k]) * 2)
                var start = cuts[k]
                let end = cuts[k + 1]
                while start < end {
                    var stop = start
                    while stop < end, chunk[stop] != 0x0A { stop += 1 }
                    // A Windows line end: the CR is not part of the word (as --batch reads it).
                    let last = stop > start && chunk[stop - 1] == 0x0D ? stop - 1 : stop
                    let word = Array(chunk[start..<last])
                    append(word, stemmers[k].stem(word), to: &text)
                    start = stop + 1
                }
                shares.set(k, text)
            }
            for k in 0..<workers { context.out.write(shares.get(k)) }
            // Reading on would wait: what has been asked is answered first.
            if reader.stalled { context.out.flush() }
        }
        context.out.flush()
        return 0
    }

    private static func nextChunk(_ reader: ChunkReader, _ context: Context) throws -> Bytes? {
        do {
            return try reader.next()
        } catch let error as LineReader.LineTooLong {
            // The words before it are answered.
            context.out.flush()
            throw Failure.wordTooLong(line: error.line, limit: error.limit)
        }
    }

    /// `word TAB stem` a line, as PHP's stems are; on a terminal, with control characters
    /// as spaces and bytes that are not UTF-8 as U+FFFD, as every view shows what it read
    /// (a word list from elsewhere cannot retitle the window or clear the screen).
    private static func append(_ word: Bytes, _ stem: Bytes, to text: inout Bytes) {
        text += toTerminal ? HarmlessText.line(word) : word
        text.append(0x09)
        text += toTerminal ? HarmlessText.line(stem) : stem
        text.append(0x0A)
    }

    private static let toTerminal = isatty(1) == 1

    /// The output of each worker for one block.
    // Safe to share: its parts are read and written with `lock` held.
    private final class Shares: @unchecked Sendable {
        private var parts: [Bytes]
        private let lock = NSLock()
        init(count: Int) { parts = Array(repeating: [], count: count) }
        func set(_ k: Int, _ value: Bytes) {
            lock.lock()
            parts[k] = value
            lock.unlock()
        }
        func get(_ k: Int) -> Bytes {
            lock.lock()
            defer { lock.unlock() }
            return parts[k]
        }
    }
}
