import Foundation
import RulesSearch
import XCTest

/// `rules serve` over a real socket: the pages, the API against the reference's answers
/// (the golden results PHP gave for the built-in rules, and PHP's TitleFinder), the same
/// JSON as `rules search --json`, errors, and a clean stop.
final class ServeTests: XCTestCase {
    private static let goldenFolder = TestPaths.repository.appendingPathComponent("Fixtures/rules-ru/golden")

    /// PHP's ranking for each query of the built-in rules' golden set, by query.
    private static func golden() throws -> [(query: String, ids: [String])] {
        let lines = try String(contentsOf: goldenFolder.appendingPathComponent("results.jsonl"), encoding: .utf8).split(separator: "\n")
        return try lines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let results = object["results"] as! [[Any]]
            return (object["query"] as! String, results.map { "\($0[0])" })
        }
    }

    func testResultsPageAndAPIFollowTheReference() throws {
        let server = try RunningServer()
        let http = RawHTTP(port: server.port)
        // A spread of the golden queries: every 25th, those that find something.
        let cases = try Self.golden().enumerated().filter { $0.offset % 25 == 0 && !$0.element.ids.isEmpty }.map(\.element)
        XCTAssertGreaterThan(cases.count, 20)
        let hitLink = try NSRegularExpression(pattern: "<li class=\"hit\"><a class=\"title\" href=\"/rules/([^\"]+)\"")
        for (query, ids) in cases {
            let page = try http.get("/search?q=" + RawHTTP.encoded(query))
            XCTAssertEqual(page.status, 200, query)
            XCTAssertEqual(page.headers["content-type"], "text/html; charset=utf-8")
            let html = page.text
            let linked = hitLink.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
                String(html[Range($0.range(at: 1), in: html)!]).removingPercentEncoding!
            }
            XCTAssertEqual(linked, Array(ids.prefix(10)), "the first page of «\(query)» in PHP's order")
            XCTAssertTrue(html.contains(Self.countLine(ids.count)), "«\(query)»: \(Self.countLine(ids.count))")
            XCTAssertEqual(PageMarkup.problems(html), [], query)

            let api = try http.get("/api/search?q=" + RawHTTP.encoded(query))
            XCTAssertEqual(api.status, 200)
            XCTAssertEqual(api.headers["content-type"], "application/json; charset=utf-8")
            let object = try JSONSerialization.jsonObject(with: api.body) as! [String: Any]
            XCTAssertEqual(object["total"] as? Int, ids.count, query)
            XCTAssertEqual((object["results"] as! [[String: Any]]).map { $0["id"] as! String }, Array(ids.prefix(10)), query)
        }
        // The second page: the results 11 to 20 of PHP's ranking, numbered from 11.
        let (query, ids) = try Self.golden().first { $0.ids.count > 25 }!
        let second = try http.get("/search?q=" + RawHTTP.encoded(query) + "&page=2").text
        XCTAssertTrue(second.contains("<ol class=\"hits\" start=\"11\">"))
        let linked = hitLink.matches(in: second, range: NSRange(second.startIndex..., in: second)).map {
            String(second[Range($0.range(at: 1), in: second)!]).removingPercentEncoding!
        }
        XCTAssertEqual(linked, Array(ids[10..<20]))
        XCTAssertTrue(second.contains("rel=\"prev\""))
        // A page past the last is the first, as the S2 results page has it (`Page::build_page`).
        let past = try http.get("/search?q=" + RawHTTP.encoded(query) + "&page=99999").text
        XCTAssertTrue(past.contains("<ol class=\"hits\" start=\"1\">"))
        XCTAssertEqual(server.stop().status, 0)
    }

    /// «Нашлось N правил.» with `Page::rus_plural`'s three forms.
    private static func countLine(_ n: Int) -> String {
        let (two, one) = (n % 100, n % 10)
        if two == 1 || (two > 20 && one == 1) { return "Нашлось \(n) правило." }
        if (2...4).contains(two) || (two > 20 && (2...4).contains(one)) { return "Нашлось \(n) правила." }
        return "Нашлось \(n) правил."
    }

    /// `/api/search` answers with `rules search --json`'s bytes, and `/api/titles` with
    /// PHP's TitleFinder's chapters (`Tests/Tools/titles-golden.py`), in its order.
    func testAPIIsTheCommandLinesJSONAndTitleFinders() throws {
        let server = try RunningServer()
        let http = RawHTTP(port: server.port)
        for query in ["запятая перед как", "жи ши", "§ 191", "запитая", "не с причастиями", "ё"] {
            let api = try http.get("/api/search?q=" + RawHTTP.encoded(query))
            let cli = try runRules(["search", "--json", query])
            XCTAssertEqual(api.text + "\n", String(decoding: cli.stdout, as: UTF8.self), query)
            let limited = try http.get("/api/search?q=" + RawHTTP.encoded(query) + "&limit=3&page=2")
            let cliLimited = try runRules(["search", "--json", "--limit", "3", "--page", "2", query])
            XCTAssertEqual(limited.text + "\n", String(decoding: cliLimited.stdout, as: UTF8.self), query)
        }
        let lines = try String(
            contentsOf: TestPaths.fixtures.appendingPathComponent("titles/rules-ru.jsonl"), encoding: .utf8
        ).split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 100)
        for line in lines {
            let golden = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let needle = golden["needle"] as! String
            let answer = try http.get("/api/titles?q=" + RawHTTP.encoded(needle))
            XCTAssertEqual(answer.status, 200, needle)
            let found = try JSONSerialization.jsonObject(with: answer.body) as! [[String: Any]]
            XCTAssertEqual(found.map { $0["id"] as! String }, golden["chapters"] as! [String], "TitleFinder «\(needle)»")
        }
        server.stop()
    }

    func testRulePagesLinkTheirReferences() throws {
        let server = try RunningServer()
        let http = RawHTTP(port: server.port)
        let corpus = try Corpus.read(TestPaths.repository.appendingPathComponent("Fixtures/rules-ru/corpus.jsonl"))
        var checked = 0
        for record in corpus.chapters.values {
            let id = String(decoding: record.key.bytes, as: UTF8.self)
            let page = try http.get("/rules/" + id)
            XCTAssertEqual(page.status, 200, id)
            XCTAssertEqual(PageMarkup.problems(page.text), [], id)
            // Every «§ N» of the text is a link to paragraph N.
            let text = String(decoding: HTMLText.plain(StripTags.strip(record.html)), as: UTF8.self)
            let references = try NSRegularExpression(pattern: "§[  ]([1-9][0-9]*)")
            for match in references.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let n = String(text[Range(match.range(at: 1), in: text)!])
                XCTAssertTrue(page.text.contains("href=\"/rules/\(n)\">"), "§ \(n) in \(id)")
                checked += 1
            }
            if id.hasPrefix("ch") {
                // A chapter lists its paragraphs.
                let children = corpus.chapters.values.filter { $0.field("parent")?.stringValue == record.key.bytes }
                for child in children {
                    XCTAssertTrue(page.text.contains("href=\"/rules/\(String(decoding: child.key.bytes, as: UTF8.self))\""), id)
                }
            }
        }
        XCTAssertGreaterThan(checked, 100)
        let show = try JSONSerialization.jsonObject(with: try http.get("/api/show/242").body) as! [String: Any]
        XCTAssertEqual(show["paragraph"] as? Int, 242)
        XCTAssertEqual((show["chapter"] as? [String: Any])?["id"] as? String, "ch22")
        XCTAssertEqual(try http.get("/rules/99999").status, 404)
        XCTAssertEqual(try http.get("/api/show/99999").status, 404)
        server.stop()
    }

    func testDidYouMeanAndTheRuleANumberNames() throws {
        let server = try RunningServer(environment: ["RULES_DICTIONARY": "/nonexistent"])
        let http = RawHTTP(port: server.port)
        let misspelled = try http.get("/search?q=" + RawHTTP.encoded("запитая")).text
        XCTAssertTrue(misspelled.contains("Возможно, вы искали: <a href=\"/search?q="), misspelled)
        let named = try http.get("/search?q=" + RawHTTP.encoded("§ 191")).text
        XCTAssertTrue(named.contains("<p class=\"jump\"><a href=\"/rules/191\">→ § 191."), named)
        let nothing = try http.get("/search?q=" + RawHTTP.encoded("зззззззз")).text
        XCTAssertTrue(nothing.contains("Ничего не найдено."))
        server.stop()
    }

    func testErrorsAreAnswersWithTheirStatus() throws {
        let server = try RunningServer()
        let http = RawHTTP(port: server.port)
        let missing = try http.get("/api/search")
        XCTAssertEqual(missing.status, 400)
        XCTAssertEqual((try JSONSerialization.jsonObject(with: missing.body) as? [String: Any])?["status"] as? Int, 400)
        let russian = try http.get("/api/search", headers: ["Accept-Language": "ru-RU,ru;q=0.9"])
        XCTAssertTrue(russian.text.contains("нет запроса"), russian.text)
        XCTAssertEqual(try http.get("/api/search?q=a&limit=1000").status, 400)
        XCTAssertEqual(try http.get("/api/search?q=a&page=0").status, 400)
        XCTAssertEqual(try http.get("/api/search?q=a&page=x").status, 400)
        XCTAssertEqual(try http.get("/api/search?q=" + String(repeating: "a", count: 3000)).status, 400)
        XCTAssertEqual(try http.get("/api/nothing").status, 404)
        XCTAssertEqual(try http.get("/nothing").status, 404)
        let post = try http.get("/", method: "POST")
        XCTAssertEqual(post.status, 405)
        XCTAssertEqual(post.headers["allow"], "GET, HEAD")
        let head = try http.get("/search?q=" + RawHTTP.encoded("тире"), method: "HEAD")
        XCTAssertEqual(head.status, 200)
        XCTAssertTrue(head.body.isEmpty)
        XCTAssertEqual(Int(head.headers["content-length"] ?? ""), try http.get("/search?q=" + RawHTTP.encoded("тире")).body.count)
        for file in ["/static/site.css", "/static/site.js"] {
            let answer = try http.get(file)
            XCTAssertEqual(answer.status, 200)
            XCTAssertFalse(answer.body.isEmpty)
        }
        let stopped = server.stop()
        XCTAssertEqual(stopped.status, 0)
    }

    func testListenErrorsAreOneLine() throws {
        let server = try RunningServer()
        let taken = try runRules(["serve", "--listen", "127.0.0.1:\(server.port)"])
        XCTAssertEqual(taken.status, 2)
        XCTAssertTrue(taken.stderr.contains("cannot listen on 127.0.0.1:\(server.port): Address already in use"), taken.stderr)
        XCTAssertEqual(taken.stderr.filter { $0 == "\n" }.count, 1)
        for bad in ["nowhere", "127.0.0.1:", "127.0.0.1:70000", "::1:80", ":80x"] {
            let answer = try runRules(["serve", "--listen", bad])
            XCTAssertEqual(answer.status, 2, bad)
            XCTAssertTrue(answer.stderr.contains("is not an address to listen on"), answer.stderr)
        }
        let unresolvable = try runRules(["serve", "--listen", "no-such-host.invalid:8080"])
        XCTAssertEqual(unresolvable.status, 2)
        XCTAssertTrue(unresolvable.stderr.hasPrefix("rules: cannot listen on no-such-host.invalid:8080"), unresolvable.stderr)
        server.stop()
    }

    /// SIGHUP (the terminal it ran in closed) and Ctrl-C stop it as SIGTERM does: status 0.
    func testHangUpAndInterruptStopCleanly() throws {
        for signal in [SIGHUP, SIGINT] {
            let server = try RunningServer()
            XCTAssertEqual(try RawHTTP(port: server.port).get("/api/show/1").status, 200)
            kill(server.process.processIdentifier, signal)
            server.process.waitUntilExit()
            XCTAssertEqual(server.process.terminationReason, .exit)
            XCTAssertEqual(server.process.terminationStatus, 0, "signal \(signal)")
        }
    }

    /// SIGTERM while a large reply is still being written: the reply arrives whole, then
    /// the server ends with status 0.
    func testStopFinishesTheReplyUnderWay() throws {
        let server = try RunningServer()
        let http = RawHTTP(port: server.port)
        let fd = try http.connect()
        defer { close(fd) }
        // Every result on pages of a hundred: a reply larger than the socket's buffers.
        let request = "GET /api/search?q=\(RawHTTP.encoded("запятая"))&limit=100 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        RawHTTP.send(fd, Array(request.utf8))
        usleep(300_000)   // answered, and waiting for this client to read
        kill(server.process.processIdentifier, SIGTERM)
        usleep(200_000)
        let answer = RawHTTP.parse(RawHTTP.readAll(fd))
        XCTAssertEqual(answer?.status, 200)
        let length = Int(answer?.headers["content-length"] ?? "") ?? -1
        XCTAssertGreaterThan(length, 100_000)
        XCTAssertEqual(answer?.body.count, length)
        XCTAssertNotNil(try? JSONSerialization.jsonObject(with: answer?.body ?? Data()))
        let stopped = server.stop()
        XCTAssertEqual(stopped.status, 0)
        XCTAssertTrue(stopped.stderr.contains("rules: stopped"), stopped.stderr)
        // And no longer listens.
        XCTAssertThrowsError(try http.connect())
    }
}
