import RulesTerminal

/// `rules browse` drawn: the query line at the top, a line saying where things stand, and
/// the screen on top of the stack under them, as lines cut to the window's width.
struct BrowseView {
    let width: Int, height: Int
    let color: Bool
    /// Whether the records are the built-in rules (results say «правил», not «страниц»).
    let rules: Bool

    private var titlesShown = 0, titlesTotal = 0

    init(width: Int, height: Int, color: Bool, rules: Bool) {
        self.width = width
        self.height = height
        self.color = color
        self.rules = rules
    }

    /// Lines given to the screen's content: all but the two at the top.
    var contentRows: Int { max(height - 2, 1) }

    /// The frame for `state` (whose scrolling it settles to this size), and the column of
    /// the cursor in the query line when the results are shown.
    mutating func frame(_ state: inout BrowseState) -> (lines: [String], cursor: Int?) {
        var lines: [StyledLine]
        var cursor: Int?
        switch state.stack.last {
        case nil, .results?:
            let (query, column) = queryLine(state.query, cursor: state.cursor)
            cursor = column
            lines = [query, resultsStatus(state)] + results(&state)
        case .reading(var reading)?:
            let (body, referenceLines) = readingLines(reading.page, selectedReference: reading.selected)
            if reading.reveal, let k = reading.selected, referenceLines.indices.contains(k) {
                let line = referenceLines[k]
                if line < reading.top || line >= reading.top + contentRows { reading.top = line - contentRows / 3 }
                reading.reveal = false
            }
            reading.top = max(0, min(reading.top, body.count - contentRows))
            let last = min(body.count, reading.top + contentRows)
            let firstShown = referenceLines.firstIndex { $0 >= reading.top } ?? referenceLines.count
            reading.shown = firstShown..<(referenceLines.firstIndex { $0 >= last } ?? referenceLines.count)
            state.stack[state.stack.count - 1] = .reading(reading)
            let position = body.count > contentRows ? "строки \(reading.top + 1)–\(last) из \(body.count) · " : ""
            let keys =
                if let target = reading.target {
                    "Enter — открыть § \(target) · Tab — следующая ссылка · Esc — назад"
                } else if !reading.references.isEmpty {
                    position + "↑↓ PgUp PgDn — листать · Tab — ссылки · Esc — назад"
                } else {
                    position + "↑↓ PgUp PgDn — листать · Esc — назад"
                }
            lines = [StyledLine(reading.page.title, .bold), StyledLine(keys, .dim)] + Array(body[reading.top..<last])
        case .list(var choice)?:
            lines = [StyledLine(choice.title, .bold), StyledLine("↑↓ — выбор · Enter — открыть · Esc — назад", .dim)]
            // The introduction takes at most a third of the screen: the list is what is chosen from.
            let heading = Array((choice.chapter.map(chapterIntroduction) ?? []).prefix(contentRows / 3))
            let room = max(contentRows - heading.count, 1)
            if choice.selected < choice.top { choice.top = choice.selected }
            if choice.selected >= choice.top + room { choice.top = choice.selected - room + 1 }
            state.stack[state.stack.count - 1] = .list(choice)
            lines += heading
            for (k, item) in choice.items.enumerated().dropFirst(choice.top).prefix(room) {
                var line = StyledLine(k == choice.selected ? "› " : "  ")
                line.append(item.title, k == choice.selected ? .bold : .plain)
                line.selected = k == choice.selected
                lines.append(line)
            }
        }
        let drawn = lines.prefix(height).map { $0.rendered(width: width, color: color) }
        return (drawn + Array(repeating: "", count: max(0, height - drawn.count)), cursor)
    }

    private func resultsStatus(_ state: BrowseState) -> StyledLine {
        if let warning = state.warning { return StyledLine(warning, .bold) }
        if state.queryFull { return StyledLine("Запрос длиннее \(BrowseState.longestQuery) байт не пишется дальше.", .bold) }
        let keys = " · ↑↓ Enter Tab Esc"
        guard !state.query.isEmpty else { return StyledLine("Введите запрос. Tab — главы, Esc — выход.", .dim) }
        guard let answer = state.answer else { return StyledLine("Ищу…", .dim) }
        var text =
            answer.total > 0
            ? ResultsView.header(answer.total, rules: rules)
            : answer.titles.isEmpty ? "Ничего не найдено." : "В тексте ничего не найдено."
        if state.searching { text += " Ищу…" }
        return StyledLine(text + keys, .dim)
    }

    /// The rows of the results as lines, from the first one shown, the selected one whole
    /// in view.
    private mutating func results(_ state: inout BrowseState) -> [StyledLine] {
        let rows = state.rows
        guard !rows.isEmpty else { return [] }
        titlesShown = state.answer?.titles.count ?? 0
        titlesTotal = state.answer?.titlesTotal ?? 0
        let blocks = rows.enumerated().map { k, row in
            block(row, first: k == 0 || kind(rows[k - 1]) != kind(row), selected: k == state.selected)
        }
        let room = contentRows
        state.top = min(state.top, state.selected)
        while state.top < state.selected, blocks[state.top...state.selected].reduce(0, { $0 + $1.count }) > room { state.top += 1 }
        var lines: [StyledLine] = []
        for block in blocks[state.top...] {
            lines += block
            if lines.count >= room { break }
        }
        return Array(lines.prefix(room))
    }

