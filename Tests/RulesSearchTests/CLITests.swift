import Foundation
import RulesRegex
import RulesSearch
import XCTest

/// `rules` as a user runs it: search, index, show, titles, and what goes wrong.
final class CLITests: XCTestCase {
    private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    func testSearchTheBuiltInRules() throws {
        let result = try runRules(["search", "запятая", "перед", "как"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            text(result.stdout).contains(
                "\n\n1. § 329. Запятая перед как, словно, будто в сравнительном обороте\n"
                    + "   Глава 29. Сравнительные обороты\n"), text(result.stdout))
        let none = try runRules(["search", "qwertyzzz"])
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.isEmpty)
    }

    func testSearchJSON() throws {
        let result = try runRules(["search", "--json", "--limit", "2", "не с причастиями"], environment: ["RULES_ENGINE": "foundation"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        XCTAssertEqual(object["query"] as? String, "не с причастиями")
        XCTAssertEqual(object["page"] as? Int, 1)
        let results = try XCTUnwrap(object["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 2)
        XCTAssertGreaterThan(try XCTUnwrap(object["total"] as? Int), 2)
        for key in ["id", "title", "url", "description", "weight", "snippet_html", "snippet", "rel", "start_text", "text"] {
            XCTAssertNotNil(results[0][key], key)
        }
    }

    func testBatchJSONLines() throws {
        let input = Data("запятая\nqwertyzzz\nн и нн\n".utf8)
        let result = try runRules(["search", "--batch", "--json"], input: input)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = text(result.stdout).split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        let totals = try lines.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["total"] as? Int }
        XCTAssertEqual(totals[1], 0)
        XCTAssertGreaterThan(totals[0] ?? 0, 0)
    }

    func testPagingAndAll() throws {
        let all = try runRules(["search", "--json", "--all", "запятая"])
        let page2 = try runRules(["search", "--json", "--limit", "3", "--page", "2", "запятая"])
        let allIDs = try (JSONSerialization.jsonObject(with: all.stdout) as! [String: Any])["results"] as! [[String: Any]]
        let pageIDs = try (JSONSerialization.jsonObject(with: page2.stdout) as! [String: Any])["results"] as! [[String: Any]]
        XCTAssertEqual(pageIDs.map { $0["id"] as! String }, allIDs[3..<6].map { $0["id"] as! String })
        let bad = try runRules(["search", "--all", "--limit", "3", "x"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "rules: --all and --limit cannot be used together (see rules search --help)\n")
        let zero = try runRules(["search", "--limit", "0", "x"])
        XCTAssertEqual(zero.status, 2)
        // The last, partial page numbers its results from where the page starts.
        let total = (try JSONSerialization.jsonObject(with: all.stdout) as! [String: Any])["total"] as! Int
        XCTAssertGreaterThan(total, 2)
        let tail = try runRules(["search", "--limit", String(total - 1), "--page", "2", "запятая"])
        XCTAssertTrue(text(tail.stdout).contains("\n\n\(total). "), text(tail.stdout))
    }

    /// Queries have limits, each a one-line error with exit 2; a batch answers the lines
    /// before the one too large. Input with no line break stops at the limit instead of
    /// filling the memory.
    func testQueryLimits() throws {
        let words = Array(repeating: "запятая", count: 10_001).joined(separator: " ")
        let many = try runRules(["search"] + Array(repeating: "запятая", count: 10_001))
        XCTAssertEqual(many.status, 2)
        XCTAssertEqual(many.stderr, "rules: a query has at most 10000 words; this one has 10001\n")
        let long = String(repeating: "а", count: (4 << 20) / 2 + 1)
        let batch = try runRules(["search", "--batch", "--json"], input: Data("запятая\n\(words)\nтире\n".utf8))
        XCTAssertEqual(batch.status, 2)
        XCTAssertEqual(
            batch.stderr,
            "rules: standard input, line 2: a query has at most 10000 words; this one has 10001; nothing after it was answered\n")
        XCTAssertEqual(text(batch.stdout).split(separator: "\n").count, 1)
        let endless = try runRules(["search", "--batch"], input: Data(("тире\n" + long + long).utf8))
        XCTAssertEqual(endless.status, 2)
        XCTAssertEqual(endless.stderr, "rules: standard input, line 2: a query is at most 4 MiB; nothing after it was answered\n")
        // Just under the limits: answered.
        let legal = try runRules(["search", "--batch", "--json"], input: Data((String(long.dropFirst(2)) + "\n").utf8))
        XCTAssertEqual(legal.status, 1, legal.stderr)
        XCTAssertEqual(text(legal.stdout).split(separator: "\n").count, 1)
    }

    /// On a folder `rules index build` made (no corpus.jsonl beside it), the engine check
    /// draws its words from the index's own texts and runs the stems stage on them; its
    /// queries came from one fallback word, and the stems stage was skipped.
    func testEngineCheckOnABuiltFolderUsesItsTexts() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rules-check-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        defer { try? FileManager.default.removeItem(at: dir) }
        let corpus = TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl").path
        XCTAssertEqual(try runRules(["index", "build", "--corpus", corpus, "--out", dir.path]).status, 0)
        let check = try runRules(["check-engines", "--index", dir.path, "--fuzz", "50", "--seed", "4"])
        XCTAssertEqual(check.status, 0, check.stderr)
        let report = text(check.stdout)
        XCTAssertTrue(report.hasPrefix("engines agree on \(dir.path): stems "), report)
        // The stems stage read the words of the chapters: as many as from the corpus itself.
        let fromCorpus = text(try runRules(["check-engines", "--corpus", corpus]).stdout)
        func stems(_ line: String) -> Int? {
            line.range(of: #"stems (\d+)"#, options: .regularExpression).flatMap { Int(line[$0].dropFirst(6)) }
        }
        XCTAssertGreaterThan(stems(report) ?? 0, (stems(fromCorpus) ?? 0) * 9 / 10, "\(report)\n\(fromCorpus)")
    }

    /// A page or a limit up to the largest integer is a page past the end, not an overflow
    /// (it trapped: `(page - 1) * limit`).
    func testPagesNearTheLargestInteger() throws {
        let largest = String(Int.max)
        for arguments in [
            ["--page", "922337203685477582"], ["--page", largest], ["--limit", largest],
            ["--limit", largest, "--page", "2"], ["--limit", "3", "--page", largest],
        ] {
            for mode in [[], ["--json"]] {
                let run = try runRules(["search"] + mode + arguments + ["запятая"])
                XCTAssertEqual(run.stderr, "", "\(arguments)")
                XCTAssertTrue(run.status == 0 || run.status == 1, "\(arguments) \(mode): exit \(run.status)")
            }
        }
        let batch = try runRules(["search", "--batch", "--json", "--page", largest], input: Data("запятая\nтире\n".utf8))
        XCTAssertEqual(batch.stderr, "")
        XCTAssertEqual(text(batch.stdout).split(separator: "\n").count, 2)
    }

    func testShowAndTitles() throws {
        let show = try runRules(["show", "§12"])
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertTrue(text(show.stdout).contains("§ 12."), text(show.stdout))
        let chapter = try runRules(["show", "ch1"])
        XCTAssertTrue(text(chapter.stdout).contains("§ 12."), text(chapter.stdout))
        let missing = try runRules(["show", "9999"])
        XCTAssertEqual(missing.status, 2)
        let titles = try runRules(["titles", "Буква Ё"])
        XCTAssertEqual(titles.status, 0)
        XCTAssertTrue(text(titles.stdout).contains("ch2\tБуква ё"), text(titles.stdout))
    }

    /// An error is one line on standard error even when what it quotes has line breaks;
    /// without a command the usage is the error (on standard error, status 2), asked for
    /// it is the output.
    func testErrorsAreOneLineOnStandardError() throws {
        let option = try runRules(["search", "--no\nsuch\roption", "x"])
        XCTAssertEqual(option.status, 2)
        XCTAssertTrue(option.stdout.isEmpty)
        XCTAssertEqual(option.stderr, "rules: unknown option '--no\\nsuch\\roption' (see rules search --help)\n")
        let index = try runRules(["search", "--index", "/nonexistent\u{1}\nfolder", "x"])
        XCTAssertEqual(index.status, 2)
        XCTAssertEqual(index.stderr.filter { $0 == "\n" }.count, 1, index.stderr)
        XCTAssertTrue(index.stderr.contains("\\u{1}\\nfolder"), index.stderr)

        let bare = try runRules([])
        XCTAssertEqual(bare.status, 2)
        XCTAssertTrue(bare.stdout.isEmpty)
        XCTAssertTrue(bare.stderr.hasPrefix("rules: usage: rules"), bare.stderr)
        XCTAssertEqual(bare.stderr.filter { $0 == "\n" }.count, 1, bare.stderr)
        let help = try runRules(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(text(help.stdout).hasPrefix("usage: rules"))
        XCTAssertTrue(help.stderr.isEmpty)
    }

    /// Build an index from a corpus, search it, then damage it: a clear one-line error and
    /// exit status 2, never a crash; a bad corpus leaves the existing index untouched.
    func testIndexBuildSearchAndDamage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rules-cli-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        defer { try? FileManager.default.removeItem(at: dir) }
        let corpus = TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl").path
        let build = try runRules(["index", "build", "--corpus", corpus, "--out", dir.path])
        XCTAssertEqual(build.status, 0, build.stderr)
        let php = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("man-ru-mini/\(S2IndexFile.fileName)"))
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent(S2IndexFile.fileName)), php)

        let search = try runRules(["search", "--index", dir.path, "--json", "пароль"])
        XCTAssertEqual(search.status, 0, search.stderr)

        /// A build from `path` that fails with `message` and leaves the index as it was.
        func refused(_ path: String, _ message: String) throws {
            let run = try runRules(["index", "build", "--corpus", path, "--out", dir.path])
            XCTAssertEqual(run.status, 2)
            XCTAssertEqual(run.stderr, "rules: \(message)\n")
            XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent(S2IndexFile.fileName)), php)
        }
        // A corpus error names the line and field.
        let badCorpus = dir.appendingPathComponent("bad.jsonl")
        try Data("{\"id\": \"a\", \"title\": \"T\", \"html\": \"x\"}\n{\"id\": \"b\", \"title\": 5}\n".utf8).write(to: badCorpus)
        try refused(badCorpus.path, "\(badCorpus.path): line 2, field 'html': missing")
        // An empty corpus (or one of blank lines) replaced the index with nothing.
        let empty = dir.appendingPathComponent("empty.jsonl")
        try Data("\n\n".utf8).write(to: empty)
        try refused(empty.path, "\(empty.path) has no chapters: nothing to index (an index already in \(dir.path) is left as it was)")
        // Input without line breaks stops at the longest line allowed, not at the memory's end.
        try refused("/dev/zero", "/dev/zero: line 1 is longer than 64 MiB, the most a line may have")

