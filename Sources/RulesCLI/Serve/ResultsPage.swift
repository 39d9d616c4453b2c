import RulesSearch

/// The results page, as the S2 results page (`Page::build_page`) shows them: how many
/// were found (with `Page::rus_plural`'s forms), each result with its § and title, its
/// chapter, the text S2 shows (the snippet when it is relevant enough, else the
/// description or the start of the text) with the found words marked and ё as written,
/// then links to the other pages. Before them, the rule a query names and what a
/// misspelled query was meant to be.
struct ResultsPage {
    let session: SearchSession
    let outline: RuleOutline?

    /// The `<main>` of the page for `result`.
    func main(_ result: SearchSession.Result) -> String {
        let query = String(decoding: result.query, as: UTF8.self)
        var out = "<main id=\"results\" data-total=\"\(result.total)\">\n"
        out += jump(result)
        if result.total == 0 {
            out += "<p class=\"not-found\">" + (result.jump == nil ? "Ничего не найдено." : "Других совпадений нет.") + "</p>\n"
            out += suggestions(result)
            return out + "</main>"
        }
        out += "<p class=\"found\">" + HTML.escape(ResultsView.header(result.total, rules: outline != nil)) + "</p>\n"
        out += suggestions(result)
        out += "<ol class=\"hits\" start=\"\(result.offset + 1)\">\n"
        for hit in result.hits { out += item(hit) }
        out += "</ol>\n"
        out += paging(query: query, page: result.page, pages: result.pages)
        return out + "</main>"
    }

    /// «→ § 191. …»: the rule the query names, offered first.
    private func jump(_ result: SearchSession.Result) -> String {
        guard let id = result.jump, let entry = session.index.entry(ByteKey(Bytes(id.utf8))) else { return "" }
        let title = RuleLabel.title(String(decoding: entry.field("title")?.stringValue ?? [], as: UTF8.self), place: outline?[id])
        return "<p class=\"jump\"><a href=\"\(HTML.rulePath(id))\">→ \(HTML.escape(HarmlessText.line(title)))</a></p>\n"
    }

    /// «Возможно, вы искали: …», each correction a link to its results.
    private func suggestions(_ result: SearchSession.Result) -> String {
        guard let suggestions = result.suggestions, !suggestions.isEmpty else { return "" }
        let links = suggestions.map { "<a href=\"\(HTML.escape(HTML.searchPath($0)))\">\(HTML.escape(HarmlessText.line($0)))</a>" }
        let joined = links.count == 1 ? links[0] : links.dropLast().joined(separator: ", ") + " или " + links[links.count - 1]
        return "<p class=\"suggest\">Возможно, вы искали: \(joined)</p>\n"
    }

    private func item(_ hit: SearchSession.Hit) -> String {
        let summary = HitSummary(hit, session: session, outline: outline)
        let id = String(decoding: hit.id, as: UTF8.self)
        var out = "<li class=\"hit\"><a class=\"title\" href=\"\(HTML.rulePath(id))\">\(HTML.escape(summary.title))</a>"
        if let chapter = summary.chapter, let parent = outline?[id]?.chapter {
            out += "<div class=\"chapter\"><a href=\"\(HTML.rulePath(parent))\">\(HTML.escape(chapter))</a></div>"
        }
        if !summary.text.isEmpty { out += "<p class=\"text\">" + Self.marked(summary.text) + "</p>" }
        // The address a corpus of one's own gives its page, as S2 shows it under the text.
        if outline == nil, !summary.url.isEmpty { out += "<div class=\"url\">\(HTML.escape(summary.url))</div>" }
        return out + "</li>\n"
    }

    /// `text` escaped, its found words (between ``HitSummary/foundStart`` and
    /// ``HitSummary/foundEnd``) in `<mark>`; an unpaired mark is dropped.
    static func marked(_ text: String) -> String {
        // By scalars: a mark followed by a combining accent (передо</i>́хнуть) is one
        // Character with it.
        let start = HitSummary.foundStart.unicodeScalars.first!
        let end = HitSummary.foundEnd.unicodeScalars.first!
        var out = ""
        var open = false
        var plain = String.UnicodeScalarView()
        func flush() {
            out += HTML.escape(String(plain))
            plain = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            if scalar == start || scalar == end {
                guard (scalar == start) != open else { continue }
                flush()
                out += open ? "</mark>" : "<mark>"
                open.toggle()
            } else {
                plain.append(scalar)
            }
        }
        flush()
        return out + (open ? "</mark>" : "")
    }

    /// Links to the pages: the first, the last, two on each side of this one, and the next
    /// and the one before (`rel`, for the browser and for the keys of the page's script).
    private func paging(query: String, page: Int, pages: Int) -> String {
        guard pages > 1 else { return "" }
        var out = "<nav class=\"paging\" aria-label=\"Страницы\">"
        if page > 1 { out += "<a rel=\"prev\" href=\"\(HTML.escape(HTML.searchPath(query, page: page - 1)))\">← Назад</a> " }
        var shown = [1, pages] + Array(max(1, page - 2)...min(pages, page + 2))
        shown = Array(Set(shown)).sorted()
        var last = 0
        for n in shown {
            if n > last + 1 { out += "<span class=\"gap\">…</span> " }
            out +=
                n == page
                ? "<span class=\"current\" aria-current=\"page\">\(n)</span> "
                : "<a href=\"\(HTML.escape(HTML.searchPath(query, page: n)))\">\(n)</a> "
            last = n
        }
        if page < pages { out += "<a rel=\"next\" href=\"\(HTML.escape(HTML.searchPath(query, page: page + 1)))\">Дальше →</a>" }
        return out + "</nav>\n"
    }
}
