import Foundation
import RulesRegex

/// One index opened for searching, with the chapter texts its snippets need: what the
/// command line asks questions of. It pages results as the S2 search page does and keeps
/// no state between queries but the index.
package final class SearchSession {
    /// One result as `rules search --json` shows it.
    package struct Hit {
        package var id: Bytes
        package var title: PHPValue
        package var url: PHPValue
        package var description: PHPValue
        package var weight: PHPNumber
        /// The reference's snippet (HTML, `<i>` around found words), `nil` without a text.
        package var snippetHTML: Bytes?
        package var rel: PHPNumber?
        package var startText: Bytes?
        /// What the S2 results page shows: the snippet when `rel > 0.6`, else the
        /// description, else the start of the text.
        package var text: Bytes

        /// The snippet as plain text.
        package var snippet: Bytes? { snippetHTML.map(HTMLText.plain) }
    }

    package struct Result {
        package var query: Bytes
        package var total: Int
        package var page: Int
        /// How many ranked results come before the first hit of this page.
        package var offset: Int
        package var hits: [Hit]
        /// How many pages the ranked results fill (0 when none were found).
        package var pages: Int
        /// Corrected queries when a word of the query is unknown to the index (see
        /// ``Suggester``), best first, possibly none; `nil` when every word is known or the
        /// index keeps no vocabulary. Not part of the reference's answer.
        package var suggestions: [String]? = nil
        /// The id of the chapter the query names, when it names one (``RuleJump``): offered
        /// before the ranked answer, which stays the reference's. Not part of its answer.
        package var jump: String? = nil
    }

    package let index: any IndexReading
    package let texts: ChapterTexts?
    let finder: Finder
    /// Reads the words suggestions come from (``Vocabulary``), called once, when a query
    /// first has a word the index does not know; without it, or when it gives `nil`, no
    /// suggestions are made. Sessions made for a batch share what it read.
    package var vocabulary: (() -> Vocabulary?)? {
        didSet { suggester = vocabulary.map { Suggester(vocabulary: $0, index: index, preg: finder.preg, stemmer: finder.stemmer) } }
    }
    private var suggester: Suggester?
    /// Reads the vocabulary opened only to look words up (``Vocabulary/readForLookup(in:copied:)``),
    /// for ``knownWords()``; without it, that is ``vocabulary``'s.
    package var lookupVocabulary: (() -> Vocabulary?)?

    /// The words a query's words are looked up in when the index knows them all (whether
    /// the corpus writes them so): the vocabulary opened for lookups when there is one
    /// to open, else the one corrections come from.
    package func knownWords() -> Vocabulary? {
        (lookupVocabulary ?? vocabulary)?()
    }
    /// Whether to use the prepared texts the texts file stores; the engine check prepares
    /// every text itself, so that both engines run the preparation's regex too.
    private let usesStoredPreparation: Bool
    /// Texts ready for snippets, by chapter, so that a batch of queries reads (or, when the
    /// texts file does not store them, prepares) each chapter once; forgotten past
    /// ``preparedLimit`` bytes.
    private var prepared: [ByteKey: PreparedText] = [:]
    private var preparedBytes = 0
    static let preparedLimit = 64 << 20
    /// Prepared texts with ё as the chapter writes it (`nil`: it writes none), by chapter,
    /// for the results of a batch that meet the same chapters again; forgotten past
    /// ``preparedLimit`` bytes (see `unfoldedText(of:)`).
    var unfolded: [ByteKey: UnfoldedText?] = [:]
    var unfoldedBytes = 0

    /// Answers `queries` in order, on every core: each worker searches with its own
    /// session (a `Preg` is not thread-safe) over the shared index and texts, and renders
    /// each result with `render` (for the output, with the session that answered it) as well, so
    /// that rendering is shared out too.
    package static func searchAll<Output>(
        _ queries: [Bytes], index: any IndexReading, texts: ChapterTexts?,
        engine: any RegexEngine, limit: Int?, page: Int, snippetCount: Int? = nil,
        sessions: inout [SearchSession],
        render: (Result, SearchSession) -> Output
    ) -> [(total: Int, output: Output)] {
        let workers = Parallel.workers
        while sessions.count < min(workers, max(queries.count, 1)) {
            let session = SearchSession(index: index, texts: texts, preg: Preg(engine: engine))
            session.vocabulary = sessions.first?.vocabulary
            session.lookupVocabulary = sessions.first?.lookupVocabulary
            sessions.append(session)
        }
        let pool = sessions
        var next = 0
        return Parallel.map(
            queries, workers: pool.count,
            make: { () -> SearchSession in
                defer { next += 1 }
                return pool[next]
            }
        ) { session, query in
            let result = session.search(query, limit: limit, page: page, snippetCount: snippetCount)
            return (result.total, render(result, session))
        }
    }

    package init(index: any IndexReading, texts: ChapterTexts?, preg: Preg, usesStoredPreparation: Bool = true) {
        self.index = index
        self.texts = texts
        self.usesStoredPreparation = usesStoredPreparation
        storedWordStarts = usesStoredPreparation && texts?.storesWordStarts == true
        finder = Finder(index: index, preg: preg)
    }

    /// How snippets look for the found words in a chapter: one search through the whole
    /// text, as the reference does, or attempts only where a word may start with one of
    /// them (``WordStarts``). Both find the same. By default (`nil`) a session uses word
    /// starts when the texts file stores them, and otherwise from its second query on:
    /// working them out pays back only over several queries.
    var usesWordStarts: Bool?
    private var answered = 0
    private let storedWordStarts: Bool

    /// A chapter's text ready for `Finder.snippets`: stored, remembered, or prepared now.
    func preparedText(_ chapter: ByteKey) -> PreparedText? {
        guard let texts else { return nil }
        if let known = prepared[chapter] { return known }
        let text: PreparedText
        if usesStoredPreparation, let stored = texts.prepared(chapter) {
            text = stored
        } else {
            guard let html = texts.html(chapter) else { return nil }
            text = PreparedText(html: html, preg: finder.preg)
        }
        if preparedBytes > Self.preparedLimit {
            prepared.removeAll()
            preparedBytes = 0
        }
        prepared[chapter] = text
        preparedBytes += text.text.count
        return text
    }

    /// Ranks the chapters for `query`; `limit` results a page (`nil`: all), page `page`
    /// counted from 1. Snippets are made a page at a time (pages of ten when all are
    /// shown), as the S2 search page makes them.
    ///
    /// `snippetCount` limits snippets to the first hits shown (`nil`: all of them).
    package func search(_ query: Bytes, limit: Int?, page: Int, snippetCount: Int? = nil) -> Result {
        finder.usesWordStarts = usesWordStarts ?? (answered > 0 || storedWordStarts)
        answered += 1
        let ranked = finder.find(query)
        let (start, end) = Self.pageBounds(count: ranked.count, limit: limit, page: page)
        let shown = Array(ranked[start..<end])
        var snippets: [ByteKey: Finder.Snippet] = [:]
        let chunk = limit ?? 10
        let withSnippets = min(snippetCount ?? shown.count, shown.count)
        var i = 0
        while i < withSnippets {
            let ids = shown[i..<min(i + max(chunk, 1), withSnippets)].map { $0.chapter }
            snippets.merge(finder.snippets(ids, texts: preparedText), uniquingKeysWith: { a, _ in a })
            i += max(chunk, 1)
        }
        let hits = shown.map { item -> Hit in
            let entry = index.entry(item.chapter)
            let description = entry?.field("descr") ?? .null
            let snippet = snippets[item.chapter]
            var text = description.stringValue
            if let snippet {
                if snippet.rel.doubleValue > 0.6 {
                    text = snippet.html
                } else if !PHPValue.isTruthy(description) {
                    text = snippet.startText
                }
            }
            return Hit(
                id: item.chapter.bytes, title: entry?.field("title") ?? .null, url: entry?.field("url") ?? .null,
                description: description, weight: item.weight, snippetHTML: snippet?.html, rel: snippet?.rel,
                startText: snippet?.startText, text: text)
        }
        return Result(
            query: query, total: ranked.count, page: page, offset: start, hits: hits,
            pages: Self.pageCount(ranked.count, limit: limit), suggestions: suggestions(for: query),
            jump: RuleJump.id(named: query, in: index))
    }

    /// ``Suggester/suggestions(for:finds:)`` on this session's index: a corrected query
    /// counts when `Finder::find` ranks something for it.
    package func suggestions(for query: Bytes) -> [String]? {
        guard let suggester else { return nil }
        return suggester.suggestions(for: query) { !finder.find($0).isEmpty }
    }

    /// The snippet of `chapter` for the last query searched, as ``search(_:limit:page:snippetCount:)``
    /// makes it: for the engine check, which compares each hit's on its own.
    func snippet(_ chapter: ByteKey) -> Finder.Snippet? {
        finder.snippets([chapter], texts: preparedText)[chapter]
    }

    /// The slice of `count` ranked results that page `page` (from 1) of `limit` a page shows
    /// (`nil`: all of them). Any page and limit an argument can give, up to the largest
    /// integer, is a page past the end rather than an overflow.
    static func pageBounds(count: Int, limit: Int?, page: Int) -> (start: Int, end: Int) {
        guard let limit else { return (0, count) }
        let (offset, overflow) = (max(page, 1) - 1).multipliedReportingOverflow(by: max(limit, 1))
        let start = overflow ? count : min(offset, count)
        return (start, start + min(max(limit, 1), count - start))
    }

    /// Pages of `limit` results (`nil`: one page) that `count` results fill.
    static func pageCount(_ count: Int, limit: Int?) -> Int {
        guard count > 0 else { return 0 }
        guard let limit else { return 1 }
        return (count - 1) / max(limit, 1) + 1
    }

    /// `TitleFinder::find`: chapters whose title contains `query`, ignoring case.
    package func titles(_ query: Bytes) -> [(chapter: ByteKey, entry: SearchIndex.Entry)] {
        index.chapters(titleContaining: PHPCase.lowercase(query))
    }
}
