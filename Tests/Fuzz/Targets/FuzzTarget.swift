import Foundation
import RulesRegex
import RulesSearch

/// The fuzz targets: each takes one input of any bytes and feeds it to one reader of
/// `rules`, then searches whatever the reader accepted. A target finds a defect when it
/// traps, when the address sanitizer objects, when one input takes longer than the
/// driver's timeout, or when one of the agreements it checks fails (see
/// ``FuzzTarget/corpusReader``).
///
/// The same bodies run twice over: under libFuzzer (`Tests/Fuzz/run`, the `rules-fuzz`
/// driver) and in `swift test`, which feeds them every input kept in
/// `Tests/Fuzz/Regressions` and the seeds, so that an input that once failed fails a test.
package enum FuzzTarget: String, CaseIterable, Sendable {
    /// `S2IndexFile.decode`: the PHP `serialize()` text of `s2_search_index.php`.
    case s2Reader = "s2-reader"
    /// `BinaryIndex`: `rules-index.bin`, as it comes and again with its checksums made to
    /// match (``BinaryIndexSeal``), so that the fuzzer reaches the tables behind them.
    case binaryIndex = "binary-index"
    /// `ChapterTexts`: `rules-texts.bin`, with the index of ``FuzzFixtures`` for snippets.
    case textsFile = "texts-file"
    /// `Corpus.parse` (JSON lines); a corpus it accepts is indexed, and the index written
    /// as an S2 file and as the binary form and read back must answer as it does.
    case corpusReader = "corpus-reader"
    /// A query through the filter, the finder and the snippets, with the PCRE2 engine.
    case queryPCRE2 = "query-pcre2"
    /// The same with the Foundation engine.
    case queryFoundation = "query-foundation"

    /// Feeds `input` to the target.
    package func run(_ input: Bytes) {
        switch self {
        case .s2Reader:
            guard let index = try? S2IndexFile.decode(input) else { return }
            FuzzFixtures.exercise(index, texts: nil)
        case .binaryIndex:
            for bytes in [input, BinaryIndexSeal.sealed(input)] {
                guard let binary = try? BinaryIndex(checking: bytes) else { continue }
                FuzzFixtures.exercise(binary, texts: nil)
                // As a search meets it: a damaged part sends it to the S2 file.
                FuzzFixtures.exercise(CheckedIndex(binary: binary, readS2: { FuzzFixtures.index }, warn: { _ in }), texts: nil)
            }
        case .textsFile:
            guard let texts = try? ChapterTexts(checking: input) else { return }
            FuzzFixtures.exercise(FuzzFixtures.index, texts: texts)
            for name in FuzzFixtures.index.tableOfContents.keys {
                _ = texts.html(name)
                _ = texts.prepared(name)
            }
            _ = texts.damage
        case .corpusReader:
            FuzzFixtures.checkReaders(input)
        case .queryPCRE2:
            FuzzFixtures.query(input, session: FuzzFixtures.pcre2Session)
        case .queryFoundation:
            FuzzFixtures.query(input, session: FuzzFixtures.foundationSession)
        }
    }
}
