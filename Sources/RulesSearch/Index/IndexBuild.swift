import Foundation
import RulesRegex

/// What `rules index build` writes into a folder: the S2 index file, the binary form made
/// from it, and the chapter texts that snippets need.
public enum IndexBuild {
    /// Builds the index of `corpus` with `engine` and writes its three files into
    /// `directory` (which must exist), each atomically: the S2 file first, as the binary
    /// form records its size and time.
    public static func write(_ corpus: Corpus, engine: any RegexEngine, to directory: URL) throws {
        let texts = Background { ChapterTexts.pieces(corpus, preparing: Preg(engine: engine)) }
        let index = Indexer.build(corpus, preg: Preg(engine: engine))
        let sections = Background { BinaryIndex.sections(index) }
        try S2IndexFile.write(index, to: directory)
        try BinaryIndex.write(sections: sections.value, to: directory)
        try AtomicFile.write(pieces: texts.value, to: directory.appendingPathComponent(ChapterTexts.fileName))
    }
}
