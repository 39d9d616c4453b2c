import Foundation
import XCTest

/// `rules serve` under hostile input: requests no client should send, queries made to break
/// out of the page, a corpus made to run a script, slow and half-open clients, and an index
/// rebuilt over and over while it answers.
final class ServeHostileTests: XCTestCase {
    /// Requests malformed, oversized or of another protocol: each gets a 4xx (or the
    /// connection closed), and the server answers the next request as before.
    func testMalformedAndOversizedRequests() throws {
        let server = try RunningServer()
        let http = RawHTTP(port: server.port)
        let requests: [(String, [UInt8])] = [
            ("garbage", Array("GARBAGE\r\n\r\n".utf8)),
            ("binary", (0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }),
            ("HTTP/0.9", Array("GET /\r\n\r\n".utf8)),
            ("no version", Array("GET / \r\n\r\n".utf8)),
            ("version 9.9", Array("GET / HTTP/9.9\r\nHost: x\r\n\r\n".utf8)),
            ("URI 20 KB", Array("GET /search?q=\(String(repeating: "a", count: 20_000)) HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
            (
                "URI 9 KB",
                Array("GET /search?q=\(String(repeating: "%D0%B0", count: 1500)) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
            ),
            ("headers 40 KB", Array("GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "b", count: 40_000))\r\n\r\n".utf8)),
            (
                "200 headers",
                Array(("GET / HTTP/1.1\r\nHost: x\r\n" + (0..<200).map { "X-H\($0): v\r\n" }.joined() + "Connection: close\r\n\r\n").utf8)
            ),
            ("a body", Array("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n\(String(repeating: "x", count: 1000))".utf8)),
            ("chunked", Array("GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n100000\r\nxxxx\r\n".utf8)),
            ("absolute URI", Array("GET http://evil.example/rules/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)),
            ("NUL in the path", Array("GET /rules/1\u{0}/x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)),
        ]
        for (name, request) in requests {
            let answer = try http.exchange(request, timeout: 15)
            if let answer { XCTAssertTrue((200..<500).contains(answer.status), "\(name): \(answer.status)") }
            if name.hasPrefix("URI") || name.hasPrefix("headers") || name.hasPrefix("200") {
                XCTAssertGreaterThanOrEqual(answer?.status ?? 400, 400, name)
            }
            let after = try http.get("/search?q=" + RawHTTP.encoded("тире"))
            XCTAssertEqual(after.status, 200, "after \(name)")
        }
        // Pipelined: three requests in one write, three answers in order.
        let fd = try http.connect()
        RawHTTP.send(
            fd,
            Array(
                "GET /api/show/1 HTTP/1.1\r\nHost: x\r\n\r\nGET /api/show/2 HTTP/1.1\r\nHost: x\r\n\r\nGET /api/show/3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                    .utf8))
        let all = String(decoding: RawHTTP.readAll(fd), as: UTF8.self)
        close(fd)
        XCTAssertEqual(all.components(separatedBy: "HTTP/1.1 200 OK").count, 4)
        XCTAssertTrue(all.contains("\"id\":\"1\"") && all.contains("\"id\":\"2\"") && all.contains("\"id\":\"3\""))
        XCTAssertEqual(server.stop().status, 0)
    }

    /// Requests whose framing a proxy in front could read otherwise (two Content-Lengths, a
    /// Transfer-Encoding, a header name with a space): 400, the connection closed, and what
    /// followed on it never answered as a request of its own.
    func testAmbiguouslyFramedRequestsAreRefused() throws {
        let server = try RunningServer()
        let http = RawHTTP(port: server.port)
        let smuggled = "GET /api/show/999 HTTP/1.1\r\nHost: x\r\n\r\n"
        for head in [
            "Content-Length: 0\r\nContent-Length: \(smuggled.utf8.count)", "Transfer-Encoding : chunked", "Transfer-Encoding: xchunked",
            "Content-Length: \(smuggled.utf8.count)",
        ] {
            let request = "GET /api/show/1 HTTP/1.1\r\nHost: x\r\n\(head)\r\n\r\n" + smuggled
            let fd = try http.connect()
            RawHTTP.send(fd, Array(request.utf8))
            let all = String(decoding: RawHTTP.readAll(fd), as: UTF8.self)
            close(fd)
            XCTAssertTrue(all.hasPrefix("HTTP/1.1 4"), "\(head): \(all.prefix(80))")
            XCTAssertFalse(all.contains("\"id\":\"1\""), head)
            XCTAssertEqual(all.components(separatedBy: "HTTP/1.1 ").count, 2, "one answer only: \(head)")
        }
        XCTAssertEqual(try http.get("/api/show/1").status, 200)
        server.stop()
    }

    /// Out of descriptors (a low limit, more connections than it allows): the server waits
    /// instead of trying accept() again in a loop, says so once, and answers again as soon
    /// as connections close.
    func testOutOfDescriptorsWaitsAndSaysItOnce() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "ulimit -Sn 64; ulimit -Hn 64; exec \"$0\" serve --listen 127.0.0.1:0", TestPaths.rulesBinary.path]
        var env = ProcessInfo.processInfo.environment
        env["LANG"] = "C.UTF-8"
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        defer {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
        let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        let port = try XCTUnwrap(UInt16(line.split(separator: ":").last?.filter(\.isNumber) ?? ""), line)
        let http = RawHTTP(port: port)
        var held: [Int32] = []
        for _ in 0..<120 { if let fd = try? http.connect(timeout: 5) { held.append(fd) } }
        func cpuTicks() -> Int {
            let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
            let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
            return fields.count > 13 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
        }
        sleep(1)
        let before = cpuTicks()
        sleep(2)
        XCTAssertLessThan(cpuTicks() - before, 50, "no loop on accept() while out of descriptors (ticks in 2 s)")
        for fd in held { close(fd) }
        sleep(1)
        XCTAssertTrue(
            process.isRunning,
            process.isRunning
                ? "" : "ended: \(process.terminationReason == .uncaughtSignal ? "signal" : "exit") \(process.terminationStatus)")
        XCTAssertEqual(try? http.get("/api/show/1").status, 200, "after closing \(held.count)")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let lines = said.split(separator: "\n").filter { $0.contains("cannot accept") }
        XCTAssertTrue((1...4).contains(lines.count), said)
        XCTAssertEqual(process.terminationStatus, 0, said)
    }

    /// Tiny answers under long unique addresses (a parameter of 7 KB the route ignores):
    /// the kept answers count their keys too, so memory stays within the cache's size.
    func testKeptAnswersStayWithinTheirSize() throws {
        let server = try RunningServer(["--cache", "1"])
        let http = RawHTTP(port: server.port)
        func resident() -> Int {
            let status = (try? String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
            return Int(line.filter(\.isNumber)) ?? 0
        }
        _ = try http.get("/api/titles?q=zzqx")
        let before = resident()
        let padding = String(repeating: "a", count: 7000)
        for batch in 0..<40 {
            let fd = try http.connect()
            var requests = ""
            for k in 0..<100 { requests += "GET /api/titles?q=zzqx&p\(batch)_\(k)=\(padding) HTTP/1.1\r\nHost: x\r\n\r\n" }
            requests += "GET /api/titles?q=zzqx HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            RawHTTP.send(fd, Array(requests.utf8))
            let all = String(decoding: RawHTTP.readAll(fd), as: UTF8.self)
            close(fd)
            XCTAssertEqual(all.components(separatedBy: "HTTP/1.1 200 OK").count, 102)
        }
        // 4,000 keys of 7 KB: 28 MB uncounted; counted, at most twice the 1 MB asked for.
        XCTAssertLessThan(resident() - before, 12_000, "kB grown over 4,000 answers with 7 KB keys")
        server.stop()
    }

    /// No address reaches the file system: every way of climbing out of /rules/ or /static/
    /// is a 404 page, never a file's content.
    func testNoPathReachesTheFileSystem() throws {
        let server = try RunningServer()
        let http = RawHTTP(port: server.port)
        for path in [
            "/rules/../../../../etc/passwd", "/rules/%2e%2e/%2e%2e/etc/passwd", "/static/../../etc/passwd", "/static/%2e%2e%2fetc%2fpasswd",
            "/..%2f..%2f..%2fetc%2fpasswd", "/rules/%252e%252e%252fetc%252fpasswd", "/etc/passwd", "//etc/passwd", "/static/",
            "/static/site.css/../../../etc/passwd", "/rules/%00", "/rules/%ff%fe", "/api/show/..%2f..%2fetc%2fpasswd",
            "/rules/" + String(repeating: "../", count: 500) + "etc/passwd",
        ] {
            let answer = try http.get(path)
            XCTAssertTrue([400, 404].contains(answer.status), "\(path): \(answer.status)")
            XCTAssertFalse(answer.text.contains("root:"), path)
        }
        server.stop()
    }

    /// The hostile queries of the golden set (and some made to break out of an attribute or
    /// a script): every page keeps to its own markup, and the API answers JSON.
    func testHostileQueriesStayText() throws {
        let server = try RunningServer()
        let http = RawHTTP(port: server.port)
        var queries = try String(
            contentsOf: TestPaths.repository.appendingPathComponent("Fixtures/rules-ru/golden/hostile-queries.txt"), encoding: .utf8
        ).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        queries += [
            "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "'><svg/onload=alert(1)>", "javascript:alert(1)",
            "</title><script>document.title='x'</script>", "запятая <b>жирная</b>", "&lt;script&gt;", "\u{E000}запятая\u{E001}</mark>",
            "\u{202E}тире", "тире\r\nSet-Cookie: x=1", "%3Cscript%3E", "{{7*7}}", "${7*7}",
        ]
        for query in queries {
            let page = try http.get("/search?q=" + RawHTTP.encoded(query))
            XCTAssertTrue([200, 400].contains(page.status), "\(query.debugDescription): \(page.status)")
            XCTAssertEqual(PageMarkup.problems(page.text), [], query.debugDescription)
            XCTAssertNil(page.headers["set-cookie"])
            let api = try http.get("/api/search?q=" + RawHTTP.encoded(query))
            if api.status == 200 { XCTAssertNotNil(try? JSONSerialization.jsonObject(with: api.body), query.debugDescription) }
            let titles = try http.get("/api/titles?q=" + RawHTTP.encoded(query))
            if titles.status == 200 { XCTAssertNotNil(try? JSONSerialization.jsonObject(with: titles.body), query.debugDescription) }
        }
        server.stop()
    }

    /// An index whose every field is made to run a script or break the page: no page of it
    /// holds markup the pages do not make.
    func testHostileCorpusStaysText() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-serve-hostile-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let corpus = folder.appendingPathComponent("corpus.jsonl")
        try Data(Self.hostileCorpus().utf8).write(to: corpus)
        let build = try runRules(["index", "build", "--corpus", corpus.path, "--out", folder.appendingPathComponent("idx").path])
        XCTAssertEqual(build.status, 0, build.stderr)
        let server = try RunningServer(["--index", folder.appendingPathComponent("idx").path])
        let http = RawHTTP(port: server.port)
        var pages = ["/", "/search?q=alert", "/search?q=script", "/search?q=" + RawHTTP.encoded("слово"), "/search?q=onerror"]
        for record in Self.hostileRecords { pages.append("/rules/" + RawHTTP.encoded(record.id)) }
        for path in pages {
            let page = try http.get(path)
            XCTAssertEqual(page.status, 200, path)
            XCTAssertEqual(PageMarkup.problems(page.text), [], path)
        }
        for record in Self.hostileRecords {
            let show = try http.get("/api/show/" + RawHTTP.encoded(record.id))
            XCTAssertEqual(show.status, 200, record.id)
            XCTAssertNotNil(try? JSONSerialization.jsonObject(with: show.body))
        }
        server.stop()
    }

    static let hostileRecords: [(id: String, title: String, html: String, url: String)] = [
        (
            "x1", "<script>alert(1)</script> слово", "<p>слово <script>alert(2)</script> и <img src=x onerror=alert(3)></p>",
            "javascript:alert(4)"
        ),
        (
            "\"><svg/onload=alert(5)>", "\"><img src=x onerror=alert(6)>", "<p>слово &lt;script&gt;alert(7)&lt;/script&gt;</p>",
            "/\"><script>alert(8)</script>"
        ),
        ("x3", "слово </mark><script>alert(9)</script>", "<p>слово \u{E000}alert\u{E001} </mark><b onclick=alert(10)>x</b></p>", "/ok"),
        (
            "x4", "слово \u{202E}txt.exe \u{1B}]0;title\u{07}",
            "<p>слово <a href=\"javascript:alert(11)\">ссылка</a> &#60;iframe src=//evil&#62;</p>", ""
        ),
        ("x5", "§ 1 слово", "<p>слово § 1 и § 2 <style>body{display:none}</style> <!-- <script>alert(12)</script> --></p>", "/x5"),
        ("x6", String(repeating: "слово ", count: 2000), "<p>" + String(repeating: "слово <i>alert</i> ", count: 5000) + "</p>", "/x6"),
    ]

    static func hostileCorpus() -> String {
        hostileRecords.map { record in
            let object: [String: Any] = [
                "id": record.id, "title": record.title, "html": record.html, "url": record.url,
                "description": "<script>alert('d')</script>", "keywords": "слово, <script>", "time": 0,
            ]
            return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }.joined(separator: "\n") + "\n"
    }

    /// Connections that send nothing, or a byte at a time, hold one connection each, not
    /// the server: requests beside them answer at once, and an idle one is closed after
    /// the time-out.
    func testSlowAndHalfOpenClientsHoldNothing() throws {
        let server = try RunningServer()
        let http = RawHTTP(port: server.port)
        var idle: [Int32] = []
        defer { for fd in idle { close(fd) } }
        for _ in 0..<300 { idle.append(try http.connect(timeout: 30)) }
        // Headers begun and never ended, and one trickled a byte at a time.
        for fd in idle.prefix(50) { RawHTTP.send(fd, Array("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ".utf8)) }
        let trickled = try http.connect(timeout: 30)
        defer { close(trickled) }
        let started = Date()
        for (k, byte) in "GET /search?q=x HTTP/1.1\r\n".utf8.enumerated() where k < 20 {
            RawHTTP.send(trickled, [byte])
            let answer = try http.get("/api/search?q=" + RawHTTP.encoded("запятая"))
            XCTAssertEqual(answer.status, 200)
            usleep(50_000)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 8, "twenty requests beside 300 idle connections")
        // The idle ones are closed by the server within its time-out (10 s) and a little.
        var buffer = [UInt8](repeating: 0, count: 16)
        let closedAt = Date()
        let n = recv(idle[100], &buffer, 16, 0)
        XCTAssertEqual(n, 0, "closed by the server")
        XCTAssertLessThan(Date().timeIntervalSince(closedAt), 14)
        XCTAssertEqual(server.stop().status, 0)
    }

    /// An index folder rebuilt in a loop while requests come: every answer is wholly one
    /// build's (its chapters, its count, its snippets), never a mixture; and the last build
    /// is the one answering at the end.
    func testRebuiltIndexIsTakenWholeBetweenRequests() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-serve-rebuild-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        func corpus(_ name: String, _ count: Int, word: String) throws -> URL {
            let url = folder.appendingPathComponent(name + ".jsonl")
            let lines = (1...count).map {
                "{\"id\":\"\(name)\($0)\",\"title\":\"Глава \($0) \(word)\",\"html\":\"<p>общее слово \(word) номер \($0)</p>\"}"
            }
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
            return url
        }
        let a = try corpus("a", 5, word: "альфа")
        let b = try corpus("b", 7, word: "бета")
        let index = folder.appendingPathComponent("idx").path
        XCTAssertEqual(try runRules(["index", "build", "--corpus", a.path, "--out", index]).status, 0)
        let server = try RunningServer(["--index", index])
        let http = RawHTTP(port: server.port)
        let stop = Date(timeIntervalSinceNow: 6)
        let builder = Thread {
            var k = 0
            while Date() < stop {
                k += 1
                _ = try? runRules(["index", "build", "--corpus", (k % 2 == 0 ? a : b).path, "--out", index])
            }
            // The last build: b.
            _ = try? runRules(["index", "build", "--corpus", b.path, "--out", index])
        }
        builder.start()
        var seen: Set<Int> = []
        var answers = 0
        while Date() < stop {
            let answer = try http.get("/api/search?q=" + RawHTTP.encoded("общее") + "&limit=20")
            XCTAssertEqual(answer.status, 200)
            guard let object = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any],
                let results = object["results"] as? [[String: Any]], let total = object["total"] as? Int
            else {
                XCTFail("not JSON: \(answer.text)")
                continue
            }
            answers += 1
            let ids = results.map { $0["id"] as! String }
            let texts = results.map { ($0["text"] as? String ?? "") + ($0["title"] as? String ?? "") }
            if total == 5 {
                XCTAssertTrue(ids.allSatisfy { $0.hasPrefix("a") } && texts.allSatisfy { $0.contains("альфа") }, "\(ids) \(texts)")
            } else {
                XCTAssertEqual(total, 7)
                XCTAssertTrue(ids.allSatisfy { $0.hasPrefix("b") } && texts.allSatisfy { $0.contains("бета") }, "\(ids) \(texts)")
            }
            seen.insert(total)
            let page = try http.get("/search?q=" + RawHTTP.encoded("общее"))
            XCTAssertTrue(page.text.contains("Нашлось 5 страниц.") || page.text.contains("Нашлось 7 страниц."))
        }
        while builder.isExecuting { usleep(10_000) }
        XCTAssertEqual(seen, [5, 7], "both builds answered in \(answers) requests")
        let last = try JSONSerialization.jsonObject(with: try http.get("/api/search?q=" + RawHTTP.encoded("общее")).body) as! [String: Any]
        XCTAssertEqual(last["total"] as? Int, 7)
        let stopped = server.stop()
        XCTAssertEqual(stopped.status, 0)
        XCTAssertFalse(stopped.stderr.contains("cannot be opened"), stopped.stderr)
    }
}
