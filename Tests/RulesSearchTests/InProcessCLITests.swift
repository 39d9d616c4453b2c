import Foundation
import RulesTerminal
import XCTest

@testable import RulesCLI
@testable import RulesSearch

/// The command line's pieces called in-process, each against what the real command prints
/// in a subprocess: the results view, the help in both languages, the completions.
final class InProcessCLITests: XCTestCase {
    private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    /// `ResultsView` over a session of the built-in rules renders what `rules search`
    /// prints to a pipe, byte for byte, for queries with one page, several pages and none.
    func testTheResultsViewIsWhatTheCommandPrints() throws {
        let session = SearchSession(index: try BuiltInIndex.index(), texts: try BuiltInIndex.texts(), engine: .default)
        for words in [["запятая", "перед", "как"], ["жюри"], ["щщщщ"], ["-", "тире"]] {
            let line = ["search", "--limit", "3"] + (words.first == "-" ? ["--"] : []) + words
            let arguments = try Arguments(line)
            let query = Bytes(arguments.operands.joined(separator: " ").utf8)
            let result = session.search(query, limit: 3, page: 1)
            let view = ResultsView(
                marks: Marks(on: false), width: nil, outline: BuiltInIndex.outline, session: session,
                pageCommand: { SearchCommand.pageCommand(arguments, page: $0, query: $1) },
                showCommand: { SearchCommand.showCommand(arguments, id: $0) })
            XCTAssertEqual(view.render(result), text(try runRules(line).stdout), "\(words)")
        }
    }

    /// In the full-screen search, a query that names a rule offers it first, above the
    /// titles that contain the query.
    func testBrowseOffersTheRuleANumberNames() throws {
        let session = SearchSession(index: try BuiltInIndex.index(), texts: try BuiltInIndex.texts(), engine: .default)
        let live = try LiveSearch(session: session, outline: BuiltInIndex.outline)
        for (generation, query, id) in [(1, "191", "191"), (2, "§ 12", "12"), (3, "ch17", "ch17")] {
            live.ask(LiveSearch.Request(generation: generation, query: query, count: 5))
            var answer: LiveSearch.Answer?
            for _ in 0..<1000 where answer?.request.generation != generation {
                usleep(5_000)
                answer = live.take() ?? answer
            }
            XCTAssertEqual(answer?.titles.first?.id, id, query)
        }
    }

    /// Help and the man page, made in-process, are what the command prints.
    func testHelpInBothLanguagesIsWhatTheCommandPrints() throws {
        for (language, lang) in [(Language.english, "C.UTF-8"), (.russian, "ru_RU.UTF-8")] {
            XCTAssertEqual(HelpText.general(language), text(try runRules(["--help"], environment: ["LANG": lang]).stdout))
            for command in CommandName.allCases {
                XCTAssertEqual(
                    HelpText.command(command, language),
                    text(try runRules([command.rawValue, "--help"], environment: ["LANG": lang]).stdout), "\(command) \(language)")
            }
        }
        XCTAssertEqual(ManPage.roff(), text(try runRules(["help", "man"]).stdout))
        XCTAssertEqual(Completions.bash(), text(try runRules(["completions", "bash"]).stdout))
    }
}

/// The full-screen search's state machine, in-process: keys in, effects out (the tmux
/// tests in BrowseTests drive the same machine through a real terminal).
final class BrowseStateTests: XCTestCase {
    private func type(_ text: String, into state: inout BrowseState) -> [BrowseState.Effect] {
        text.map { state.handle(.character($0), pageRows: 10) }
    }

    /// The query is edited as readline edits a line: the cursor moves with Left, Right,
    /// Home, End, Ctrl-A, Ctrl-E, Ctrl-B, Ctrl-F; typing and deleting happen at it; Ctrl-W,
    /// Ctrl-U and Ctrl-K cut before or after it. Right at the end still opens the row.
    func testTheQueryIsEditedAtTheCursor() {
        var state = BrowseState(query: "")
        _ = type("запятая как", into: &state)
        XCTAssertNil(state.cursor)
        for _ in 0..<4 { XCTAssertEqual(state.handle(.left, pageRows: 10), .none) }
        XCTAssertEqual(state.cursor, 7)
        XCTAssertEqual(
            type(" перед", into: &state).last,
            .search(LiveSearch.Request(generation: state.generation, query: "запятая перед как", count: BrowseState.batch)))
        XCTAssertEqual(state.cursor, 13)
        _ = state.handle(.home, pageRows: 10)
        XCTAssertEqual(state.cursor, 0)
        _ = state.handle(.delete, pageRows: 10)
        XCTAssertEqual(state.query, "апятая перед как")
        _ = type("З", into: &state)
        XCTAssertEqual(state.query, "Запятая перед как")
        _ = state.handle(.control("e"), pageRows: 10)
        XCTAssertNil(state.cursor)
        _ = state.handle(.control("a"), pageRows: 10)
        _ = state.handle(.control("f"), pageRows: 10)
        _ = state.handle(.right, pageRows: 10)
        XCTAssertEqual(state.cursor, 2)
        _ = state.handle(.control("k"), pageRows: 10)
        XCTAssertEqual(state.query, "За")
        XCTAssertNil(state.cursor, "nothing after it: the cursor is at the end")
        _ = type("пятая перед как", into: &state)
        for _ in 0..<4 { _ = state.handle(.control("b"), pageRows: 10) }
        _ = state.handle(.control("w"), pageRows: 10)
        // As readline's: the word and the spaces between it and the cursor.
        XCTAssertEqual(state.query, "Запятая  как")
        XCTAssertEqual(state.cursor, 8)
        _ = state.handle(.control("u"), pageRows: 10)
        XCTAssertEqual(state.query, " как")
        XCTAssertEqual(state.cursor, 0)
        _ = state.handle(.backspace, pageRows: 10)
        XCTAssertEqual(state.query, " как", "nothing before the cursor")
        _ = state.handle(.end, pageRows: 10)
        _ = state.handle(.backspace, pageRows: 10)
        XCTAssertEqual(state.query, " ка")
        // The view puts the terminal's cursor where the query's is.
        var view = BrowseView(width: 40, height: 10, color: false, rules: true)
        _ = state.handle(.left, pageRows: 10)
        XCTAssertEqual(view.frame(&state).cursor, "Поиск:  к".count)
    }

