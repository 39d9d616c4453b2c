import Foundation
import RulesRegex
import XCTest

@testable import RulesSearch

/// The results view as a user meets it, in a pipe: the header, each result, the paging
/// line, a page past the end, `--plain`, ё as written, and no escape byte.
final class ResultsViewTests: XCTestCase {
    private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }
    private func json(_ data: Data) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `Page::rus_plural`'s three forms, at the numbers where Russian changes them.
    func testRussianPlural() {
        let expected: [(Int, String)] = [
            (0, "many"), (1, "one"), (2, "two"), (4, "two"), (5, "many"), (11, "many"),
            (12, "many"), (14, "many"), (20, "many"), (21, "one"), (22, "two"), (25, "many"),
            (101, "one"), (111, "many"), (112, "many"), (121, "one"), (1004, "two"), (-3, "two"),
        ]
        for (n, form) in expected {
            XCTAssertEqual(RussianPlural.choose(n, many: "many", one: "one", two: "two"), form, "\(n)")
        }
    }

    /// The header says how many, in the noun of the corpus: rules for the built-in rules,
    /// pages for an index of one's own; it agrees with JSON's total.
    func testHeaderAndPagingLine() throws {
        for query in ["запятая", "тире", "мягкий знак", "жюри", "не с глаголами", "приставки пре при"] {
            let run = try runRules(["search", query])
            let total = try json(try runRules(["search", "--json", query]).stdout)["total"] as! Int
            let noun = RussianPlural.choose(total, many: "правил", one: "правило", two: "правила")
            let lines = text(run.stdout).components(separatedBy: "\n")
            XCTAssertEqual(lines.first, "Нашлось \(total) \(noun).", query)
            XCTAssertEqual(lines.dropFirst().first, "", query)
            XCTAssertTrue(lines[2].hasPrefix("1. "), query)
            let pages = (total + 9) / 10
            if pages > 1 {
                let quoted = query.contains(" ") ? "'\(query)'" : query
                XCTAssertEqual(lines.suffix(2).first, "Страница 1 из \(pages). Дальше: rules search --page 2 \(quoted)", query)
            } else {
                XCTAssertFalse(text(run.stdout).contains("Страница "), query)
            }
        }
        // The paging line's command works: it shows page 2, whose line says so.
        let page2 = try runRules(["search", "--limit", "3", "--page", "2", "запятая", "перед", "как"])
        let all = try json(try runRules(["search", "--json", "--all", "запятая перед как"]).stdout)
        let ids = (all["results"] as! [[String: Any]]).map { $0["id"] as! String }
        let shown = text(page2.stdout)
        XCTAssertTrue(shown.contains("\n\n4. § \(ids[3]). "), shown)
        XCTAssertTrue(
            shown.contains("Страница 2 из \((ids.count + 2) / 3). Дальше: rules search --limit 3 --page 3 'запятая перед как'\n"), shown)
        // An index of one's own counts pages, in the feminine where the noun is.
        let mini = TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl").path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-view-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertEqual(try runRules(["index", "build", "--corpus", mini, "--out", folder.path]).status, 0)
        for query in ["пароль", "файл", "процесс"] {
            let total = try json(try runRules(["search", "--index", folder.path, "--json", query]).stdout)["total"] as! Int
            let header = text(try runRules(["search", "--index", folder.path, query]).stdout).components(separatedBy: "\n")[0]
            XCTAssertEqual(
                header,
                RussianPlural.choose(
                    total, many: "Нашлось \(total) страниц.", one: "Нашлась \(total) страница.",
                    two: "Нашлось \(total) страницы."), query)
            XCTAssertFalse(text(try runRules(["search", "--index", folder.path, query]).stdout).contains("§"), query)
        }
        let none = try runRules(["search", "qwertyzzz"])
        XCTAssertEqual(text(none.stdout), "Ничего не найдено.\n")
        XCTAssertEqual(none.status, 1)
    }

    /// A page past the end says how many pages there are, exit 1; JSON has an empty
    /// `results` with `total` and `pages`.
    func testPagePastTheEnd() throws {
        let answer = try json(try runRules(["search", "--json", "запятая"]).stdout)
        let total = answer["total"] as! Int
        let pages = answer["pages"] as! Int
        XCTAssertEqual(pages, (total + 9) / 10)
        let past = try runRules(["search", "--page", String(pages + 1), "запятая"])
        XCTAssertEqual(past.status, 1)
        XCTAssertEqual(past.stderr, "")
        XCTAssertTrue(text(past.stdout).hasSuffix("Страницы \(pages + 1) нет: их всего \(pages).\n"), text(past.stdout))
        let pastJSON = try runRules(["search", "--json", "--page", String(pages + 1), "запятая"])
        XCTAssertEqual(pastJSON.status, 1)
        let object = try json(pastJSON.stdout)
        XCTAssertEqual((object["results"] as! [Any]).count, 0)
        XCTAssertEqual(object["total"] as? Int, total)
        XCTAssertEqual(object["pages"] as? Int, pages)
        // The last page is still found.
        XCTAssertEqual(try runRules(["search", "--page", String(pages), "запятая"]).status, 0)
        XCTAssertEqual(try json(try runRules(["search", "--json", "--all", "запятая"]).stdout)["pages"] as? Int, 1)
        XCTAssertEqual(try json(try runRules(["search", "--json", "qwertyzzz"]).stdout)["pages"] as? Int, 0)
    }

    /// `--plain`: one result a line, id, weight and title, the same as JSON's, in order.
    func testPlain() throws {
        for query in ["запятая", "н и нн в причастиях", "тире"] {
            let plain = text(try runRules(["search", "--plain", "--all", query]).stdout)
            let results = try json(try runRules(["search", "--json", "--all", query]).stdout)["results"] as! [[String: Any]]
            let lines = plain.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            XCTAssertEqual(lines.count, results.count, query)
            for (line, result) in zip(lines, results) {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                XCTAssertEqual(fields.count, 3, String(line))
                XCTAssertEqual(fields[0], result["id"] as? String)
                XCTAssertEqual(Double(fields[1]), (result["weight"] as? NSNumber)?.doubleValue)
                XCTAssertEqual(fields[2], result["title"] as? String)
            }
        }
        XCTAssertEqual(try runRules(["search", "--plain", "--json", "x"]).status, 2)
    }

    /// Human output shows ё as the rule writes it; JSON's snippet stays PHP's.
    func testYoAsWritten() throws {
        let view = text(try runRules(["search", "запятая", "перед", "как"]).stdout)
        XCTAssertTrue(view.contains("если ты вернёшься к ужину"), view)
        let results = try json(try runRules(["search", "--json", "запятая перед как"]).stdout)["results"] as! [[String: Any]]
        XCTAssertTrue(results.contains { ($0["snippet_html"] as? String ?? "").contains("вернешься") })
        XCTAssertFalse(results.contains { ($0["snippet_html"] as? String ?? "").contains("ё") })
    }

    /// Over many questions, the text shown differs from PHP's only where the chapter writes
    /// ё: folded back, it is PHP's text; every word with ё in it is in the chapter so.
    func testYoRestorationChangesOnlyTheLetter() throws {
        let session = SearchSession(index: try BuiltInIndex.index(), texts: try BuiltInIndex.texts(), engine: .default)
        let corpus = try BuiltInIndex.corpus()
        let questions = try String(
            contentsOf: TestPaths.repository.appendingPathComponent("Fixtures/rules-ru/questions.tsv"), encoding: .utf8
        )
        .split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.filter { !$0.hasPrefix("#") }
        XCTAssertGreaterThan(questions.count, 100)
        var restored = 0
        for question in questions {
            for hit in session.search(Bytes(question.utf8), limit: 10, page: 1).hits {
                let written = session.textAsWritten(hit)
                XCTAssertEqual(written.count, hit.text.count)
                XCTAssertEqual(PHPStrings.replace("ё", with: "е", in: written), PHPStrings.replace("ё", with: "е", in: hit.text), question)
                guard written != hit.text else { continue }
                restored += 1
                let html = String(decoding: corpus.chapters[ByteKey(hit.id)]!.html, as: UTF8.self).lowercased()
                let words = String(decoding: HTMLText.plain(written), as: UTF8.self).lowercased()
                    .split { !$0.isLetter }.filter { $0.contains("ё") }
                for word in words { XCTAssertTrue(html.contains(word), "\(question): «\(word)» is not in chapter \(hit.id.text)") }
            }
        }
        XCTAssertGreaterThan(restored, 20, "ё was put back in \(restored) texts")
    }

    /// ё put back by the order of the letters (the fast reading) is the text prepared again
    /// without the fold, on every chapter with ё of the built-in rules, man-ru-mini and
    /// man-ru; where the letters do not line up (made so here), it says so and the text is
    /// prepared again.
    func testYoByTheOrderOfTheLettersIsTheTextPreparedAgain() throws {
        var corpora: [(Corpus, ChapterTexts)] = [(try BuiltInIndex.corpus(), try BuiltInIndex.texts())]
        for folder in [TestPaths.fixtures.appendingPathComponent("man-ru-mini")]
            + ((try? TestPaths.referenceFile("man-ru")).map { [$0] } ?? [])
        {
            let corpus = try Corpus.read(folder.appendingPathComponent("corpus.jsonl"))
            corpora.append((corpus, try ChapterTexts(checking: ChapterTexts.encode(corpus, preparing: Preg(engine: PCRE2Engine())))))
        }
        var compared = 0
        for (corpus, texts) in corpora {
            let session = SearchSession(index: try BuiltInIndex.index(), texts: texts, engine: .default)
            for chapter in corpus.chapters.values where PHPStrings.firstIndex(of: SearchSession.yo, in: chapter.html, from: 0) != nil {
                guard let prepared = session.preparedText(chapter.key) else { continue }
                let slow = session.unfoldedText(chapter.html)
                if let fast = SearchSession.unfolded(prepared.text, byTheLettersOf: chapter.html) {
                    XCTAssertTrue(fast == slow, "chapter \(chapter.key.bytes.text)")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 100)
        // Letters that do not line up: said, so that the text is prepared again.
        let html = Bytes("<p title=\"её\">ещё <b>лес</b></p>".utf8)
        let session = SearchSession(index: try BuiltInIndex.index(), texts: nil, engine: .default)
        let folded = PHPStrings.replace("ё", with: "е", in: session.unfoldedText(html))
        XCTAssertEqual(SearchSession.unfolded(folded, byTheLettersOf: html), session.unfoldedText(html))
        XCTAssertNil(SearchSession.unfolded(folded + Bytes("е".utf8), byTheLettersOf: html))
        XCTAssertNil(SearchSession.unfolded(Array(folded.dropLast(4)), byTheLettersOf: html))
    }

    /// In a pipe no escape byte is written, unless asked for with --color always.
    func testNoEscapesInAPipe() throws {
        let runs: [[String]] = [
            ["search", "запятая"], ["search", "--all", "тире"], ["show", "12"], ["show", "ch3"],
            ["titles", "тире"], ["search", "--help"], ["help"], ["search", "--batch"],
        ]
        for arguments in runs {
            let run = try runRules(arguments, input: Data("запятая\nтире\n".utf8))
            XCTAssertFalse(run.stdout.contains(0x1B), "\(arguments)")
            XCTAssertFalse(run.stderr.contains("\u{1B}"), "\(arguments)")
        }
        // The marks of found words never show, even where an accent follows a found word
        // (передо́хнуть): the marker and the accent are one Character.
        for arguments in [["search", "--all", "перед"], ["search", "--all", "--color", "always", "перед"]] {
            let out = text(try runRules(arguments).stdout)
            XCTAssertFalse(out.unicodeScalars.contains { (0xE000...0xF8FF).contains($0.value) }, "\(arguments)")
            XCTAssertTrue(out.contains("передо"), "\(arguments)")
        }
        let accented = text(try runRules(["search", "--all", "--color", "always", "перед"]).stdout)
        // Compared as bytes: "m" of the reset and the accent after it are one Character.
        for line in Data(accented.utf8).split(separator: 0x0A) {
            guard let last = line.range(of: Data("\u{1B}[1;31m".utf8), options: .backwards) else { continue }
            XCTAssertNotNil(
                line.range(of: Data("\u{1B}[0m".utf8), in: last.upperBound..<line.endIndex),
                "a found word's colour is reset on its line: \(String(decoding: line, as: UTF8.self))")
        }
        let forced = try runRules(["search", "--color", "always", "запятая"])
        XCTAssertTrue(forced.stdout.contains(0x1B))
        XCTAssertTrue(try runRules(["show", "--color=always", "12"]).stdout.contains(0x1B))
        let never = try runRules(["search", "--color", "never", "запятая"])
        XCTAssertFalse(never.stdout.contains(0x1B))
        // In a pipe, never wrapped: a result's text is one line, whatever COLUMNS says.
        let wide = text(try runRules(["search", "запятая"], environment: ["COLUMNS": "40"]).stdout)
        XCTAssertTrue(wide.split(separator: "\n").contains { $0.count > 100 }, wide)
    }
}
