import Foundation
import RulesRegex
import RulesSearch

/// What every command shares: the engine choice and the output.
struct Context {
    let arguments: Arguments
    let out = OutputBuffer(fileDescriptor: 1)

    /// The engine from `--engine`, else `RULES_ENGINE`, else PCRE2.
    func engine() throws -> any RegexEngine {
        let name = arguments.value("engine")
            ?? getenv(Engines.environmentVariable).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            ?? Engines.defaultName
        guard let engine = Engines.make(name) else {
            let source = arguments.value("engine") != nil ? "--engine" : Engines.environmentVariable
            throw CLIError("unknown engine '\(name)' in \(source): use \(Engines.names.joined(separator: " or "))")
        }
        return engine
    }
}

enum StemCommand {
    /// `rules stem [WORD...]`: `word<TAB>stem` a line; the words from standard input, one a
    /// line, when none are given. Standard input is read in blocks that every core stems a
    /// share of, each with its own stemmer, and written back in order.
    static func run(_ context: Context) throws -> Int32 {
        let words = context.arguments.operands(dropping: 1)
        if !words.isEmpty {
            let stemmer = Stemmer(preg: Preg(engine: try context.engine()))
            var line = Bytes()
            for word in words {
                append(Bytes(php: word), stemmer.stem(Bytes(php: word)), to: &line)
            }
            context.out.write(line)
            context.out.flush()
            return 0
        }

        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        let stemmers = try (0..<workers).map { _ in Stemmer(preg: Preg(engine: try context.engine())) }
        let reader = ChunkReader(fileDescriptor: 0)
        while let chunk = try reader.next() {
            // Each worker takes a run of whole lines of the chunk and writes its answers.
            var bounds = [0]
            for k in 1..<workers {
                var cut = max(bounds[k - 1], chunk.count * k / workers)
                while cut < chunk.count, cut > 0, chunk[cut - 1] != 0x0A { cut += 1 }
                bounds.append(cut)
            }
            bounds.append(chunk.count)
            let shares = Shares(count: workers)
            DispatchQueue.concurrentPerform(iterations: workers) { k in
                var text = Bytes()
                text.reserveCapacity((bounds[k + 1] - bounds[k]) * 2)
                var start = bounds[k]
                let end = bounds[k + 1]
                while start < end {
                    var stop = start
                    while stop < end, chunk[stop] != 0x0A { stop += 1 }
                    let word = Array(chunk[start..<stop])
                    append(word, stemmers[k].stem(word), to: &text)
                    start = stop + 1
                }
                shares.set(k, text)
            }
            for k in 0..<workers { context.out.write(shares.get(k)) }
        }
        context.out.flush()
        return 0
    }

    private static func append(_ word: Bytes, _ stem: Bytes, to text: inout Bytes) {
        text += word
        text.append(0x09)
        text += stem
        text.append(0x0A)
    }

    /// The output of each worker for one block.
    private final class Shares: @unchecked Sendable {
        private var parts: [Bytes]
        private let lock = NSLock()
        init(count: Int) { parts = Array(repeating: [], count: count) }
        func set(_ k: Int, _ value: Bytes) { lock.lock(); parts[k] = value; lock.unlock() }
        func get(_ k: Int) -> Bytes { lock.lock(); defer { lock.unlock() }; return parts[k] }
    }
}

enum IndexCommand {
    /// `rules index build --corpus FILE.jsonl --out DIR`.
    static func run(_ context: Context) throws -> Int32 {
        let words = context.arguments.operands(dropping: 1)
        guard words == ["build"] else {
            throw CLIError("usage: rules index build --corpus FILE.jsonl --out DIR")
        }
        guard let corpusPath = context.arguments.value("corpus") else {
            throw CLIError("rules index build needs --corpus FILE.jsonl")
        }
        guard let outPath = context.arguments.value("out") else {
            throw CLIError("rules index build needs --out DIR")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: outPath, isDirectory: &isFolder), !isFolder.boolValue {
            throw CLIError("--out \(outPath) is a file, not a folder: give a folder for the index files")
        }
        MallocTuning.keepFreedMemory()   // before the corpus, the first large allocation
        Interruption.removeTemporaryFilesOnSignal()
        let corpus: Corpus
        do {
            corpus = try Corpus.read(URL(fileURLWithPath: corpusPath))
        } catch let error as Corpus.Error {
            throw CLIError("\(corpusPath): \(error)")
        }
        // An empty file is more often a mistake (a failed export, the wrong path) than an
        // index wanted empty: it would silently replace a good index with nothing.
        guard !corpus.chapters.isEmpty else {
            throw CLIError("\(corpusPath) has no chapters: nothing to index (an index already in \(outPath) is left as it was)")
        }
        let engine = try context.engine()
        let out = URL(fileURLWithPath: outPath)
        do {
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        } catch {
            throw CLIError("cannot create the folder \(outPath): \(error.localizedDescription)")
        }
        try IndexBuild.write(corpus, engine: engine, to: out) {
            // Not an error: said so that a build that seems stuck tells why.
            FileHandle.standardError.write(Data("rules: another process is putting index files in \(outPath); waiting for it\n".utf8))
        }
        return 0
    }
}
