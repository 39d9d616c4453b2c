import Foundation
import RulesRegex

// What is made with an ``Engine``, by the command line, which knows nothing of regexes:
// the search core builds the engine where it needs one (a `Preg` per worker, since a
// `Preg` is not thread-safe).

extension SearchSession {
    /// A session whose patterns run on `engine`.
    package convenience init(index: any IndexReading, texts: ChapterTexts?, engine: Engine) {
        self.init(index: index, texts: texts, preg: engine.preg())
    }

    /// ``searchAll(_:index:texts:engine:limit:page:snippetCount:sessions:render:)`` with the engine named.
    package static func searchAll<Output>(
        _ queries: [Bytes], index: any IndexReading, texts: ChapterTexts?,
        engine: Engine, limit: Int?, page: Int, snippetCount: Int? = nil,
        sessions: inout [SearchSession],
        render: (Result, SearchSession) -> Output
    ) -> [(total: Int, output: Output)] {
        searchAll(
            queries, index: index, texts: texts, engine: engine.make(), limit: limit, page: page,
            snippetCount: snippetCount, sessions: &sessions, render: render)
    }
}

extension IndexBuild {
    /// ``write(_:engine:to:waiting:)`` with the engine named.
    package static func write(
        _ corpus: Corpus, engine: Engine, to directory: URL,
        waiting: () -> Void = {}
    ) throws {
        try write(corpus, engine: engine.make(), to: directory, waiting: waiting)
    }
}

extension FolderRefresh {
    /// `rules index refresh`: the refresh with the engine it names.
    @discardableResult
    package static func refresh(
        _ chapters: Chapters, from corpus: Corpus, in directory: URL, engine: Engine,
        waiting: () -> Void = {}, unknown: ([ByteKey]) -> Void = { _ in }
    ) throws -> [ByteKey] {
        try refresh(chapters, from: corpus, in: directory, engine: engine.make(), waiting: waiting, unknown: unknown)
    }
}

extension EngineCheck {
    /// The check `rules check-engines` runs: PCRE2 on the left, Foundation on the right.
    package static func bothEngines(corpus: Corpus?, index: (any IndexReading)?, texts: ChapterTexts?) -> EngineCheck {
        EngineCheck(
            left: Engine.pcre2.make(), right: Engine.foundation.make(),
            corpus: corpus, index: index, texts: texts)
    }
}
