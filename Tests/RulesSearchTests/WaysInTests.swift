import Foundation
import RulesRegex
import XCTest

@testable import RulesSearch

/// The ways a new user comes in, through the built binary: a bare query, a § number, a
/// mistyped command, JSON a script reads (ё as the rule writes it), a batch read back, an
/// index of one's own opened as the built-in one is.
final class WaysInTests: XCTestCase {
    private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    private func json(_ data: Data) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// A word that is no command is a query; a word one slip from a command's name is
    /// taken for a mistyped command, and the message says both ways on.
    func testABareQuerySearches() throws {
        for words in [["тире"], ["не", "с", "глаголами"], ["запятая", "--limit", "2"], ["--plain", "жюри"]] {
            let bare = try runRules(words)
            let search = try runRules(["search"] + words)
            XCTAssertEqual(bare.status, 0, "\(words): \(bare.stderr)")
            XCTAssertEqual(bare.stdout, search.stdout, "\(words)")
        }
        // Words that are no slip of a command's name are searched.
        for word in ["how", "research", "frobnicate"] { XCTAssertEqual(try runRules([word]).status, 1, word) }
        let nothing = try runRules(["frobnicate"])
        XCTAssertEqual(nothing.status, 1)
        XCTAssertEqual(text(nothing.stdout), "Ничего не найдено.\n")
        for (typed, meant) in [
            ("searh", "search"), ("shwo", "show"), ("titels", "titles"), ("indx", "index"), ("brwose", "browse"), ("shwo", "show"),
        ] {
            let run = try runRules([typed, "тире"])
            XCTAssertEqual(run.status, 2, typed)
            XCTAssertEqual(
                run.stderr,
                "rules: unknown command '\(typed)': did you mean 'rules \(meant)'? To search for the word: rules search \(typed)\n")
            XCTAssertTrue(run.stdout.isEmpty)
        }
        XCTAssertEqual(
            try runRules(["serch", "x"], environment: ["LANG": "ru_RU.UTF-8"]).stderr,
            "rules: нет команды «serch»: может быть, «rules search»? Чтобы искать само слово: «rules search serch»\n")
        // A word beginning with a hyphen is searched after --, and the message says so.
        XCTAssertEqual(
            try runRules(["search", "-тся"]).stderr,
            "rules: unknown option '-тся'; to search for it, put -- before it: rules search -- -тся (see rules search --help)\n")
        XCTAssertEqual(try runRules(["search", "--", "-тся"]).status, 0)
    }

