import Foundation
import RulesRegex
import XCTest

@testable import RulesSearch

/// The built-in corpus: its size, its index (fresh, and the one carried by the binary),
/// PHP's answers on it, and whether each question finds the paragraph that answers it.
final class BuiltInCorpusTests: XCTestCase {
    static let directory = TestPaths.repository.appendingPathComponent("Fixtures/rules-ru")

    private func corpus() throws -> Corpus {
        try Corpus.read(Self.directory.appendingPathComponent("corpus.jsonl"))
    }

    /// The outline the binary carries, looked up line by line, says of each record what the
    /// corpus says (kind, number, parent); ids that are not records find nothing.
    func testOutlineSaysWhatTheCorpusSays() throws {
        let outline = BuiltInIndex.outline
        var records = 0
        for chapter in try corpus().chapters.values {
            let id = chapter.key.bytes.text
            let place = try XCTUnwrap(outline[id], id)
            XCTAssertEqual(place.kind.rawValue, chapter.field("kind")?.stringValue.text, id)
            XCTAssertEqual(place.number, Int(chapter.field("number")?.stringValue.text ?? ""), id)
            XCTAssertEqual(place.chapter, chapter.field("parent").map(\.stringValue.text).flatMap { $0.isEmpty ? nil : $0 }, id)
            records += 1
        }
        XCTAssertEqual(outline.all.count, records)
        for id in ["", "1", "12\t", "§", "ch", "ch1\n", "329x", "x329"] where !outline.all.keys.contains(id) {
            XCTAssertNil(outline[id], id)
        }
    }

