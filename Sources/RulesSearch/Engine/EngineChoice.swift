import Foundation
import RulesRegex

/// The command line names things it never builds: it reads text (`Bytes`), never patterns.
@_exported import typealias RulesRegex.Bytes

/// A regex engine chosen by name, as `--engine` and `RULES_ENGINE` give it. What the
/// command line holds instead of an engine: it knows nothing of regexes, and the search
/// core builds the engine where it needs one (a `Preg` per worker, since a `Preg` is not
/// thread-safe).
package struct EngineChoice: Sendable, Equatable {
    /// The names accepted, the default first.
    package static let names = Engines.names
    package static let defaultName = Engines.defaultName
    /// The environment variable that picks the engine when `--engine` is not given.
    package static let environmentVariable = Engines.environmentVariable

    package let name: String

    /// The engine called `name`, or `nil` for an unknown name.
    package init?(named name: String) {
        guard Engines.names.contains(name) else { return nil }
        self.name = name
    }

    package static let `default` = EngineChoice(named: defaultName)!

    /// A new engine (each caller its own: engines cache compiled patterns).
    func make() -> any RegexEngine { Engines.make(name)! }

    /// A new `Preg` over a new engine.
    func preg() -> Preg { Preg(engine: make()) }
}

extension SearchSession {
    /// A session whose patterns run on `engine`.
    package convenience init(index: any IndexReading, texts: ChapterTexts?, engine: EngineChoice) {
        self.init(index: index, texts: texts, preg: engine.preg())
    }

    /// ``searchAll(_:index:texts:engine:limit:page:snippetCount:sessions:render:)`` with the engine named.
    package static func searchAll<Output>(_ queries: [Bytes], index: any IndexReading, texts: ChapterTexts?,
                                         engine: EngineChoice, limit: Int?, page: Int, snippetCount: Int? = nil,
                                         sessions: inout [SearchSession],
                                         render: (Result, SearchSession) -> Output) -> [(total: Int, output: Output)] {
        searchAll(queries, index: index, texts: texts, engine: engine.make(), limit: limit, page: page,
                  snippetCount: snippetCount, sessions: &sessions, render: render)
    }
}

extension Stemmer {
    /// A stemmer whose patterns run on `engine`.
    package convenience init(engine: EngineChoice) {
        self.init(preg: engine.preg())
    }
}

extension IndexBuild {
    /// ``write(_:engine:to:waiting:)`` with the engine named.
    package static func write(_ corpus: Corpus, engine: EngineChoice, to directory: URL,
                             waiting: () -> Void = {}) throws {
        try write(corpus, engine: engine.make(), to: directory, waiting: waiting)
    }
}

extension FolderRefresh {
    /// `rules index refresh`: the refresh with the engine it names.
    @discardableResult
    package static func refresh(_ chapters: Chapters, from corpus: Corpus, in directory: URL, engine: EngineChoice,
                               waiting: () -> Void = {}) throws -> [ByteKey] {
        try refresh(chapters, from: corpus, in: directory, engine: engine.make(), waiting: waiting)
    }
}

extension EngineCheck {
    /// The check `rules check-engines` runs: PCRE2 on the left, Foundation on the right.
    package static func bothEngines(corpus: Corpus?, index: (any IndexReading)?, texts: ChapterTexts?) -> EngineCheck {
        EngineCheck(left: EngineChoice(named: "pcre2")!.make(), right: EngineChoice(named: "foundation")!.make(),
                    corpus: corpus, index: index, texts: texts)
    }
}