    /// `rules 191`, `rules §191`, `rules § 191`, `rules "§ 191"`: paragraph 191, as `rules show
    /// 191` shows it; `rules ch17` and `rules глава 17` the chapter.
    func testANumberOpensItsRule() throws {
        let paragraph = try runRules(["show", "191"])
        XCTAssertEqual(paragraph.status, 0)
        XCTAssertTrue(text(paragraph.stdout).contains("§ 191. "), text(paragraph.stdout))
        for words in [["191"], ["§191"], ["§", "191"], ["§ 191"]] {
            let run = try runRules(words)
            XCTAssertEqual(run.status, 0, "\(words)")
            XCTAssertEqual(run.stdout, paragraph.stdout, "\(words)")
        }
        let chapter = try runRules(["show", "ch17"])
        XCTAssertTrue(text(chapter.stdout).hasPrefix("Глава 17. "), text(chapter.stdout))
        for words in [["ch17"], ["глава", "17"], ["Глава 17"]] {
            XCTAssertEqual(try runRules(words).stdout, chapter.stdout, "\(words)")
        }
        let both = try runRules(["191", "192"])
        XCTAssertEqual(both.status, 0)
        XCTAssertTrue(text(both.stdout).contains("§ 191. ") && text(both.stdout).contains("§ 192. "))
        // With an option of search (not of show), a number is searched, its rule first.
        let searched = try json(try runRules(["--json", "191"]).stdout)
        XCTAssertEqual((searched["jump"] as? [String: Any])?["id"] as? String, "191")
        XCTAssertTrue(String(decoding: try runRules(["191", "--limit", "1"]).stdout, as: UTF8.self).hasPrefix("→ § 191. "))
        let missing = try runRules(["show", "191", "9999"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stdout.isEmpty, "nothing shown before every id is found")
    }

    /// A query that is a paragraph number offers that paragraph first; the ranked answer
    /// below it stays the reference's (the same results as without the jump).
    func testSearchingANumberOffersItsRuleFirst() throws {
        for query in ["191", "§ 191", "§191"] {
            let view = text(try runRules(["search", "--limit", "3", query]).stdout)
            XCTAssertTrue(
                view.hasPrefix(
                    "→ § 191. Е или И на конце: в течение, в продолжение, вследствие, впоследствии\n   rules show 191\n\nНашлось "),
                "\(query): \(view)")
            let object = try json(try runRules(["search", "--json", query]).stdout)
            let jump = try XCTUnwrap(object["jump"] as? [String: Any])
            XCTAssertEqual(jump["id"] as? String, "191")
            XCTAssertEqual(jump["url"] as? String, "/rules/191")
        }
        // The ranked results are the reference's: what the port ranks for the query.
        let session = SearchSession(index: try BuiltInIndex.index(), texts: try BuiltInIndex.texts(), engine: .default)
        let ranked = session.search(Bytes("191".utf8), limit: nil, page: 1, snippetCount: 0).hits.map {
            String(decoding: $0.id, as: UTF8.self)
        }
        let plain = text(try runRules(["search", "--plain", "--all", "191"]).stdout).split(separator: "\n").map {
            String($0.split(separator: "\t")[0])
        }
        XCTAssertEqual(plain, ranked)
        XCTAssertFalse(ranked.contains("191"), "the reference does not rank § 191 for «191»")
        // A chapter too; a number no rule has offers nothing.
        let chapter = text(try runRules(["search", "ch17"]).stdout)
        XCTAssertTrue(chapter.hasPrefix("→ Глава 17. "))
        // Nothing else found is said as such, not as «nothing found» under the rule found.
        XCTAssertTrue(chapter.contains("Других совпадений нет.") && !chapter.contains("Ничего не найдено"), chapter)
        // --plain shows no jump: there, a jump alone is nothing found (exit 1), in a batch too.
        let plainJump = try runRules(["search", "--plain", "ch17"])
        XCTAssertEqual(plainJump.stdout, Data())
        XCTAssertEqual(plainJump.status, 1)
        XCTAssertEqual(try runRules(["search", "--batch", "--plain"], input: Data("ch17\nzzqx\n".utf8)).status, 1)
        XCTAssertEqual(try runRules(["search", "ch17"]).status, 0)
        XCTAssertNil(try json(try runRules(["search", "--json", "9999"]).stdout)["jump"])
        XCTAssertNil(try json(try runRules(["search", "--json", "запятая"]).stdout)["jump"])
        // Each result says the command that opens it.
        let view = text(try runRules(["search", "--limit", "1", "запятая перед как"]).stdout)
        XCTAssertTrue(view.contains("\n   rules show 329\n"), view)
        XCTAssertFalse(view.contains("/rules/329"), view)
    }

    /// JSON keeps the reference's fields first, as they were, and adds the texts with ё as
    /// the rule writes it, the § number and the chapter.
    func testJSONGivesTheTextsAsWritten() throws {
        let object = try json(try runRules(["search", "--json", "--limit", "1", "жёлудь"]).stdout)
        let hit = try XCTUnwrap((object["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(hit["id"] as? String, "3")
        let snippet = try XCTUnwrap(hit["snippet"] as? String)
        let written = try XCTUnwrap(hit["snippet_as_written"] as? String)
        XCTAssertTrue(snippet.contains("желудь") && snippet.contains("шепот"), snippet)
        XCTAssertTrue(written.contains("жёлудь") && written.contains("шёпот") && written.contains("чёрный"), written)
        XCTAssertEqual(written.replacingOccurrences(of: "ё", with: "е"), snippet)
        XCTAssertEqual(
            (hit["snippet_html_as_written"] as? String)?.replacingOccurrences(of: "ё", with: "е"), hit["snippet_html"] as? String)
        // (The text to show without the reference's leading space.)
        XCTAssertEqual(
            (hit["start_text_as_written"] as? String)?.replacingOccurrences(of: "ё", with: "е"),
            (hit["start_text"] as? String).map { String($0.drop { $0 == " " }) })
        XCTAssertTrue((hit["start_text_as_written"] as? String)?.contains("пишут то ё, то о") == true)
        XCTAssertEqual(hit["paragraph"] as? Int, 3)
        let chapter = try XCTUnwrap(hit["chapter"] as? [String: Any])
        XCTAssertEqual(chapter["id"] as? String, "ch1")
        XCTAssertEqual(chapter["number"] as? Int, 1)
        XCTAssertEqual(chapter["title"] as? String, "Гласные после шипящих и ц")

        // The reference's keys come first, in its order, as its driver writes them.
        let line = text(try runRules(["search", "--json", "--limit", "1", "жёлудь"]).stdout)
        let keys = ["id", "title", "url", "description", "weight", "snippet_html", "snippet", "rel", "start_text", "text"]
        let positions = keys.map { line.range(of: "\"\($0)\":")?.lowerBound }
        XCTAssertFalse(positions.contains(nil))
        XCTAssertEqual(positions.compactMap { $0 }, positions.compactMap { $0 }.sorted())
        XCTAssertTrue(line.contains("\"text\":\"\(try XCTUnwrap(hit["text"] as? String))\",\"text_as_written\":"))

        // An index of one's own: ё as its corpus writes it; no § and no chapter.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rules-ways-in-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let corpus = dir.appendingPathComponent("corpus.jsonl")
        try Data(
            ("{\"id\": \"yo\", \"title\": \"Буква ё\", \"html\": \"<p>Букву ё пишем всегда: ёлка, всё, берёза, идёт.</p>\"}\n"
                + "{\"id\": \"other\", \"title\": \"Другое\", \"html\": \"<p>Совсем другой текст.</p>\"}\n").utf8
        ).write(to: corpus)
        XCTAssertEqual(
            try runRules(["index", "build", "--corpus", corpus.path, "--out", dir.appendingPathComponent("idx").path]).status, 0)
        let own = try json(try runRules(["search", "--index", dir.appendingPathComponent("idx").path, "--json", "берёза"]).stdout)
        let ownHit = try XCTUnwrap((own["results"] as? [[String: Any]])?.first)
        XCTAssertTrue((ownHit["snippet_as_written"] as? String)?.contains("ёлка, всё, берёза, идёт") == true, "\(ownHit)")
        XCTAssertTrue((ownHit["snippet"] as? String)?.contains("елка, все, береза, идет") == true, "\(ownHit)")
        XCTAssertTrue(ownHit["paragraph"] is NSNull)
        XCTAssertTrue(ownHit["chapter"] is NSNull)
    }

    /// A batch tells its answers apart: each begins with its query, and one that found
    /// nothing says so; the exit status is 1 only when no query found anything.
    func testABatchCanBeReadBack() throws {
        let plain = try runRules(["search", "--batch", "--plain", "--limit", "2"], input: Data("тире\nzzqx\nкавычки\n".utf8))
        XCTAssertEqual(plain.status, 0)
        let lines = text(plain.stdout).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        XCTAssertEqual(lines.count, 5, "\(lines)")
        XCTAssertEqual(
            lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false)[0] }, ["тире", "тире", "zzqx", "кавычки", "кавычки"])
        XCTAssertEqual(lines[2], "zzqx\t\t\t")
        XCTAssertTrue(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 4 })
        // The rest of each line is what --plain gives for the query alone.
        let alone = text(try runRules(["search", "--plain", "--limit", "2", "тире"]).stdout).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0..<2].map { String($0.dropFirst("тире\t".count)) }, alone)

