import RulesSearch

/// A search answer as the S2 results page shows it, for a person: how many were found (in
/// Russian, with `Page::rus_plural`'s forms), each result with its number, `§ N.` and
/// title, the chapter it belongs to, the text S2 shows with the found words marked, and
/// its address, then a paging line. Russian whatever the locale: it is the rules' own
/// language (see ``Language``).
struct ResultsView {
    let marks: Marks
    /// Columns to wrap at; `nil`: no wrapping (a pipe).
    let width: Int?
    /// The built-in rules' outline, to name paragraphs and chapters; `nil` for an index of
    /// one's own, whose chapters are pages.
    let outline: RuleOutline?
    let session: SearchSession
    /// The command line that shows page N of the same query.
    let pageCommand: (Int, Bytes) -> String
    /// The command line that opens a result, by its id (`rules show 329`).
    let showCommand: (String) -> String
    /// Whether the answer begins with its query (a batch, where answers follow one another).
    var namesQuery = false

    func header(_ total: Int) -> String { Self.header(total, rules: outline != nil) }

    /// «Нашлось N правил.» for the built-in rules (`rules`), «… страниц.» for an index of one's own.
    static func header(_ total: Int, rules: Bool) -> String {
        if rules {
            return RussianPlural.choose(
                total, many: "Нашлось \(total) правил.", one: "Нашлось \(total) правило.",
                two: "Нашлось \(total) правила.")
        }
        return RussianPlural.choose(
            total, many: "Нашлось \(total) страниц.", one: "Нашлась \(total) страница.",
            two: "Нашлось \(total) страницы.")
    }

    /// «Возможно, вы искали: …» when a word of the query is unknown and corrections were
    /// found (``SearchSession/Result/suggestions``): one as it is; several each in
    /// guillemets, so that a query with «или» in it is told from the next («вода», «волга»
    /// или «волк»).
    static func suggestionLine(_ result: SearchSession.Result) -> String? {
        guard let suggestions = result.suggestions, let last = suggestions.last else { return nil }
        guard suggestions.count > 1 else { return "Возможно, вы искали: \(last)\n" }
        let quoted = suggestions.map { "«\($0)»" }
        return "Возможно, вы искали: " + quoted.dropLast().joined(separator: ", ") + " или " + quoted[quoted.count - 1] + "\n"
    }

    func render(_ result: SearchSession.Result) -> String {
        var out = ""
        if namesQuery {
            out += marks.bold + "Запрос: " + HarmlessText.line(String(decoding: result.query, as: UTF8.self)) + marks.reset + "\n"
        }
        return out + jump(result) + renderResults(result)
    }

    /// The count, what was meant (right under it, where it is read: a query with a
    /// misspelled word may still find something), the results and the paging line.
    private func renderResults(_ result: SearchSession.Result) -> String {
        let suggestion = Self.suggestionLine(result) ?? ""
        // (After a rule the query names, nothing else found is not «nothing found».)
        guard result.total > 0 else { return (result.jump == nil ? "Ничего не найдено.\n" : "Других совпадений нет.\n") + suggestion }
        let pages = result.pages
        var out = header(result.total) + "\n" + suggestion
        if result.hits.isEmpty {
            // A page past the end.
            out +=
                pages == 1
                ? "Страницы \(result.page) нет: есть только первая.\n"
                : "Страницы \(result.page) нет: их всего \(pages).\n"
            return out
        }
        for (n, hit) in result.hits.enumerated() {
            out += "\n" + item(hit, number: result.offset + n + 1)
        }
        if pages > 1 {
            var line = "Страница \(result.page) из \(pages)."
            if result.page < pages {
                // The command is never cut, so that it is copied whole: on a line of its
                // own when the line would not fit.
                let next = "Дальше: " + pageCommand(result.page + 1, result.query)
                line += width.map { TextWrap.columns(line + " " + next) > $0 } == true ? "\n" + next : " " + next
            }
            out += "\n" + line + "\n"
        }
        return out
    }

    /// The rule the query names (`191`, `§ 191`, `ch17`), offered before the ranked answer.
    private func jump(_ result: SearchSession.Result) -> String {
        guard let id = result.jump, let entry = session.index.entry(ByteKey(Bytes(id.utf8))) else { return "" }
        let title = HarmlessText.line(
            RuleLabel.title(String(decoding: entry.field("title")?.stringValue ?? [], as: UTF8.self), place: outline?[id]))
        return marks.bold + wrapped("→ " + title, indent: "   ") + marks.reset + "\n" + "   " + marks.dim + showCommand(id) + marks.reset
            + "\n\n"
    }

    private func item(_ hit: SearchSession.Hit, number: Int) -> String {
        let summary = HitSummary(hit, session: session, outline: outline)
        let lead = "\(number). "
        let indent = "   "
        var out = marks.bold + wrapped(lead + summary.title, indent: indent) + marks.reset + "\n"
        if let chapter = summary.chapter { out += marks.dim + wrapped(chapter, indent: indent, indentFirst: true) + marks.reset + "\n" }
        if !summary.text.isEmpty { out += wrapped(summary.text, indent: indent, indentFirst: true) + "\n" }
        // How to open it: the command, and the address a corpus of one's own gives.
        var open = showCommand(summary.id)
        if outline == nil, !summary.url.isEmpty { open = summary.url + " · " + open }
        out += indent + marks.dim + open + marks.reset + "\n"
        return out
    }

    /// `text` wrapped to the width with `indent` before each line after the first, and the
    /// found words marked.
    private func wrapped(_ text: String, indent: String, indentFirst: Bool = false) -> String {
        let lines =
            width.map { TextWrap.lines(text, width: $0, indent: indent, indentFirst: indentFirst) }
            ?? [(indentFirst ? indent : "") + text]
        // Replaced as bytes: a marker followed by a combining accent (передо</i>́хнуть) is
        // one Character with it, which a String replacement would not find.
        // (Joined here, not with joined(separator:): the runtime looks up its generic
        // requirements on first use, a quarter of a million instructions of a run.)
        var joined = Bytes()
        for (i, line) in lines.enumerated() {
            if i > 0 { joined.append(0x0A) }
            joined.append(contentsOf: line.utf8)
        }
        let marked = PHPStrings.replace(
            [Bytes(HitSummary.foundStart.utf8), Bytes(HitSummary.foundEnd.utf8)],
            with: [Bytes(marks.found.utf8), Bytes((marks.on ? marks.reset : "").utf8)], in: joined)
        return String(decoding: marked, as: UTF8.self)
    }
}
