import Foundation
import RulesRegex

/// What `rules index build` writes into a folder: the S2 index file, the binary form made
/// from it, the chapter texts that snippets need, and each chapter's fingerprint for a
/// later refresh (``ChapterFingerprints``).
package enum IndexBuild {
    /// Builds the index of `corpus` with `engine` and writes its five files into
    /// `directory` (which must exist), each atomically. They are put in place only when all
    /// five are written and synced, under a lock on the folder (see
    /// ``AtomicFile/commit(_:in:timeout:waiting:unless:)``): the S2 file first, then the binary form, which
    /// records its size and time, then the texts and the vocabulary, then the fingerprints, which record the
    /// S2 file's size and checksum. The binary form and the texts record the
    /// corpus's fingerprint, by which a search between the renames knows to look again (see
    /// ``IndexLocation``). An error before the renames replaces no file, and no temporary
    /// file is left after any error.
    /// `waiting` is called when another process holds the folder's lock.
    ///
    /// A refresh passes the rest: `making` makes the index instead of a build of `corpus`
    /// (it is called with what to call once it no longer needs every core), `fingerprints`
    /// are those of the chapters as that index holds them (a build's are the corpus's),
    /// the texts keep the prepared chapters of `reusing` whose html is unchanged, and
    /// `unless` runs under the folder's lock before anything is put in place (see
    /// ``AtomicFile/commit(_:in:timeout:waiting:unless:)``).
    /// `mkdir -p` of the folder a build writes into, `path` as the user named it: the
    /// folder and those above it that are missing; the first that cannot be made is said
    /// with the system's reason.
    package static func createFolder(_ url: URL, named path: String) throws(IndexFolderError) {
        var missing: [URL] = []
        var folder = url.standardizedFileURL
        while !FileManager.default.fileExists(atPath: folder.path), folder.path != "/" {
            missing.append(folder)
            folder = folder.deletingLastPathComponent()
        }
        for folder in missing.reversed() where mkdir(folder.path, 0o777) != 0 && errno != EEXIST {
            throw .cannotCreate(folder: path, errno: errno)
        }
    }

    package static func write(
        _ corpus: Corpus, engine: any RegexEngine, to directory: URL,
        waiting: () -> Void = {},
        making: ((_ chaptersRead: () -> Void) -> SearchIndex)? = nil,
        fingerprints: ChapterFingerprints? = nil, reusing oldTexts: ChapterTexts? = nil,
        vocabulary makeVocabulary: (@Sendable () -> Vocabulary)? = nil,
        unless: () throws -> Void = {}
    ) throws {
        AtomicFile.removeAbandonedTemporaries(in: directory, for: fileNames)
        // The texts file depends on the corpus alone: it is made, written and synced on its
        // own thread while the index is built. It starts once the chapters are read, and on
        // that one thread: until then the index uses every core, and afterwards its stemming
        // is short and the rest mostly runs on one thread, so the texts fill the other core
        // instead of delaying the index (10% less time in all, measured interleaved).
        let chaptersRead = DispatchSemaphore(value: 0)
        let texts = Background { () -> Result<AtomicFile.Pending, Error> in
            chaptersRead.wait()
            return Result {
                // Written as it is made, a few megabytes of chapters at a time.
                let file = try AtomicFile.Pending(
                    to: directory.appendingPathComponent(ChapterTexts.fileName),
                    headerSize: ChapterTexts.headerSize(corpus)
                ) { add in
                    ChapterTexts.write(corpus, preparing: Preg(engine: engine), workers: 1, reusing: oldTexts, body: add)
                }
                try file.sync()
                return file
            }
        }
        // The vocabulary for suggestions (``Vocabulary``): a build counts it from the
        // chapters its indexer read, on another thread; a refresh says how to make it.
        var vocabulary = makeVocabulary.map { Background($0) }
        var pending: [AtomicFile.Pending] = []
        do {
            let index =
                making.map { $0({ chaptersRead.signal() }) }
                ?? Indexer.build(
                    corpus, preg: Preg(engine: engine), chaptersRead: { chaptersRead.signal() },
                    wordsRead: { readers, walks in
                        vocabulary = Background {
                            Vocabulary(
                                readers: readers, walks: walks,
                                uncounted: UncountedWords(preg: Preg(engine: engine)).counts(in: corpus.chapters.values))
                        }
                    })
            let sections = Background { BinaryIndex.sections(index) }
            let s2Pieces = S2IndexFile.encodedPieces(index)
            let s2 = try AtomicFile.Pending(
                pieces: s2Pieces,
                to: directory.appendingPathComponent(S2IndexFile.fileName))
            pending.append(s2)
            // The S2 file syncs while the binary form is written and synced.
            let s2Synced = Background { Result { try s2.sync() } }
            defer { _ = s2Synced.value }
            let binary = try AtomicFile.Pending(
                pieces: BinaryIndex.encode(
                    sections: sections.value, s2Size: s2.stamp.size,
                    s2ModificationTime: s2.stamp.modified,
                    corpusFingerprint: corpus.fingerprint),
                to: directory.appendingPathComponent(BinaryIndex.fileName))
            pending.append(binary)
            try binary.sync()
            try s2Synced.value.get()
            pending.append(try texts.value.get())
            if let vocabulary {
                let words = try AtomicFile.Pending(
                    pieces: [vocabulary.value.encoded()], to: directory.appendingPathComponent(Vocabulary.fileName))
                pending.append(words)
            }
            let s2Content = ChapterFingerprints.S2Content(pieces: s2Pieces)
            let chapters = try AtomicFile.Pending(
                pieces: [(fingerprints ?? ChapterFingerprints(corpus)).encoded(s2: s2Content)],
                to: directory.appendingPathComponent(ChapterFingerprints.fileName))
            pending.append(chapters)
            try AtomicFile.commit(pending, in: directory, waiting: waiting, unless: unless)
        } catch {
            if case .success(let file) = texts.value { pending.append(file) }
            for file in pending { file.discard() }
            throw error
        }
    }

    /// The files a build writes, in the order they are put in place.
    static let fileNames = [
        S2IndexFile.fileName, BinaryIndex.fileName, ChapterTexts.fileName, Vocabulary.fileName,
        ChapterFingerprints.fileName,
    ]
}
