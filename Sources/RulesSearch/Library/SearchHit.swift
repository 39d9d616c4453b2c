/// One chapter that answers a query: what the S2 results page shows of it, in `String`s,
/// ё as the chapter writes it. ``reference`` keeps the reference's own values.
public struct SearchHit: Sendable {
    /// The chapter's id in its corpus (for the built-in rules, the § number or a chapter's
    /// name).
    public let id: String
    /// The chapter's title.
    public let title: String
    /// The § number of a paragraph of the built-in rules; `nil` otherwise.
    public let paragraph: Int?
    /// The title of the chapter a paragraph of the built-in rules belongs to; `nil` otherwise.
    public let chapter: String?
    /// The chapter's address on the site its corpus came from.
    public let url: String
    /// The text the S2 results page shows: the snippet when it is relevant enough, else the
    /// description, else the start of the chapter; plain text.
    public let text: String
    /// The sentences that hold the query's words, joined by `...`; `nil` without the
    /// chapter's text (an index folder without its texts file).
    public let snippet: String?
    /// The rank: the sum of the chapter's weights for the query's words.
    public let weight: Double
    /// What the reference itself gives.
    public let reference: Reference

    /// The reference's values, as `rules search --json` writes them: HTML with `<i>`
    /// around the found words, ё folded into е as the reference folds it.
    public struct Reference: Sendable {
        /// `Finder::snippets`' snippet; `nil` without the chapter's text.
        public let snippetHTML: String?
        /// The text the S2 page shows, as HTML.
        public let textHTML: String
        /// The weight as PHP writes it (`12`, `20.5`).
        public let weight: String
        /// How much of the snippet the query's words fill (`rel`); `nil` without a snippet.
        public let relevance: Double?
    }

    init(_ hit: SearchSession.Hit, session: SearchSession, outline: RuleOutline?) {
        id = String(decoding: hit.id, as: UTF8.self)
        title = String(decoding: hit.title.stringValue, as: UTF8.self)
        let place = outline?[id]
        paragraph = place?.kind == .paragraph ? place?.number : nil
        chapter = place?.chapter.flatMap { parent in
            session.index.entry(ByteKey(parent)).map { String(decoding: $0.field("title")?.stringValue ?? [], as: UTF8.self) }
        }
        url = String(decoding: hit.url.stringValue, as: UTF8.self)
        func written(_ hit: SearchSession.Hit) -> String {
            String(decoding: HTMLText.plain(session.textAsWritten(hit)), as: UTF8.self)
        }
        let snippet = hit.snippetHTML.map { html in
            var asSnippet = hit
            asSnippet.text = html
            return written(asSnippet)
        }
        self.snippet = snippet
        // The text shown is most often the snippet: its ё are put back once.
        if let snippet, hit.text == hit.snippetHTML {
            text = snippet
        } else {
            text = written(hit)
        }
        weight = hit.weight.doubleValue
        reference = Reference(
            snippetHTML: hit.snippetHTML.map { String(decoding: $0, as: UTF8.self) },
            textHTML: String(decoding: hit.text, as: UTF8.self),
            weight: hit.weight.description, relevance: hit.rel?.doubleValue)
    }
}