    func testCounts() throws {
        let records = try corpus().chapters.values
        let chapters = records.filter { $0.field("kind") == .string(Bytes(php: "chapter")) }
        let paragraphs = records.filter { $0.field("kind") == .string(Bytes(php: "paragraph")) }
        XCTAssertGreaterThanOrEqual(chapters.count, 20)
        XCTAssertGreaterThanOrEqual(paragraphs.count, 450)
        XCTAssertEqual(chapters.count + paragraphs.count, records.count)
        for p in paragraphs {
            guard case .string(let parent)? = p.field("parent") else { return XCTFail("paragraph \(p.key.bytes.text) has no parent") }
            XCTAssertNotNil(try corpus().chapters[ByteKey(parent)], "paragraph \(p.key.bytes.text)")
        }
        // All three keyword forms are used.
        let keywords = records.map { $0.keywords.stringValue.text }.joined(separator: ",")
        XCTAssertTrue(keywords.contains("__"))
        XCTAssertTrue(keywords.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).contains(" ") })
    }

    /// The checked-in index is what `rules index build` makes of the checked-in corpus, and
    /// the binary carries exactly that index.
    func testCheckedInIndexIsFresh() throws {
        let preg = Preg(engine: PCRE2Engine())
        let index = Indexer.build(try corpus(), preg: preg)
        let s2 = Bytes(try Data(contentsOf: Self.directory.appendingPathComponent("index/\(S2IndexFile.fileName)")))
        XCTAssertTrue(S2IndexFile.encode(index) == s2, "Fixtures/rules-ru/index is stale: rebuild it (see Tests/Tools/embed-builtin.py)")
        let texts = Bytes(try Data(contentsOf: Self.directory.appendingPathComponent("index/\(ChapterTexts.fileName)")))
        XCTAssertTrue(ChapterTexts.encode(try corpus(), preparing: preg) == texts, "rules-texts.bin is stale")
        let words = Bytes(try Data(contentsOf: Self.directory.appendingPathComponent("index/\(Vocabulary.fileName)")))
        XCTAssertTrue(Vocabulary(try corpus(), engine: PCRE2Engine()).encoded() == words, "rules-words.bin is stale")
        // The binary carries the three files as they are (taken in by the compiler).
        for name in [BinaryIndex.fileName, ChapterTexts.fileName, Vocabulary.fileName] {
            let file = Bytes(try Data(contentsOf: Self.directory.appendingPathComponent("index/\(name)")))
            let carried = try XCTUnwrap(BuiltInIndex.carried[name])
            XCTAssertTrue(Bytes(carried) == file, "the binary's \(name) is not the fixture's: build again")
            XCTAssertEqual(Int(bitPattern: carried.baseAddress) % 64, 0, "\(name) is aligned")
        }
        XCTAssertEqual(
            Bytes(BuiltInData.corpus.utf8), Bytes(try Data(contentsOf: Self.directory.appendingPathComponent("corpus.jsonl"))),
            "BuiltInData.swift is stale: run Tests/Tools/embed-builtin.py")
        // The embedded binary index answers like the S2 file.
        let embedded = try BuiltInIndex.index()
        for word in ["запят", "шипящ", "причастн"] {
            XCTAssertEqual(embedded.fulltext(Bytes(php: word))?.map(\.id), index.fulltext(Bytes(php: word))?.map(\.id))
        }
    }

    /// PHP's index and answers for this corpus (`Fixtures/rules-ru/golden`, made with the
    /// reference tool) are reproduced with both engines: the answers to questions about the
    /// rules (`queries.txt`), and to queries made to trip a port up (`hostile-queries.txt`,
    /// from Tests/Tools/hostile-queries.py with seed 2026: words mixed with punctuation,
    /// regex metacharacters, entities, tags and odd Unicode).
    func testGoldenAnswersWithBothEngines() throws {
        let golden = Self.directory.appendingPathComponent("golden")
        let expected = try SearchTests.loadExpected(golden.appendingPathComponent("results.jsonl"))
        let hostile = try SearchTests.loadExpected(golden.appendingPathComponent("hostile-results.jsonl"))
        XCTAssertGreaterThanOrEqual(expected.count, 1000)
        XCTAssertGreaterThanOrEqual(hostile.count, 100)
        let parsed = try corpus()
        let php = Bytes(try Data(contentsOf: golden.appendingPathComponent(S2IndexFile.fileName)))
        for engine in allEngines() {
            let index = Indexer.build(parsed, preg: Preg(engine: engine))
            XCTAssertTrue(S2IndexFile.encode(index) == php, "\(engine.name): index differs from PHP's")
            let session = SearchSession(index: index, texts: ChapterTexts(corpus: parsed), preg: Preg(engine: engine))
            XCTAssertEqual(SearchTests.differences(session, expected), [], engine.name)
            XCTAssertEqual(SearchTests.differences(session, hostile), [], "\(engine.name), hostile queries")
        }
    }

    /// Each question's paragraph is among the first three results.
    func testQuestionsFindTheirParagraph() throws {
        let lines = try String(contentsOf: Self.directory.appendingPathComponent("questions.tsv"), encoding: .utf8)
            .split(separator: "\n")
        XCTAssertGreaterThanOrEqual(lines.count, 1000)
        let session = SearchSession(index: try BuiltInIndex.index(), texts: nil, preg: Preg(engine: PCRE2Engine()))
        var missed: [String] = []
        for line in lines {
            let parts = line.split(separator: "\t")
            let top = session.search(Bytes(php: String(parts[0])), limit: 3, page: 1, snippetCount: 0).hits.map(\.id.text)
            if !top.contains(String(parts[1])) { missed.append("\(parts[0]) → §\(parts[1]), got \(top)") }
        }
        XCTAssertEqual(missed, [], "questions whose paragraph is not in the first three")
    }

    /// The words and set phrases people ask about (`words.tsv`: word, the number of the
    /// paragraph that decides it, the forms the doubt is typed in): each, alone and in each
    /// form («конечно запятая», «как пишется в течение»), finds its paragraph among the first
    /// three. Each is a keyword of its paragraph in the corpus (words.tsv is not stale).
    func testWordsFindTheirParagraph() throws {
        let lines = try String(contentsOf: Self.directory.appendingPathComponent("words.tsv"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }
        let folded = { (text: String) in text.lowercased().replacingOccurrences(of: "ё", with: "е") }
        var keywords: [String: Set<String>] = [:]
        for record in try RulesContentTests.corpusRecords() {
            let id = record["id"] as? String ?? ""
            keywords[id] = Set(
                (record["keywords"] as? String ?? "").split(separator: ",").map { folded($0.trimmingCharacters(in: .whitespaces)) })
        }
        let session = SearchSession(index: try BuiltInIndex.index(), texts: nil, preg: Preg(engine: PCRE2Engine()))
        var words = Set<String>()
        var asked = 0
        var missed: [String] = []
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else {
                XCTFail("words.tsv: a line is not word<TAB>number<TAB>forms: \(line)")
                continue
            }
            let (word, number) = (fields[0], fields[1])
            words.insert(folded(word))
            XCTAssertTrue(
                keywords[number]?.contains(folded(word)) == true,
                "words.tsv: «\(word)» is not a keyword of § \(number) (run assemble-corpus.py)")
            let forms = fields[2].isEmpty ? [] : fields[2].split(separator: "|").map(String.init)
            for form in ["{}"] + forms {
                let query = form.replacingOccurrences(of: "{}", with: word)
                let top = session.search(Bytes(php: query), limit: 3, page: 1, snippetCount: 0).hits.map(\.id.text)
                asked += 1
                if !top.contains(number) { missed.append("\(query) → §\(number), got \(top)") }
            }
        }
        XCTAssertGreaterThanOrEqual(words.count, 2000, "words and phrases listed")
        XCTAssertEqual(missed, [], "\(missed.count) of \(asked) words and forms miss their paragraph in the first three")
    }
}