        let view = text(try runRules(["search", "--batch", "--limit", "1"], input: Data("тире\nzzqx\n".utf8)).stdout)
        XCTAssertTrue(view.hasPrefix("Запрос: тире\nНашлось "), view)
        XCTAssertTrue(view.contains("\n\nЗапрос: zzqx\nНичего не найдено.\n"), view)

        XCTAssertEqual(try runRules(["search", "--batch", "--plain"], input: Data("zzqx\nqqqzz\n".utf8)).status, 1)
        XCTAssertEqual(try runRules(["search", "--batch", "--json"], input: Data("zzqx\nтире\n".utf8)).status, 0)
    }

    /// An index of one's own is opened the way the built-in one is: its results name the
    /// command that shows them, and `show --index` shows them, several at once.
    /// An index of one's own may name a chapter «§5» or «ch1»: the command a result offers
    /// opens it, the id as given before its reading as a rule's number.
    func testAnOwnIdThatLooksLikeARuleNumberOpensItself() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rules-own-ids-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let corpus = dir.appendingPathComponent("corpus.jsonl")
        try Data(
            """
            {"id": "§5", "title": "Параграф со знаком", "html": "<p>Текст о запятой.</p>"}
            {"id": "5", "title": "Пятая глава", "html": "<p>Другой текст.</p>"}

            """.utf8
        ).write(to: corpus)
        let out = dir.appendingPathComponent("idx").path
        XCTAssertEqual(try runRules(["index", "build", "--corpus", corpus.path, "--out", out]).status, 0)
        let view = text(try runRules(["search", "--index", out, "запятой"]).stdout)
        XCTAssertTrue(view.contains("rules show --index \(out) '§5'") || view.contains("rules show --index \(out) §5"), view)
        let shown = try runRules(["show", "--index", out, "§5"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertTrue(text(shown.stdout).hasPrefix("Параграф со знаком"), text(shown.stdout))
        XCTAssertTrue(text(try runRules(["show", "--index", out, "5"]).stdout).hasPrefix("Пятая глава"))
        // «§ 5», which no chapter is called, still names chapter 5.
        XCTAssertTrue(text(try runRules(["show", "--index", out, "§ 5"]).stdout).hasPrefix("Пятая глава"))
    }

    func testYourOwnIndexIsShownLikeTheBuiltInOne() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rules-own-show-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        defer { try? FileManager.default.removeItem(at: dir) }
        let corpus = TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl").path
        XCTAssertEqual(try runRules(["index", "build", "--corpus", corpus, "--out", dir.path]).status, 0)
        let view = text(try runRules(["search", "--index", dir.path, "--limit", "2", "пароль"]).stdout)
        let commands = view.split(separator: "\n").filter { $0.contains("rules show --index") }
        XCTAssertEqual(commands.count, 1, view)
        let command = try XCTUnwrap(commands.first)
        let id = String(try XCTUnwrap(command.split(separator: " ").last))
        XCTAssertTrue(command.contains(" · rules show --index \(dir.path) \(id)"), "the address, then the command: \(command)")
        let ids = text(try runRules(["search", "--index", dir.path, "--plain", "--all", "права доступа"]).stdout)
            .split(separator: "\n").prefix(2).map { String($0.split(separator: "\t")[0]) }
        XCTAssertEqual(ids.count, 2)
        let shown = try runRules(["show", "--index", dir.path] + ids)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        for id in ids {
            let title = text(try runRules(["titles", "--index", dir.path, ""]).stdout).split(separator: "\n")
                .first { $0.hasPrefix(id + "\t") }.map { String($0.split(separator: "\t")[1]) }
            XCTAssertTrue(text(shown.stdout).contains(try XCTUnwrap(title)), "\(id)")
        }
        let missing = try runRules(["show", "--index", dir.path, ids[0], "zz"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stdout.isEmpty)
        XCTAssertEqual(
            missing.stderr,
            "rules: no chapter 'zz' in the index in \(dir.path); 'rules titles --index \(dir.path) TEXT' lists chapters by title, with their ids\n"
        )
        // An index PHP made, with no texts beside it: the corpus is asked for.
        let php = dir.appendingPathComponent("php")
        try FileManager.default.createDirectory(at: php, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestPaths.fixtures.appendingPathComponent("man-ru-mini/\(S2IndexFile.fileName)"),
            to: php.appendingPathComponent(S2IndexFile.fileName))
        let bare = try runRules(["show", "--index", php.path, ids[0]])
        XCTAssertEqual(bare.status, 2)
        XCTAssertTrue(bare.stderr.contains("give its corpus with --corpus"), bare.stderr)
        XCTAssertEqual(
            try runRules(["show", "--index", php.path, "--corpus", corpus, ids[0]]).stdout,
            try runRules(["show", "--index", dir.path, ids[0]]).stdout)
    }

    /// Every corpus or index error says what the file is and what was expected; ids given
    /// twice, or to refresh and found nowhere, are said.
    func testErrorsSayWhatTheFileIsAndWhatWasExpected() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rules-ways-errors-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        func file(_ name: String, _ text: String) throws -> String {
            let url = dir.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
        let corpus = try file("guide.jsonl", "{\"id\": \"a\", \"title\": \"Тире\", \"html\": \"<p>Тире.</p>\"}\n")
        let asIndex = try runRules(["search", "--index", corpus, "тире"])
        XCTAssertEqual(asIndex.status, 2)
        XCTAssertEqual(
            asIndex.stderr,
            "rules: \(corpus) is a corpus (JSON), not an index: build its index with 'rules index build --corpus \(corpus) --out DIR', then search it with --index DIR\n"
        )
        let folder = try runRules(["search", "--index", dir.path, "тире"])
        XCTAssertEqual(
            folder.stderr,
            "rules: no index in \(dir.path): no s2_search_index.php there; to build one from guide.jsonl: rules index build --corpus \(corpus) --out \(dir.path)\n"
        )
        let shape = "; a corpus is one JSON object a line, with id, title and html (see rules index --help)\n"
        for (name, text, said) in [
            ("pretty.json", "{\n  \"id\": \"a\"\n}\n", "line 1: not valid JSON (expected a string key at byte 2)"),
            ("array.json", "[{\"id\": \"a\", \"title\": \"T\", \"html\": \"x\"}]\n", "line 1: not a JSON object"),
            ("notes.md", "# Тире\n\nТекст.\n", "line 1: not valid JSON (syntax error at byte 1)"),
        ] {
            let path = try file(name, text)
            let run = try runRules(["index", "build", "--corpus", path, "--out", dir.appendingPathComponent("out").path])
            XCTAssertEqual(run.status, 2, name)
            XCTAssertEqual(run.stderr, "rules: \(path): \(said)\(shape)", name)
        }
        let help = String(decoding: try runRules(["index", "--help"]).stdout, as: UTF8.self)
        XCTAssertTrue(help.contains("A corpus line (one chapter):\n  {\"id\": \"12\", \"title\": \"Тире\", \"html\": "), help)
        XCTAssertTrue(help.contains("id (a string or an integer, no spaces), title and html are needed"), help)

        let twice = try file(
            "twice.jsonl",
            "{\"id\": \"a\", \"title\": \"A\", \"html\": \"<p>x</p>\"}\n{\"id\": \"a\", \"title\": \"A2\", \"html\": \"<p>y</p>\"}\n"
                + "{\"id\": \"b\", \"title\": \"B\", \"html\": \"<p>z</p>\"}\n")
        let out = dir.appendingPathComponent("idx").path
        let build = try runRules(["index", "build", "--corpus", twice, "--out", out])
        XCTAssertEqual(build.status, 0)
        XCTAssertEqual(
            build.stderr,
            "rules: warning: \(twice): an id is on more than one line (a); the last line of each is indexed, as s2_search does\n")
        XCTAssertEqual(String(decoding: try runRules(["titles", "--index", out, ""]).stdout, as: UTF8.self), "a\tA2\nb\tB\n")
        let refresh = try runRules(["index", "refresh", "--corpus", twice, "--out", out, "zzz"])
        XCTAssertEqual(refresh.status, 1)
        XCTAssertTrue(
            refresh.stderr.hasSuffix("rules: warning: 'zzz' is in neither \(twice) nor the index in \(out): nothing to refresh for it\n"),
            refresh.stderr)
        XCTAssertEqual(try runRules(["index", "refresh", "--corpus", twice, "--out", out, "zzz", "b"]).status, 0)
    }

    /// On a terminal, `rules titles` wraps each title at spaces beside its id, as a table;
    /// in a pipe it stays id TAB title. `rules titles ""` is the table of contents.
    func testTitlesOnATerminalWrapBesideTheirIds() throws {
        let terminal = try TerminalSession(width: 60, height: 40)
        let (screen, status) = try terminal.runToEnd("\(TestPaths.rulesBinary.path) titles --no-pager шипящих")
        XCTAssertEqual(status, 0)
        let lines = screen.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("$") && !$0.contains("[exit") }
        XCTAssertGreaterThan(lines.count, 3, screen)
        for line in lines {
            XCTAssertLessThanOrEqual(line.count, 60, line)
            // Each line is an id and the start of its title, or a title going on under itself.
            let id = line.prefix { $0 != " " }
            XCTAssertTrue(id.isEmpty || id.allSatisfy { $0.isNumber || $0 == "c" || $0 == "h" }, line)
        }
        let continued = lines.filter { $0.hasPrefix(" ") }
        XCTAssertFalse(continued.isEmpty, "a long title goes on under itself: \(screen)")
        let column =
            try XCTUnwrap(lines.first?.dropFirst(lines.first!.prefix { $0 != " " }.count).prefix { $0 == " " }.count)
            + lines.first!.prefix { $0 != " " }.count
        for line in continued { XCTAssertEqual(line.prefix { $0 == " " }.count, column, line) }
        // Words are whole: every word of the wrapped titles is a word of the titles.
        let piped = String(decoding: try runRules(["titles", "шипящих"]).stdout, as: UTF8.self)
        let words = Set(piped.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init))
        for line in lines {
            for word in line.split(separator: " ").dropFirst(line.hasPrefix(" ") ? 0 : 1) {
                XCTAssertTrue(words.contains(String(word)), "\(word) in \(line)")
            }
        }

        let contents = String(decoding: try runRules(["titles", ""]).stdout, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(contents.count, 508)
        XCTAssertEqual(contents.first, "ch1\tГласные после шипящих и ц")
    }

    /// The view's text starts where its title does: the reference's start text begins
    /// with a space, which is not shown (JSON keeps it).
    func testNoResultTextStartsWithASpace() throws {
        for query in ["т. е.", "жёлудь", "например", "запятая"] {
            let view = String(decoding: try runRules(["search", "--all", query]).stdout, as: UTF8.self)
            for line in view.split(separator: "\n") where line.hasPrefix("    ") {
                XCTFail("\(query): a line indented past the others: \(line)")
            }
        }
        let json = try json(try runRules(["search", "--json", "--limit", "1", "жёлудь"]).stdout)
        let hit = try XCTUnwrap((json["results"] as? [[String: Any]])?.first)
        XCTAssertTrue((hit["start_text"] as? String)?.hasPrefix(" ") == true, "the reference's start text, as it is")
        // The text to show does not.
        XCTAssertEqual((hit["start_text_as_written"] as? String)?.first?.isWhitespace, false)
    }

    /// The man page names every file of an index folder.
    func testTheManPageNamesEveryFileOfAnIndex() throws {
        let page = String(decoding: try runRules(["help", "man"]).stdout, as: UTF8.self)
        for name in ["s2_search_index.php", "rules-index.bin", "rules-texts.bin", "rules-words.bin", "rules-chapters.bin"] {
            XCTAssertTrue(page.contains(".I DIR/" + name.replacingOccurrences(of: "-", with: "\\-")), name)
        }
    }

    /// What a second look found: a number no rule has is searched (a year), an id given
    /// twice is shown once, a rule found only as a jump counts as found, a chapter's JSON
    /// names itself as its chapter, and the commands the hints give are quoted for a shell.
    func testNumbersThatNameNoRuleAndTheHintsCommands() throws {
        let year = try runRules(["2024"])
        XCTAssertEqual(year.status, 0, year.stderr)
        XCTAssertTrue(String(decoding: year.stdout, as: UTF8.self).contains("§ 397. "), "the rule on dates")
        XCTAssertEqual(try runRules(["2024"]).stdout, try runRules(["search", "2024"]).stdout)
        XCTAssertEqual(try runRules(["show", "2024"]).status, 2, "asked for by show, a missing rule is an error")
        XCTAssertEqual(try runRules(["191", "191"]).stdout, try runRules(["191"]).stdout)

        let chapter = try json(try runRules(["search", "--json", "--limit", "1", "тире"]).stdout)
        let first = try XCTUnwrap((chapter["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(first["id"] as? String, "ch23")
        XCTAssertEqual((first["chapter"] as? [String: Any])?["id"] as? String, "ch23")
        XCTAssertTrue(first["paragraph"] is NSNull)

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rules ways in \(getpid())")
        try? FileManager.default.removeItem(at: dir)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let corpus = dir.appendingPathComponent("my corpus.jsonl")
        try Data("{\"id\": \"x1\", \"title\": \"Тире\", \"html\": \"<p>Тире.</p>\"}\n".utf8).write(to: corpus)
        let hint = try runRules(["search", "--index", dir.path, "тире"])
        XCTAssertTrue(hint.stderr.hasSuffix("rules index build --corpus '\(corpus.path)' --out '\(dir.path)'\n"), hint.stderr)
        let index = dir.appendingPathComponent("idx").path
        XCTAssertEqual(try runRules(["index", "build", "--corpus", corpus.path, "--out", index]).status, 0)
        let jumpOnly = try runRules(["search", "--index", index, "x1"])
        XCTAssertEqual(jumpOnly.status, 0, "the chapter named is found")
        XCTAssertTrue(
            String(decoding: jumpOnly.stdout, as: UTF8.self).hasPrefix("→ Тире\n"), String(decoding: jumpOnly.stdout, as: UTF8.self))
    }
}
