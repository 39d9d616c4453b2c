import Foundation
import RulesCheck
import RulesSearch
import RulesServe

/// The index `rules serve` answers from: the built-in rules, or a folder, opened again when
/// a build or a refresh replaces its files. Each request takes one ``Generation`` and
/// answers wholly from it, so that none sees half of one index and half of the next; a
/// folder that cannot be opened (a build under way, damage) leaves the last one answering,
/// with one warning.
final class ServedIndex: @unchecked Sendable {
    /// One opening of the index: what a request answers from.
    final class Generation: @unchecked Sendable {
        let number: Int
        let index: any IndexReading
        let texts: ChapterTexts?
        let vocabulary: () -> Vocabulary?

        init(number: Int, index: any IndexReading, texts: ChapterTexts?, vocabulary: @escaping () -> Vocabulary?) {
            self.number = number
            self.index = index
            self.texts = texts
            self.vocabulary = vocabulary
        }
    }

    /// The folder, `nil` for the built-in rules.
    let path: String?
    let corpus: String?
    let engine: Engine
    /// Corrections from the dictionary, when one is installed (one for every thread).
    let advisers: QueryAdvisers
    /// Answers made already, for every thread (keyed by the generation they came from).
    let answers: ResponseCache
    private let lock = NSLock()
    private var current: Generation
    private var stamp: IndexStamp?
    private var failedStamp: IndexStamp?
    private let warn: (Localized) -> Void

    /// Opens the index; an error here is the command's (nothing is served yet).
    init(path: String?, corpus: String?, engine: Engine, cacheBytes: Int, warn: @escaping (Localized) -> Void) throws {
        answers = ResponseCache(limitBytes: cacheBytes)
        self.path = path
        self.corpus = corpus
        self.engine = engine
        self.warn = warn
        advisers = QueryAdvisers(rules: path == nil)
        if let path {
            stamp = IndexStamp(path, corpus: corpus)
            current = try Self.open(path, corpus: corpus, number: 1, warn: warn)
        } else {
            current = Generation(
                number: 1, index: try BuiltInIndex.index(), texts: try BuiltInIndex.texts(),
                vocabulary: Vocabulary.once { try? BuiltInIndex.vocabulary() })
        }
    }

    /// The generation to answer a request from: the folder opened again first when its
    /// files changed since the last one.
    func generation() -> Generation {
        guard let path else { return current }
        let now = IndexStamp(path, corpus: corpus)
        return lock.withLock {
            guard now != stamp, now != failedStamp else { return current }
            do {
                current = try Self.open(path, corpus: corpus, number: current.number + 1, warn: warn)
                stamp = now
                failedStamp = nil
            } catch {
                // Said once for each state of the folder; the last index goes on answering.
                failedStamp = now
                warn(
                    Localized(
                        "the index in \(path) changed but cannot be opened (", ru: "индекс в \(path) изменился, но не открывается (")
                        + Localized(describing: error)
                        + Localized(
                            "); still answering from the index opened before", ru: "); ответы по-прежнему даёт индекс, открытый раньше"))
            }
            return current
        }
    }

    /// The folder's files read into memory (a copy, so that no rewrite in place reaches
    /// what a request reads).
    private static func open(_ path: String, corpus: String?, number: Int, warn: @escaping (Localized) -> Void) throws -> Generation {
        let (index, texts) = try IndexLocation.open(path, corpus: corpus, copied: true, warning: warn)
        return Generation(
            number: number, index: index, texts: texts, vocabulary: SearchCommand.vocabulary(path, copied: true, warning: warn))
    }
}