    /// A rule's «§ N» can be followed and come back from: Tab selects the first reference on
    /// the screen (scrolling to one below it when none is), Tab and Shift-Tab go round them,
    /// Enter opens the one selected, Escape goes back to the rule it was in, scrolled and
    /// selected as it was, then to the results.
    func testCrossReferencesAreFollowedAndComeBackFrom() throws {
        let source = RuleSource()
        let page = try XCTUnwrap(source.page("190"))
        // § 190 names § 287, § 191 and § 192, at its end.
        XCTAssertEqual(BrowseState.Reading(page: page).references, ["287", "191", "192"])
        var state = BrowseState(query: "")
        state.stack = [.reading(BrowseState.Reading(page: page))]
        var view = BrowseView(width: 80, height: 12, color: true, rules: true)
        var screen = view.frame(&state).lines
        XCTAssertEqual(state.handle(.enter, pageRows: 9), .none, "nothing selected: Enter opens nothing")
        XCTAssertTrue(screen[1].contains("Tab — ссылки"), screen[1])
        XCTAssertFalse(screen.joined().contains("§ 287"), "the references are below the first screen")
        _ = state.handle(.tab, pageRows: 9)
        screen = view.frame(&state).lines
        XCTAssertTrue(screen[1].hasPrefix(EscapeCode.dim + "Enter — открыть § 287"), screen[1])
        XCTAssertTrue(screen.contains { $0.contains(EscapeCode.reverse + "§\u{A0}287") }, "\(screen)")
        XCTAssertTrue(screen.contains { $0.contains(EscapeCode.underline + "§\u{A0}191") }, "\(screen)")
        _ = state.handle(.tab, pageRows: 9)
        _ = state.handle(.tab, pageRows: 9)
        _ = state.handle(.tab, pageRows: 9)
        screen = view.frame(&state).lines
        XCTAssertTrue(screen[1].contains("§ 287"), "round from the last to the first: \(screen[1])")
        _ = state.handle(.backTab, pageRows: 9)
        screen = view.frame(&state).lines
        XCTAssertEqual(state.handle(.enter, pageRows: 9), .open("192"))
        // The command opens it over § 190; back, § 190 is as it was.
        guard case .reading(let before)? = state.stack.last else { return XCTFail("\(state.stack)") }
        state.stack.append(.reading(BrowseState.Reading(page: try XCTUnwrap(source.page("192")))))
        _ = view.frame(&state)
        XCTAssertEqual(state.handle(.escape, pageRows: 9), .none)
        guard case .reading(let after)? = state.stack.last else { return XCTFail("\(state.stack)") }
        XCTAssertEqual(after.page.id, "190")
        XCTAssertEqual(after.top, before.top)
        XCTAssertEqual(after.target, "192")
        _ = state.handle(.left, pageRows: 9)
        XCTAssertTrue(state.stack.isEmpty)
        // Without colour, the status line still names what Enter opens.
        var plain = BrowseView(width: 80, height: 12, color: false, rules: true)
        state.stack = [.reading(BrowseState.Reading(page: page))]
        _ = state.handle(.backTab, pageRows: 9)
        XCTAssertEqual(plain.frame(&state).lines[1], "Enter — открыть § 192 · Tab — следующая ссылка · Esc — назад")
        // A record of one's own index: its «§ N» name nothing of its own, so are text.
        let folderPage = RuleSource.Page(
            id: "x", chapter: nil, title: "x", url: nil, body: "См. § 12.", introduction: "", children: [], referencesRules: false)
        XCTAssertEqual(BrowseState.Reading(page: folderPage).references, [])
    }

    /// «§ N» as a reference: a space or a no-break space, one to six digits, not from 0.
    func testCrossReferencesInText() {
        XCTAssertEqual(CrossReferences.ids(in: "§ 12 и §\u{A0}13, § 0, §14, § 1234567, § 7."), ["12", "13", "7"])
        XCTAssertEqual(CrossReferences.ids(in: "§ \(HitSummary.foundStart)12\(HitSummary.foundEnd)"), ["12"])
    }