    private func kind(_ row: BrowseState.Row) -> Int {
        switch row {
        case .suggestion: 0
        case .title: 1
        case .hit: 2
        }
    }

    /// A row's lines, after its section's heading when it is the section's first.
    private func block(_ row: BrowseState.Row, first: Bool, selected: Bool) -> [StyledLine] {
        var lines: [StyledLine] = []
        var own: [StyledLine] = []
        let mark = selected ? "› " : "  "
        switch row {
        case .suggestion(let text):
            var line = StyledLine(mark + "Возможно, вы искали: ")
            line.append(text, .bold)
            own = [line]
        case .title(let summary):
            if first {
                let shown = titlesShown
                let all = titlesTotal
                lines.append(StyledLine(all > shown ? "В заголовках (первые \(shown) из \(all)):" : "В заголовках:", .dim))
            }
            var line = StyledLine(mark)
            line.append(summary.title, .bold)
            own = [line]
        case .hit(let summary):
            // The count is the status line's; this names the part, as «В заголовках» does.
            if first { lines.append(StyledLine("По тексту:", .dim)) }
            var title = StyledLine(mark)
            title.append(summary.title, .bold)
            own = [title]
            if let chapter = summary.chapter { own.append(StyledLine("    " + chapter, .dim)) }
            if !summary.text.isEmpty { own.append(StyledLine.marked("    " + summary.text)) }
        }
        if selected { for k in own.indices { own[k].selected = true } }
        return lines + own
    }

    /// A rule's lines as read: its chapter, then its text wrapped to the width, the words
    /// the query finds marked (``FoundWords``, as in the results) and its cross-references
    /// shown as such (the `selectedReference`-th selected); and the line of each reference.
    /// A chapter's paragraphs are a list (``BrowseState/Choice``), not here.
    func readingLines(_ page: RuleSource.Page, selectedReference: Int? = nil) -> (lines: [StyledLine], referenceLines: [Int]) {
        var lines: [StyledLine] = []
        var referenceLines: [Int] = []
        if let chapter = page.chapter { lines.append(StyledLine(chapter, .dim)) }
        // «§ 12» is never cut between its lines.
        let body = page.referencesRules ? page.body.replacingOccurrences(of: "§ ", with: "§\u{A0}") : page.body
        for paragraph in body.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = paragraph.hasPrefix("  • ") ? "    " : ""
            for text in TextWrap.lines(String(paragraph), width: max(width - 1, 10), indent: indent) {
                guard page.referencesRules else {
                    lines.append(.marked(text))
                    continue
                }
                let (line, references) = StyledLine.linking(
                    text, firstReference: referenceLines.count, selectedReference: selectedReference)
                referenceLines += Array(repeating: lines.count, count: references)
                lines.append(line)
            }
        }
        while lines.last?.runs.isEmpty == true { lines.removeLast() }
        return (lines, referenceLines)
    }

    /// The query line: «Поиск:» and the query, the cursor in view when it is longer than
    /// the line (a few characters after the cursor kept in view too; what is cut at the
    /// start is an ellipsis); and the cursor's column.
    private func queryLine(_ query: String, cursor: Int? = nil) -> (StyledLine, Int) {
        let label = "Поиск: "
        let room = max(width - label.count - 1, 1)
        let characters = Array(query)
        let at = cursor ?? characters.count
        let widths = characters.map { TextWrap.columns(String($0)) }
        var first = 0
        var last = characters.count
        if widths.reduce(0, +) > room {
            // From a few characters past the cursor back as far as fits after an ellipsis,
            // then forward again as far as the line goes.
            last = min(characters.count, at + 8)
            first = last
            var used = 1
            while first > 0, used + widths[first - 1] <= room {
                first -= 1
                used += widths[first]
            }
            // (A line too narrow for anything keeps the cursor's place, whatever is cut.)
            first = min(first, at)
            if first == 0 { used -= 1 }
            while last < characters.count, used + widths[last] <= room {
                used += widths[last]
                last += 1
            }
        }
        let ellipsis = first > 0 ? "…" : ""
        var line = StyledLine(label, .dim)
        line.append(ellipsis + String(characters[first..<last]))
        return (line, label.count + ellipsis.count + widths[first..<at].reduce(0, +))
    }

    /// A chapter's introduction wrapped, then a blank line before its paragraphs.
    func chapterIntroduction(_ page: RuleSource.Page) -> [StyledLine] {
        var lines: [StyledLine] = []
        for paragraph in page.introduction.split(separator: "\n") {
            for line in TextWrap.lines(String(paragraph), width: max(width - 1, 10)) { lines.append(StyledLine(line, .dim)) }
        }
        lines.append(StyledLine())
        return lines
    }
}
