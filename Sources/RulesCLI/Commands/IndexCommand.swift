import Foundation
import RulesSearch

enum IndexCommand {
    /// `rules index build --corpus FILE.jsonl --out DIR`;
    /// `rules index refresh --corpus FILE.jsonl --out DIR ID...`.
    static func run(_ context: Context) throws -> Int32 {
        let words = context.arguments.operands
        guard words.first == "build" || words.first == "refresh" else { throw Failure.unknownSubcommand(words.first, .index) }
        let refreshing = words.first == "refresh"
        if !refreshing, words.count > 1 { throw Failure.tooManyOperands(.index) }
        let dryRun = context.arguments.options.dryRun
        if dryRun, !refreshing { throw Failure.conflicting("--dry-run", "index build", .index) }
        guard let corpusPath = context.arguments.options.corpus else { throw Failure.missingOption("--corpus FILE.jsonl", .index) }
        guard let outPath = context.arguments.options.out else { throw Failure.missingOption("--out DIR", .index) }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: outPath, isDirectory: &isFolder), !isFolder.boolValue {
            throw Failure.outIsAFile(outPath)
        }
        MallocTuning.keepFreedMemory()   // before the corpus, the first large allocation
        Interruption.removeTemporaryFilesOnSignal()
        let corpus: Corpus
        do {
            corpus = try Corpus.read(URL(fileURLWithPath: corpusPath))
        } catch let error as Corpus.Error {
            throw Failure.badCorpus(corpusPath, error)
        }
        // An empty file is more often a mistake (a failed export, the wrong path) than an
        // index wanted empty: it would silently replace a good index with nothing, or a
        // refresh given no ids take every chapter out. Ids given are taken out, as PHP does.
        if corpus.chapters.isEmpty, !refreshing || words.count == 1 {
            throw Failure.emptyCorpus(corpusPath, out: outPath, refreshing: refreshing)
        }
        if !corpus.duplicateIDs.isEmpty {
            warn(
                .duplicateIDs(
                    corpusPath, ids: corpus.duplicateIDs.prefix(5).map { String(decoding: $0.bytes, as: UTF8.self) },
                    count: corpus.duplicateIDs.count))
        }
        let engine = try context.engine()
        let out = URL(fileURLWithPath: outPath)
        let waiting = {
            // Not an error: said so that a build that seems stuck tells why.
            StandardError.write("rules: \(oneLine(Notice.waitingForLock(outPath).text()))\n")
        }
        if refreshing {
            // Indexer::refresh of each id in turn, on the index already there: the ids
            // given, or those whose record changed since the index was made.
            let ids = words.dropFirst().map { ByteKey(Bytes($0.utf8)) }
            let chapters: FolderRefresh.Chapters = ids.isEmpty ? .changed : .named(ids)
            // An id in neither the corpus nor the index is most likely mistyped: said, and
            // a refresh of nothing but such ids ends with 1.
            var unknown: [ByteKey] = []
            let sayUnknown = { (found: [ByteKey]) in
                unknown = found
                for id in found {
                    warn(.unknownChapterToRefresh(String(decoding: id.bytes, as: UTF8.self), corpus: corpusPath, index: outPath))
                }
            }
            if dryRun {
                let list = try FolderRefresh.plan(chapters, from: corpus, in: out, waiting: waiting, unknown: sayUnknown)
                let output = OutputBuffer()
                for id in list { output.write(id.bytes + [0x0A]) }
                output.flush()
            } else {
                try FolderRefresh.refresh(chapters, from: corpus, in: out, engine: engine, waiting: waiting, unknown: sayUnknown)
            }
            return !ids.isEmpty && unknown.count == Set(ids).count ? 1 : 0
        }
        try IndexBuild.createFolder(out, named: outPath)
        try IndexBuild.write(corpus, engine: engine, to: out, waiting: waiting)
        return 0
    }
}