    /// A query longer than the line keeps the cursor, and a few characters after it, in
    /// view, at every width.
    func testALongQueryKeepsTheCursorInView() {
        var state = BrowseState(query: String(repeating: "а", count: 100) + "ЭЮЯ")
        for _ in 0..<3 { _ = state.handle(.left, pageRows: 10) }
        var view = BrowseView(width: 80, height: 10, color: false, rules: true)
        let (lines, cursor) = view.frame(&state)
        let line = lines[0]
        XCTAssertTrue(line.hasPrefix("Поиск: …"), line)
        XCTAssertTrue(line.hasSuffix("аЭЮЯ"), line)
        XCTAssertEqual(Array(line)[try XCTUnwrap(cursor)], "Э", line)
        for width in [1, 2, 5, 8, 9, 12, 30] {
            var narrow = BrowseView(width: width, height: 10, color: false, rules: true)
            for position in 0...3 {
                var s = state
                _ = s.handle(.end, pageRows: 10)
                for _ in 0..<position { _ = s.handle(.left, pageRows: 10) }
                _ = narrow.frame(&s)   // no trap at any width
            }
        }
    }

    /// A rule opened from the results marks the words the query finds, by the snippets'
    /// test: the forms of each query word, ё or е, not words that only begin alike, not the
    /// words the index leaves out.
    func testAnOpenedRuleMarksTheWordsFound() throws {
        let index = try BuiltInIndex.index()
        let preg = Engine.default.preg()
        let found = FoundWords(query: Bytes("жёлудь запятые".utf8), index: index, preg: preg)
        XCTAssertEqual(
            found.marked("Жёлуди и желудей, запятая; запятой! Запястье, жёлтый.", start: "[", end: "]"),
            "[Жёлуди] и [желудей], [запятая]; [запятой]! Запястье, жёлтый.")
        XCTAssertEqual(
            FoundWords(query: Bytes("вода".utf8), index: index, preg: preg).marked("Воды у водителя нет.", start: "[", end: "]"),
            "[Воды] у водителя нет.", "begins with the stem, but is another word")
        XCTAssertTrue(FoundWords(query: Bytes("и как".utf8), index: index, preg: preg).isEmpty, "excluded words")
        XCTAssertEqual(FoundWords(query: Bytes("".utf8), index: index, preg: preg).marked("текст", start: "[", end: "]"), "текст")
    }

    func testTypingSearchesEachNewQueryAndEditingKeysChangeIt() {
        var state = BrowseState(query: "")
        let effects = type("тире", into: &state)
        XCTAssertEqual(effects.last, .search(LiveSearch.Request(generation: 4, query: "тире", count: BrowseState.batch)))
        XCTAssertEqual(
            state.handle(.backspace, pageRows: 10), .search(LiveSearch.Request(generation: 5, query: "тир", count: BrowseState.batch)))
        _ = type(" между", into: &state)
        XCTAssertEqual(
            state.handle(.control("w"), pageRows: 10), .search(LiveSearch.Request(generation: 12, query: "тир ", count: BrowseState.batch)))
        XCTAssertEqual(
            state.handle(.control("u"), pageRows: 10), .search(LiveSearch.Request(generation: 13, query: "", count: BrowseState.batch)))
        // Escape on an empty query quits; Ctrl-C quits at once; Ctrl-Z suspends.
        XCTAssertEqual(state.handle(.escape, pageRows: 10), .none)
        XCTAssertTrue(state.quit)
        var other = BrowseState(query: "запятая")
        XCTAssertEqual(other.handle(.control("z"), pageRows: 10), .suspend)
        XCTAssertEqual(other.handle(.control("c"), pageRows: 10), .none)
        XCTAssertTrue(other.quit)
    }

    func testAPasteIsTextAndControlCharactersNeverReachTheQuery() {
        var state = BrowseState(query: "")
        _ = state.handle(.pasteStart, pageRows: 10)
        _ = type("не", into: &state)
        _ = state.handle(.enter, pageRows: 10)
        _ = state.handle(.control("c"), pageRows: 10)   // pasted, not a key
        _ = type("с", into: &state)
        _ = state.handle(.pasteEnd, pageRows: 10)
        XCTAssertEqual(state.query, "не с")
        XCTAssertFalse(state.quit)
        XCTAssertEqual(state.handle(.character("\u{1B}"), pageRows: 10), .none)
        XCTAssertEqual(state.handle(.character("\u{202E}"), pageRows: 10), .none)
        XCTAssertEqual(state.query, "не с")
    }

    func testAQueryStopsAtItsLongest() {
        var state = BrowseState(query: String(repeating: "а", count: BrowseState.longestQuery / 2))
        XCTAssertEqual(state.handle(.character("б"), pageRows: 10), .redraw)
        XCTAssertEqual(state.handle(.character("б"), pageRows: 10), .none)
        XCTAssertEqual(state.query.utf8.count, BrowseState.longestQuery)
    }
}
