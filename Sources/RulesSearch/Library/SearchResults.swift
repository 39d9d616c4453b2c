/// One page of the chapters that answer a query, as ``Searcher/search(_:limit:page:)``
/// gives it.
public struct SearchResults: Sendable {
    /// How many chapters answer the query, on every page.
    public let total: Int
    /// How many pages of the limit asked for they fill (0 when none answer).
    public let pages: Int
    /// The chapters of this page, best first.
    public let hits: [SearchHit]
    /// Corrected queries, best first, when a word of the query is unknown to the index
    /// and a correction finds something («зопятая» → «запятая»); empty otherwise. Not
    /// part of the reference's answer.
    public let suggestions: [String]

    init(_ result: SearchSession.Result, session: SearchSession, outline: RuleOutline?) {
        total = result.total
        pages = result.pages
        hits = result.hits.map { SearchHit($0, session: session, outline: outline) }
        suggestions = result.suggestions ?? []
    }
}