        // Temporary files of a build killed with -9 (its PID gone) are removed by the next
        // build; those of a live process, and other files, stay.
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let abandoned = [
            ".\(S2IndexFile.fileName).\(finished.processIdentifier).1a2b.tmp",
            ".\(ChapterTexts.fileName).\(finished.processIdentifier).ff.tmp",
        ]
        let kept = [".\(BinaryIndex.fileName).\(getpid()).1a2b.tmp", ".notes.\(finished.processIdentifier).1a2b.tmp", "mine.tmp"]
        for name in abandoned + kept { try Data("x".utf8).write(to: dir.appendingPathComponent(name)) }
        XCTAssertEqual(try runRules(["index", "build", "--corpus", corpus, "--out", dir.path]).status, 0)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
        XCTAssertTrue(left.isDisjoint(with: abandoned), "\(left)")
        XCTAssertTrue(left.isSuperset(of: kept), "\(left)")

        // --out naming a file: an error that says so, and the file is left as it was.
        let notFolder = dir.appendingPathComponent("a-file")
        try Data("keep".utf8).write(to: notFolder)
        let onFile = try runRules(["index", "build", "--corpus", corpus, "--out", notFolder.path])
        XCTAssertEqual(onFile.status, 2)
        XCTAssertEqual(onFile.stderr, "rules: --out \(notFolder.path) is a file, not a folder: give a folder for the index files\n")
        XCTAssertEqual(try Data(contentsOf: notFolder), Data("keep".utf8))

