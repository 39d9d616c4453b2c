import Foundation
import RulesRegex
import RulesSearch

/// What the fuzz targets search with: a corpus of four short chapters (from the man-ru
/// sample), its index and texts, built once, and the queries they ask of whatever index a
/// target's input became.
package enum FuzzFixtures {
    /// `Tests/Fuzz/small-corpus.jsonl`, found from this file's place at build time.
    package static let corpusURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("small-corpus.jsonl")

    package static let corpus: Corpus = {
        do { return try Corpus.read(corpusURL) } catch { fatalError("the fuzz fixture \(corpusURL.path): \(error)") }
    }()

    /// One `Preg` for the indexing and file checks: its compiled patterns are kept from
    /// one input to the next.
    // Safe to share: a fuzz target runs its inputs one at a time, on one thread.
    nonisolated(unsafe) static let preg = Preg(engine: PCRE2Engine())

    package static let index = Indexer.build(corpus, preg: preg)

    package static let textsBytes = ChapterTexts.encode(corpus, preparing: preg)

    static let texts: ChapterTexts = {
        do { return try ChapterTexts(checking: textsBytes) } catch { fatalError("the fuzz fixture's texts: \(error)") }
    }()

    // As `preg`: one input at a time, on one thread.
    nonisolated(unsafe) static let pcre2Session = SearchSession(index: index, texts: texts, preg: Preg(engine: PCRE2Engine()))
    nonisolated(unsafe) static let foundationSession = SearchSession(index: index, texts: texts, preg: Preg(engine: FoundationEngine()))

    /// Words of the fixture (in its titles, texts, keywords and descriptions), a phrase, a
    /// word of the extreme-positions fixture, and no word at all.
    static let queries = [
        "справочных страниц", "поиск", "файл теневых паролей", "apropos", "памяти",
        "путь поиска", "альфа бета", "",
    ].map { Bytes(php: $0) }

    /// The binary form of `index`, as `rules index build` writes it.
    package static func binaryBytes(_ index: SearchIndex, fingerprint: UInt64) -> Bytes {
        let s2Size = UInt64(S2IndexFile.encode(index).count)
        return BinaryIndex.encode(
            sections: BinaryIndex.sections(index), s2Size: s2Size,
            s2ModificationTime: 0, corpusFingerprint: fingerprint
        ).flatMap { $0 }
    }

    /// What a search shows, as text to compare: each hit's id, weight, snippet and rel.
    static func answer(_ session: SearchSession, _ query: Bytes, page: Int = 1) -> [String] {
        session.search(query, limit: 10, page: page).hits.map { hit in
            "\(String(decoding: hit.id, as: UTF8.self)) \(hit.weight) \(hit.rel.map(String.init(describing:)) ?? "-") "
                + (hit.snippetHTML.map { String(decoding: $0, as: UTF8.self) } ?? "-")
        }
    }

    /// Searches `index` (with `texts`, if any) for each of ``queries``, on two pages, and
    /// for titles.
    static func exercise(_ index: any IndexReading, texts: ChapterTexts?) {
        let session = SearchSession(index: index, texts: texts, preg: preg)
        for query in queries {
            _ = answer(session, query)
            _ = answer(session, query, page: 2)
            _ = session.titles(query)
        }
        index.forEachEntry { _, _ in }
        for id in -1...8 { _ = index.chapterName(id: id) }
    }

    /// `input` as a query, as `rules search` asks it.
    static func query(_ input: Bytes, session: SearchSession) {
        _ = answer(session, input)
        _ = session.titles(input)
    }

    /// Reads `input` as a corpus; if it is one (and small enough for a fuzz run), indexes it
    /// and checks that the three forms of the index agree: the index in memory, the S2 file
    /// written and read back, and the binary form, each with texts prepared when written
    /// and prepared by the search.
    static func checkReaders(_ input: Bytes) {
        guard input.count <= 1 << 16, let corpus = try? Corpus.parse(input), corpus.chapters.count <= 64 else { return }
        let index = Indexer.build(corpus, preg: preg)
        let s2 = S2IndexFile.encode(index)
        let decoded: SearchIndex
        do { decoded = try S2IndexFile.decode(s2) } catch { fatalError("an S2 file we wrote does not read back: \(error)") }
        precondition(decoded == index, "the S2 file we wrote reads back as another index")
        let binary: BinaryIndex
        do { binary = try BinaryIndex(checking: binaryBytes(index, fingerprint: corpus.fingerprint)) } catch {
            fatalError("a binary form we wrote does not read back: \(error)")
        }
        let prepared: ChapterTexts
        do { prepared = try ChapterTexts(checking: ChapterTexts.encode(corpus, preparing: preg)) } catch {
            fatalError("a texts file we wrote does not read back: \(error)")
        }
        // The queries: the fixed ones and the first words of each title.
        var asked = queries
        for chapter in corpus.chapters.values.prefix(8) {
            let words = chapter.title.stringValue.split(separator: 0x20).prefix(3)
            asked.append(contentsOf: words.map(Array.init))
            asked.append(Array(words.joined(separator: [0x20])))
        }
        let sessions = [
            SearchSession(index: index, texts: ChapterTexts(corpus: corpus), preg: preg),
            SearchSession(index: decoded, texts: prepared, preg: preg),
            SearchSession(index: binary, texts: prepared, preg: preg),
        ]
        for query in asked {
            let answers = sessions.map { answer($0, query) + $0.titles(query).map { String(decoding: $0.chapter.bytes, as: UTF8.self) } }
            precondition(
                answers.allSatisfy { $0 == answers[0] },
                "the forms of one index answer \(String(decoding: query, as: UTF8.self)) differently: \(answers)")
            precondition(binary.damage == nil, "a binary form we wrote reads as damaged: \(binary.damage!)")
        }
    }
}
