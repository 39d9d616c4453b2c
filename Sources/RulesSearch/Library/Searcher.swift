import RulesRegex

/// Searches one index as therules.ru searched it: the reference's ranking and snippets,
/// exactly, with hits in `String`s and ё as the rules write it.
///
/// ```swift
/// let searcher = Searcher(try .builtIn())
/// let results = try searcher.search("запятая перед как", limit: 3)
/// for hit in results.hits {
///     print("§ \(hit.paragraph ?? 0). \(hit.title)")   // § 329. Запятая перед как, …
///     print(hit.text)
/// }
/// ```
///
/// A searcher keeps compiled patterns and the texts it prepared between queries, so a
/// second query costs less than the first. It is not for several threads at once: make
/// one per thread (they may share a ``RulesIndex``).
public final class Searcher {
    private let index: RulesIndex
    private let session: SearchSession

    /// A searcher over `index`, its patterns run by `engine`. Words the index does not
    /// know get ``SearchResults/suggestions`` from the vocabulary kept with the index,
    /// read the first time a query needs it.
    public init(_ index: RulesIndex, engine: Engine = .pcre2) {
        self.index = index
        session = SearchSession(index: index.index, texts: index.texts, engine: engine)
        session.vocabulary = Vocabulary.once { index.vocabulary() }
    }

    /// The chapters that answer `query`, best first: page `page` (from 1) of `limit` a
    /// page, or all of them when `limit` is `nil`. A page past the end has no hits; a
    /// `limit` or `page` below 1 is taken as 1.
    public func search(_ query: String, limit: Int? = 10, page: Int = 1) throws(RulesError) -> SearchResults {
        let result = session.search(Bytes(query.utf8), limit: limit, page: page)
        if let failure = session.index.failure { throw RulesError(.damaged, failure) }
        return SearchResults(result, session: session, outline: index.folder == nil ? BuiltInIndex.outline : nil)
    }
}
