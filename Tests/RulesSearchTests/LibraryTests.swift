import Foundation
import RulesRegex
import RulesSearch
import XCTest

/// The library's public entry points (``RulesIndex``, ``Searcher``, ``Stemmer``) against
/// the PHP original's answers: the same chapters and weights, the same snippets under
/// `reference`, the strings made for people differing from them only in ё put back.
final class LibraryTests: XCTestCase {
    private struct Golden {
        let query: String
        let results: [(id: String, weight: Double)]
        let snippets: [String: (snippet: String, rel: Double)]
    }

    private func golden(_ url: URL) throws -> [Golden] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let results = try XCTUnwrap(object["results"] as? [[Any]]).map { pair in
                (id: "\(pair[0])", weight: (pair[1] as? NSNumber)?.doubleValue ?? .nan)
            }
            var snippets: [String: (snippet: String, rel: Double)] = [:]
            for item in object["snippets"] as? [[String: Any]] ?? [] {
                snippets["\(item["chapter"]!)"] = (item["snippet"] as? String ?? "", (item["rel"] as? NSNumber)?.doubleValue ?? .nan)
            }
            return Golden(query: try XCTUnwrap(object["query"] as? String), results: results, snippets: snippets)
        }
    }

    /// Every question of the built-in rules' golden data: the first page as PHP ranks it,
    /// with PHP's snippets; the text shown is PHP's with the ё of the rule put back.
    func testTheBuiltInRulesAnswerAsPHPDoes() throws {
        let searcher = Searcher(try RulesIndex.builtIn())
        var yoRestored = 0
        var checked = 0
        for item in try golden(TestPaths.repository.appendingPathComponent("Fixtures/rules-ru/golden/results.jsonl")) {
            let results = try searcher.search(item.query, limit: 10)
            XCTAssertEqual(results.total, item.results.count, item.query)
            XCTAssertEqual(results.pages, (item.results.count + 9) / 10, item.query)
            XCTAssertEqual(results.hits.map(\.id), item.results.prefix(10).map(\.id), item.query)
            XCTAssertEqual(results.hits.map(\.weight), item.results.prefix(10).map(\.weight), item.query)
            for hit in results.hits {
                let php = try XCTUnwrap(item.snippets[hit.id], "\(item.query): \(hit.id)")
                XCTAssertEqual(hit.reference.snippetHTML, php.snippet, "\(item.query): \(hit.id)")
                // Foundation's JSON reader on Linux can miss the nearest double by one unit
                // in the last place (it reads 0.4444444444444444 as 0.44444444444444436).
                let relevance = try XCTUnwrap(hit.reference.relevance, "\(item.query): \(hit.id)")
                XCTAssertLessThanOrEqual(abs(relevance - php.rel), relevance.ulp, "\(item.query): \(hit.id)")
                // Plain text: the HTML's marks gone (as the command line's view takes them
                // out), ё the only difference.
                XCTAssertFalse(hit.text.contains("<i>"), hit.text)
                XCTAssertEqual(
                    hit.text.replacingOccurrences(of: "ё", with: "е").replacingOccurrences(of: "Ё", with: "Е"),
                    String(decoding: HTMLText.plain(Bytes(hit.reference.textHTML.utf8)), as: UTF8.self).replacingOccurrences(
                        of: "ё", with: "е"
                    ).replacingOccurrences(of: "Ё", with: "Е"),
                    "\(item.query): \(hit.id)")
                if hit.text.contains("ё"), !hit.reference.textHTML.contains("ё") { yoRestored += 1 }
                // A paragraph of the built-in rules says its § and chapter.
                if Int(hit.id) != nil {
                    XCTAssertEqual(hit.paragraph, Int(hit.id), hit.id)
                    XCTAssertFalse(hit.chapter?.isEmpty ?? true, hit.id)
                } else {
                    XCTAssertNil(hit.paragraph, hit.id)
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 5_000)
        XCTAssertGreaterThan(yoRestored, 100, "the rules write ё; PHP's snippets fold it")
    }

    /// The built-in vocabulary is read by the searcher itself, once: a misspelled word gets
    /// corrections that find something; a known word gets none.
    func testAMisspelledWordGetsItsCorrection() throws {
        let searcher = Searcher(try RulesIndex.builtIn())
        XCTAssertTrue(try searcher.search("зопятая").suggestions.contains("запятая"))
        XCTAssertTrue(try searcher.search("причостие").suggestions.contains("причастие"))
        XCTAssertEqual(try searcher.search("запятая").suggestions, [])
    }

    /// A folder built from a corpus answers as PHP's index of it does, on both engines; a
    /// refresh of a chapter changed in the corpus is seen by a searcher made after it.
    func testAFolderBuiltFromACorpusAnswersAsPHPDoes() throws {
        let mini = TestPaths.fixtures.appendingPathComponent("man-ru-mini")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-library-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for engine in Engine.allCases {
            let index = try RulesIndex.build(corpus: mini.appendingPathComponent("corpus.jsonl").path, into: folder.path, engine: engine)
            XCTAssertEqual(index.folder, folder.path)
            // The S2 file is byte for byte PHP's.
            XCTAssertEqual(
                try Data(contentsOf: folder.appendingPathComponent("s2_search_index.php")),
                try Data(contentsOf: mini.appendingPathComponent("s2_search_index.php")))
            let searcher = Searcher(try RulesIndex(folder: folder.path), engine: engine)
            for item in try golden(mini.appendingPathComponent("results.jsonl")) {
                let results = try searcher.search(item.query, limit: nil)
                XCTAssertEqual(results.hits.map(\.id), item.results.map(\.id), "\(engine): \(item.query)")
                XCTAssertEqual(results.hits.map(\.weight), item.results.map(\.weight), "\(engine): \(item.query)")
                for hit in results.hits.prefix(10) {
                    XCTAssertEqual(hit.reference.snippetHTML, item.snippets[hit.id]?.snippet, "\(engine): \(item.query): \(hit.id)")
                    XCTAssertNil(hit.paragraph)
                    XCTAssertNil(hit.chapter)
                }
            }
        }
        // A chapter's html changed in the corpus: a refresh of it, then a searcher made after.
        let corpus = folder.appendingPathExtension("jsonl")
        addTeardownBlock { try? FileManager.default.removeItem(at: corpus) }
        var lines = try String(contentsOf: mini.appendingPathComponent("corpus.jsonl"), encoding: .utf8).split(separator: "\n").map(
            String.init)
        var first = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        first["html"] = "<p>Слово вычурнейшее встречается здесь одно.</p>"
        lines[0] = String(decoding: try JSONSerialization.data(withJSONObject: first), as: UTF8.self)
        try (lines.joined(separator: "\n") + "\n").write(to: corpus, atomically: true, encoding: .utf8)
        let before = Searcher(try RulesIndex(folder: folder.path))
        XCTAssertEqual(try before.search("вычурнейшее").total, 0)
        let refreshed = try RulesIndex(folder: folder.path).refresh(corpus: corpus.path)
        let after = try Searcher(refreshed).search("вычурнейшее")
        XCTAssertEqual(after.hits.map(\.id), ["\(first["id"]!)"])
        XCTAssertEqual(after.hits.first?.snippet, "Слово вычурнейшее встречается здесь одно.")
    }

    /// Each way an index or a corpus can fail is a ``RulesError`` of its kind.
    func testFailuresAreRulesErrorsOfTheirKind() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-library-errors-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        func kind(_ body: () throws -> Void) -> RulesError.Kind? {
            do {
                try body()
            } catch let error as RulesError {
                XCTAssertFalse(error.description.isEmpty)
                return error.kind
            } catch {
                XCTFail("not a RulesError: \(error)")
            }
            return nil
        }
        XCTAssertEqual(kind { _ = try RulesIndex(folder: "/nonexistent/rules-index") }, .notFound)
        XCTAssertEqual(kind { _ = try RulesIndex(folder: folder.path) }, .notFound)
        XCTAssertEqual(kind { _ = try RulesIndex.build(corpus: "/nonexistent.jsonl", into: folder.path) }, .notFound)
        let bad = folder.appendingPathComponent("bad.jsonl")
        try Data("{\"id\": \"a\", \"title\": \"t\"}\n".utf8).write(to: bad)
        XCTAssertEqual(kind { _ = try RulesIndex.build(corpus: bad.path, into: folder.path) }, .badCorpus)
        try Data("\n".utf8).write(to: bad)
        XCTAssertEqual(kind { _ = try RulesIndex.build(corpus: bad.path, into: folder.path) }, .badCorpus)
        XCTAssertEqual(kind { _ = try RulesIndex.builtIn().refresh(corpus: bad.path) }, .other)
        try Data("<?php //a:0:{}\n".utf8).write(to: folder.appendingPathComponent("s2_search_index.php"))
        XCTAssertEqual(kind { _ = try RulesIndex(folder: folder.path) }, .damaged)
        // Nothing was built over the damaged file by the refused builds.
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("s2_search_index.php")), Data("<?php //a:0:{}\n".utf8))
    }

    /// The stemmer against PHP's `Stemmer::stem_word` on the sample kept in the tests.
    func testTheStemmerGivesPHPsStems() throws {
        let sample = try String(contentsOf: TestPaths.fixtures.appendingPathComponent("stems-sample.tsv"), encoding: .utf8)
        for engine in Engine.allCases {
            let stemmer = Stemmer(engine: engine)
            var count = 0
            for line in sample.split(separator: "\n") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count == 2 else { continue }
                XCTAssertEqual(stemmer.stem(String(fields[0])), String(fields[1]), "\(engine): \(fields[0])")
                count += 1
            }
            XCTAssertGreaterThan(count, 1_000)
        }
    }
}
