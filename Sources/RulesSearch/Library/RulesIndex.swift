import Foundation

/// An index to search: the built-in rules the library carries, or a folder that
/// `rules index build` (or ``build(corpus:into:engine:)``) wrote, or PHP's
/// `s2_search_index.php`. Opening one reads little: its files are mapped and read as
/// searches need them.
///
/// ```swift
/// let rules = try RulesIndex.builtIn()
/// let mine = try RulesIndex.build(corpus: "pages.jsonl", into: "/srv/pages-index")
/// let again = try RulesIndex(folder: "/srv/pages-index")
/// ```
///
/// A corpus is JSON lines, one chapter a line: `id`, `title`, `html`, and optionally
/// `keywords`, `description`, `time`, `url` (the arguments of the reference's
/// `buffer_chapter`).
public struct RulesIndex {
    package let index: any IndexReading
    package let texts: ChapterTexts?
    /// The folder, or `nil` for the built-in rules.
    public let folder: String?

    package init(index: any IndexReading, texts: ChapterTexts?, folder: String?) {
        self.index = index
        self.texts = texts
        self.folder = folder
    }

    /// The rules of Russian spelling and punctuation that come with the library, whose
    /// hits have a ``SearchHit/paragraph`` and ``SearchHit/chapter``.
    public static func builtIn() throws(RulesError) -> RulesIndex {
        do {
            return RulesIndex(index: try BuiltInIndex.index(), texts: try BuiltInIndex.texts(), folder: nil)
        } catch {
            throw RulesError(
                .damaged,
                Localized(
                    "the built-in index cannot be read (\(error)); build the library again",
                    ru: "встроенный индекс не читается (\(error)); соберите библиотеку заново"))
        }
    }

    /// The index in `folder` (or an S2 index file by its path). A damaged binary form is
    /// set aside for the S2 file; texts that do not belong to the index are left out (its
    /// hits then have no snippets).
    public init(folder: String) throws(RulesError) {
        do {
            let (index, texts) = try IndexLocation.open(folder)
            self.init(index: index, texts: texts, folder: folder)
        } catch {
            throw RulesError(error)
        }
    }

    /// Builds the index of the corpus file `corpus` into `folder` (made when missing),
    /// replacing whatever index was there only once the new one is whole, and opens it.
    public static func build(corpus: String, into folder: String, engine: Engine = .pcre2) throws(RulesError) -> RulesIndex {
        let chapters = try Self.readCorpus(corpus)
        if chapters.chapters.isEmpty {
            throw RulesError(
                .badCorpus,
                Localized(
                    "\(corpus) holds no chapter; an index of nothing would replace the one in \(folder)",
                    ru: "в \(corpus) нет глав: индекс из ничего заменил бы индекс в \(folder)"))
        }
        do {
            let url = URL(fileURLWithPath: folder)
            try IndexBuild.createFolder(url, named: folder)
            try IndexBuild.write(chapters, engine: engine, to: url)
        } catch {
            throw RulesError(error)
        }
        return try RulesIndex(folder: folder)
    }

    /// Brings the index in ``folder`` up to date with the corpus file `corpus`: the
    /// chapters `ids`, in order, or when none are given those whose record changed since
    /// the index was made. Returns the index as it is now; searchers made before keep the
    /// one they had.
    public func refresh(corpus: String, ids: [String] = [], engine: Engine = .pcre2) throws(RulesError) -> RulesIndex {
        guard let folder else {
            throw RulesError(
                .other,
                Localized(
                    "the built-in index cannot be refreshed; build an index of your own",
                    ru: "встроенный индекс не обновляется; постройте свой"))
        }
        let chapters = try Self.readCorpus(corpus)
        do {
            try FolderRefresh.refresh(
                ids.isEmpty ? .changed : .named(ids.map { ByteKey($0) }), from: chapters,
                in: URL(fileURLWithPath: folder), engine: engine)
        } catch {
            throw RulesError(error)
        }
        return try RulesIndex(folder: folder)
    }

    private static func readCorpus(_ path: String) throws(RulesError) -> Corpus {
        guard FileManager.default.fileExists(atPath: path) else {
            throw RulesError(.notFound, Localized("no corpus at \(path)", ru: "нет корпуса \(path)"))
        }
        do {
            return try IndexLocation.readCorpus(URL(fileURLWithPath: path))
        } catch {
            throw RulesError(error)
        }
    }

    /// The vocabulary kept with the index, for suggestions; `nil` when there is none or
    /// it cannot be read (suggestions only help).
    package func vocabulary() -> Vocabulary? {
        guard let folder else { return try? BuiltInIndex.vocabulary() }
        return (try? IndexLocation.vocabulary(folder)) ?? nil
    }
}