        // The S2 file alone (the binary form removed), then truncated, then corrupted.
        try FileManager.default.removeItem(at: dir.appendingPathComponent(BinaryIndex.fileName))
        XCTAssertEqual(try runRules(["search", "--index", dir.path, "пароль"]).status, 0)
        let file = dir.appendingPathComponent(S2IndexFile.fileName)
        try php.prefix(php.count / 2).write(to: file)
        let truncated = try runRules(["search", "--index", dir.path, "пароль"])
        XCTAssertEqual(truncated.status, 2)
        XCTAssertEqual(truncated.stderr.filter { $0 == "\n" }.count, 1, truncated.stderr)
        XCTAssertTrue(truncated.stderr.hasPrefix("rules: "), truncated.stderr)
        var corrupted = php
        corrupted[200] = UInt8(ascii: "x")
        try corrupted.write(to: file)
        let bad = try runRules(["search", "--index", file.path, "пароль"])
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertEqual(bad.stderr.filter { $0 == "\n" }.count, 1, bad.stderr)

        let missing = try runRules(["search", "--index", dir.appendingPathComponent("nowhere").path, "x"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no index at"), missing.stderr)
    }

    /// A stale binary form is ignored: the S2 file rebuilt by PHP (or anyone) wins.
    func testStaleBinaryFormFallsBackToTheS2File() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rules-stale-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        defer { try? FileManager.default.removeItem(at: dir) }
        let mini = TestPaths.fixtures.appendingPathComponent("man-ru-mini")
        XCTAssertEqual(
            try runRules(["index", "build", "--corpus", mini.appendingPathComponent("corpus.jsonl").path, "--out", dir.path]).status, 0)
        let before = try runRules(["search", "--index", dir.path, "--json", "--all", "пароль"]).stdout
        // Replace the S2 file by an index of the built-in corpus: searches must follow it.
        let other = TestPaths.repository.appendingPathComponent("Fixtures/rules-ru/index/\(S2IndexFile.fileName)")
        try Data(contentsOf: other).write(to: dir.appendingPathComponent(S2IndexFile.fileName))
        let after = try runRules(["search", "--index", dir.path, "--json", "--all", "запятая"])
        XCTAssertEqual(after.status, 0, after.stderr)
        XCTAssertNotEqual(before, after.stdout)
        XCTAssertTrue(String(decoding: after.stdout, as: UTF8.self).contains("Запят"))
    }
}
