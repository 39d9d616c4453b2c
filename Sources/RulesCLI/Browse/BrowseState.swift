import RulesTerminal

/// What `rules browse` shows and where the person is in it, and what each key does to it.
/// No terminal here: ``BrowseView`` draws it, ``BrowseCommand`` feeds it keys and answers.
struct BrowseState {
    /// One screen: the results under the query, a rule to read, or a list to choose from
    /// (the chapters, a chapter's paragraphs).
    enum Screen {
        case results
        case reading(Reading)
        case list(Choice)
    }

    /// A rule's text, scrolled to ``top`` (a line of the text as wrapped), and its
    /// cross-references to follow.
    struct Reading {
        var page: RuleSource.Page
        var top = 0
        /// The ids its «§ N» name, in order (none for a page of one's own index).
        let references: [String]
        /// The reference selected (Tab, Shift-Tab), an index of ``references``.
        var selected: Int?
        /// The references on the lines shown, as the view last drew them.
        var shown = 0..<0
        /// Whether the view must scroll to the selected reference (just selected).
        var reveal = false

        init(page: RuleSource.Page) {
            self.page = page
            references = page.referencesRules ? CrossReferences.ids(in: page.body) : []
        }

        /// The reference Enter opens: the one selected, when it is on the screen.
        var target: String? { selected.flatMap { shown.contains($0) ? references[$0] : nil } }

        /// Tab (`forward`) or Shift-Tab: the next reference on the screen, or the first one
        /// on it (after it, when none is), round from the last to the first.
        mutating func select(forward: Bool) {
            guard !references.isEmpty else { return }
            let count = references.count
            if let at = selected, shown.contains(at) {
                selected = (at + (forward ? 1 : count - 1)) % count
            } else if forward {
                selected = shown.lowerBound < count ? shown.lowerBound : 0
            } else {
                selected = ((shown.isEmpty ? shown.lowerBound : shown.upperBound) - 1 + count) % count
            }
            reveal = true
        }
    }

    /// A list of records to open, under a title, and a chapter's introduction when it is a
    /// chapter's list (wrapped when drawn, to the window's width then).
    struct Choice {
        var title: String
        var chapter: RuleSource.Page? = nil
        var items: [(id: String, title: String)]
        var selected = 0
        var top = 0
    }

    /// What selecting a row of the results does.
    enum Row {
        /// Puts a corrected query in the query line.
        case suggestion(String)
        case title(HitSummary)
        case hit(HitSummary)
    }

    /// The query line; each change puts the cursor at its end.
    var query: String { didSet { cursor = nil } }
    /// Where the cursor stands in the query, in characters from its start; `nil`: at its
    /// end, where typing appends (Left, Home, Ctrl-A move it into the query, as readline).
    private(set) var cursor: Int?
    /// Screens opened over the results, the last on top.
    var stack: [Screen] = []
    var answer: LiveSearch.Answer?
    /// The generation of the newest query asked for; answers of older ones are shown until
    /// its own comes.
    var generation = 0
    var selected = 0
    /// The first row of the results shown (a row's lines are shown whole or not at all).
    var top = 0
    var quit = false
    /// Ctrl-C ended it: the exit status is 130, as for a program a SIGINT ends (fzf's).
    var interrupted = false
    /// The last warning said meanwhile (a damaged file), shown in the status line.
    var warning: String?
    /// How many ranked results were last asked for by scrolling, so that each is asked once.
    var moreAskedFor = 0
    /// Between the marks of a paste: its line breaks and tabs are spaces of the query.
    var pasting = false

    /// The longest query typed, in bytes.
    static let longestQuery = 2000
    /// Whether a character was refused for ``longestQuery``: the status line says so, until
    /// the query is shorter again.
    var queryFull = false

    /// How many ranked results to ask snippets for at a time.
    static let batch = 40

    init(query: String) { self.query = query }

    var searching: Bool { answer?.request.generation != generation }

    /// The results' rows, in order: corrections, then the title matches, then the ranked
    /// results.
    var rows: [Row] {
        guard let answer else { return [] }
        return (answer.suggestions ?? []).map(Row.suggestion) + answer.titles.map(Row.title) + answer.hits.map(Row.hit)
    }

    /// The request for the query as it stands, `count` ranked results with snippets.
    func request(count: Int = BrowseState.batch) -> LiveSearch.Request {
        LiveSearch.Request(generation: generation, query: query, count: count)
    }

    /// What the command must do after a key: nothing more, search (the query changed, or
    /// more results are wanted), or open a record (the source is asked for its page).
    enum Effect: Equatable {
        case none
        case search(LiveSearch.Request)
        case open(String)
        case chapters, redraw, suspend
    }

