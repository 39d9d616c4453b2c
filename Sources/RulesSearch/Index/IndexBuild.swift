import Foundation
import RulesRegex

/// What `rules index build` writes into a folder: the S2 index file, the binary form made
/// from it, and the chapter texts that snippets need.
public enum IndexBuild {
    /// Builds the index of `corpus` with `engine` and writes its three files into
    /// `directory` (which must exist), each atomically: the S2 file before the binary
    /// form, which records its size and time; the texts file whenever it is ready.
    public static func write(_ corpus: Corpus, engine: any RegexEngine, to directory: URL) throws {
        // The texts file depends on the corpus alone: it is made and written on its own
        // thread, and waited for before any error is passed on, so that no temporary file
        // is left behind.
        let texts = Background { () -> Result<Void, Error> in
            // At the lowest priority, on this one thread: the index's own work comes first
            // (its parallel steps take every core), and this fills the time when a core
            // would idle, in the index's serial steps.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            return Result {
                try AtomicFile.write(pieces: ChapterTexts.pieces(corpus, preparing: Preg(engine: engine), workers: 1),
                                     to: directory.appendingPathComponent(ChapterTexts.fileName))
            }
        }
        do {
            let index = Indexer.build(corpus, preg: Preg(engine: engine))
            let sections = Background { BinaryIndex.sections(index) }
            // Both files are synced at once, then put in place: the S2 file first, so that
            // a search between the two renames finds the binary form stale and reads it.
            let s2 = try AtomicFile.Pending(pieces: [S2IndexFile.encode(index)],
                                            to: directory.appendingPathComponent(S2IndexFile.fileName))
            let s2Synced = Background { Result { try s2.sync() } }
            let binary: AtomicFile.Pending
            do {
                binary = try AtomicFile.Pending(
                    pieces: [BinaryIndex.encode(sections: sections.value, s2Size: s2.stamp.size,
                                                s2ModificationTime: s2.stamp.modified)],
                    to: directory.appendingPathComponent(BinaryIndex.fileName))
                try binary.sync()
            } catch {
                _ = s2Synced.value
                throw error
            }
            try s2Synced.value.get()
            try s2.commit()
            try binary.commit()
        } catch {
            _ = texts.value
            throw error
        }
        try texts.value.get()
    }
}