    /// `key` applied; `pageRows` rows of a page for the paging keys.
    mutating func handle(_ key: Key, pageRows: Int) -> Effect {
        var key = key
        switch key {
        case .pasteStart:
            pasting = true
            return .none
        case .pasteEnd:
            pasting = false
            return .none
        case .enter where pasting, .tab where pasting:
            key = .character(" ")
        case .character: break
        // Pasted, a control key or an escape sequence is text that came along, not a key.
        default: if pasting { return .none }
        }
        switch key {
        case .control("c"):
            quit = true
            interrupted = true
            return .none
        case .control("d"):
            quit = true
            return .none
        case .control("l"):
            return .redraw
        case .control("z"):
            return .suspend
        default: break
        }
        guard let screen = stack.last else { return handleResults(key, pageRows: pageRows) }
        switch screen {
        case .results: return .none
        case .reading(var reading):
            switch key {
            case .escape, .left, .backspace:
                // Back to what was under it: the results, or the rule whose reference was followed.
                stack.removeLast()
                return .none
            case .tab: reading.select(forward: true)
            case .backTab: reading.select(forward: false)
            case .enter, .right:
                guard let id = reading.target else { return .none }
                return .open(id)
            case .up: reading.top = max(0, reading.top - 1)
            case .down: reading.top += 1
            case .pageUp: reading.top = max(0, reading.top - pageRows)
            case .pageDown, .character(" "): reading.top += pageRows
            case .home: reading.top = 0
            case .end: reading.top = Int.max / 2
            default: return .none
            }
            stack[stack.count - 1] = .reading(reading)
            return .none
        case .list(var choice):
            switch key {
            case .escape, .left, .backspace:
                stack.removeLast()
                return .none
            case .up: choice.selected = max(0, choice.selected - 1)
            case .down: choice.selected = min(max(choice.items.count - 1, 0), choice.selected + 1)
            case .pageUp: choice.selected = max(0, choice.selected - pageRows)
            case .pageDown: choice.selected = min(max(choice.items.count - 1, 0), choice.selected + pageRows)
            case .home: choice.selected = 0
            case .end: choice.selected = max(choice.items.count - 1, 0)
            case .enter, .right:
                guard choice.items.indices.contains(choice.selected) else { return .none }
                return .open(choice.items[choice.selected].id)
            default: return .none
            }
            stack[stack.count - 1] = .list(choice)
            return .none
        }
    }

    /// How many rows the results have (without making them: a paste runs this per key).
    var rowCount: Int {
        guard let answer else { return 0 }
        return (answer.suggestions?.count ?? 0) + answer.titles.count + answer.hits.count
    }

    private mutating func handleResults(_ key: Key, pageRows: Int) -> Effect {
        let count = rowCount
        switch key {
        case .character(let c):
            // Nothing a terminal would act on, and no more than anyone types (a paste of a
            // whole file stops there).
            // (The length in bytes: a String's count of characters walks the whole string.)
            guard
                !c.unicodeScalars.contains(where: {
                    [.control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse, .surrogate]
                        .contains($0.properties.generalCategory)
                })
            else { return .none }
            guard query.utf8.count < Self.longestQuery else {
                if queryFull { return .none }
                queryFull = true
                return .redraw
            }
            return edit { before, _ in before.append(c) }
        case .backspace:
            return edit { before, _ in _ = before.popLast() }
        case .delete:
            return edit { _, after in _ = after.popFirst() }
        case .control("u"):
            // All before the cursor (all of it at the end), as readline.
            return edit { before, _ in before = "" }
        case .control("k"):
            return edit { _, after in after = "" }
        case .control("w"):
            // The word before the cursor, and the spaces after it.
            return edit { before, _ in
                while before.last == " " { before.removeLast() }
                while let last = before.last, last != " " { before.removeLast() }
            }
        case .left, .control("b"):
            if !query.isEmpty { cursor = max((cursor ?? query.count) - 1, 0) }
            return .none
        case .right where cursor != nil, .control("f"):
            if let at = cursor { cursor = at + 1 < query.count ? at + 1 : nil }
            return .none
        case .home, .control("a"):
            if !query.isEmpty { cursor = 0 }
            return .none
        case .end, .control("e"):
            cursor = nil
            return .none
        case .escape:
            if query.isEmpty {
                quit = true
                return .none
            }
            query = ""
            return queryChanged()
        case .up: selected = max(0, selected - 1)
        case .down: selected = min(max(count - 1, 0), selected + 1)
        case .pageUp: selected = max(0, selected - pageRows)
        case .pageDown: selected = min(max(count - 1, 0), selected + pageRows)
        case .tab: return .chapters
        case .enter, .right:
            guard rows.indices.contains(selected) else { return .none }
            switch rows[selected] {
            case .suggestion(let text):
                query = text
                return queryChanged()
            case .title(let summary), .hit(let summary):
                return .open(summary.id)
            }
        default: return .none
        }
        // Near the end of the ranked results loaded, more are asked for.
        if let answer, !searching, selected >= count - 5, answer.hits.count < answer.total,
            answer.request.count <= answer.hits.count, moreAskedFor <= answer.request.count
        {
            moreAskedFor = answer.request.count + Self.batch
            return .search(request(count: moreAskedFor))
        }
        return .none
    }

    /// The query changed at the cursor by `change`, given the text before and after it;
    /// the cursor stays where the two meet. A search when the query changed.
    private mutating func edit(_ change: (inout Substring, inout Substring) -> Void) -> Effect {
        let at = query.index(query.startIndex, offsetBy: cursor ?? query.count)
        var before = query[..<at]
        var after = query[at...]
        change(&before, &after)
        let changed = String(before) + after
        let newCursor = after.isEmpty ? nil : before.count
        guard changed != query else {
            cursor = newCursor
            return .none
        }
        query = changed
        cursor = newCursor
        return queryChanged()
    }

    private mutating func queryChanged() -> Effect {
        queryFull = false
        generation += 1
        moreAskedFor = 0
        return .search(request())
    }

    /// An answer from the search thread: shown if it is of the newest query or newer than
    /// the one shown. The selection goes back to the first row when the query changed.
    mutating func receive(_ new: LiveSearch.Answer) {
        if let answer, new.request.generation < answer.request.generation { return }
        if answer?.request.generation != new.request.generation || answer?.request.query != new.request.query {
            selected = 0
            top = 0
        }
        answer = new
        selected = min(selected, max(rowCount - 1, 0))
    }
}
