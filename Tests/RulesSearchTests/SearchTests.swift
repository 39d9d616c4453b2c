import Foundation
import RulesRegex
import XCTest

@testable import RulesSearch

/// Searches against the PHP original's answers: every matching chapter with its weight in
/// rank order, and for the first ten the snippet, `rel` and `start_text`.
final class SearchTests: XCTestCase {
    struct Expected {
        let query: Bytes
        let results: [(String, Double)]
        let snippets: [(chapter: String, snippet: String?, rel: Double?, startText: String?)]
    }

    static func loadExpected(_ url: URL) throws -> [Expected] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let row = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let results = (row["results"] as! [[Any]]).map { ($0[0] as! String, ($0[1] as! NSNumber).doubleValue) }
            let snippets = (row["snippets"] as! [[String: Any]]).map {
                ($0["chapter"] as! String, $0["snippet"] as? String, ($0["rel"] as? NSNumber)?.doubleValue, $0["start_text"] as? String)
            }
            return Expected(query: Bytes(php: row["query"] as! String), results: results, snippets: snippets)
        }
    }

    /// Differences between our answers and PHP's, as readable lines.
    static func differences(_ session: SearchSession, _ expected: [Expected]) -> [String] {
        var problems: [String] = []
        for e in expected {
            // PHP's driver made snippets for the first ten results only.
            let result = session.search(e.query, limit: nil, page: 1, snippetCount: 10)
            let ours = result.hits.map { ($0.id.text, $0.weight.doubleValue) }
            if ours.map(\.0) != e.results.map(\.0) || ours.map(\.1) != e.results.map(\.1) {
                problems.append("\(e.query.text): results \(ours.prefix(5)) vs PHP \(e.results.prefix(5))")
                continue
            }
            for (hit, s) in zip(result.hits, e.snippets) {
                // Foundation's JSON reader may be off in the last bit of a fraction; PHP's
                // rel is a quotient of small counts, so 1e-12 tells any real difference.
                let relMatches =
                    (hit.rel == nil && s.rel == nil)
                    || (hit.rel != nil && s.rel != nil && abs(hit.rel!.doubleValue - s.rel!) <= 1e-12)
                if hit.snippetHTML.map(\.text) != s.snippet || !relMatches || hit.startText.map(\.text) != s.startText {
                    problems.append(
                        "\(e.query.text): snippet of \(s.chapter): \(hit.snippetHTML.map(\.text) ?? "null") vs PHP \(s.snippet ?? "null")")
                    break
                }
            }
        }
        return problems
    }

    private func check(corpus: URL, phpIndex: URL, results: URL) throws {
        let expected = try Self.loadExpected(results)
        let parsed = try Corpus.read(corpus)
        let texts = ChapterTexts(corpus: parsed)
        for engine in allEngines() {
            let built = Indexer.build(parsed, preg: Preg(engine: engine))
            let ours = SearchSession(index: built, texts: texts, preg: Preg(engine: engine))
            XCTAssertEqual(Self.differences(ours, expected), [], "\(engine.name), our index")
            let theirs = SearchSession(index: try S2IndexFile.read(phpIndex), texts: texts, preg: Preg(engine: engine))
            XCTAssertEqual(Self.differences(theirs, expected), [], "\(engine.name), the PHP-built index")
        }
    }

    /// Word positions at the ends of the integers in a PHP-made S2 file (`i:-9223372036854775808;`,
    /// `i:99999999999999999999;`, which PHP reads as the largest integer) and positions out of
    /// order: PHP answers (golden data from the reference tool on that file); the proximity
    /// distance trapped on them.
    func testExtremeWordPositions() throws {
        let dir = TestPaths.fixtures.appendingPathComponent("extreme-positions")
        let expected = try Self.loadExpected(dir.appendingPathComponent("results.jsonl"))
        let texts = ChapterTexts(corpus: try Corpus.read(dir.appendingPathComponent("corpus.jsonl")))
        for engine in allEngines() {
            let session = SearchSession(
                index: try S2IndexFile.read(dir.appendingPathComponent(S2IndexFile.fileName)),
                texts: texts, preg: Preg(engine: engine))
            XCTAssertEqual(Self.differences(session, expected), [], engine.name)
        }
    }

    /// The merge gives what comparing every pair gives, as PHP does (a difference past the
    /// integers, a float there, never under the cap), on lists sorted and not, long and short.
    func testClosestDistanceIsThatOfEveryPair() {
        func everyPair(_ a: [Int], _ b: [Int]) -> Int {
            var result = 100_000_000
            for x in a {
                for y in b {
                    let (d, overflow) = x.subtractingReportingOverflow(y)
                    if !overflow, d != .min, abs(d) < result { result = abs(d) }
                }
            }
            return result
        }
        var generator = SystemRandomNumberGenerator()
        let extremes = [Int.min, Int.min + 1, -100_000_001, -1, 0, 1, 99_999_999, 100_000_000, Int.max - 1, Int.max]
        for round in 0..<3_000 {
            func list() -> [Int] {
                let count = Int.random(in: 0...12, using: &generator)
                let values = (0..<count).map { _ in
                    round % 3 == 0
                        ? extremes.randomElement(using: &generator)!
                        : Int.random(in: 0...300, using: &generator) * (round % 5 == 0 ? 1_000_000 : 1)
                }
                return round % 2 == 0 ? values.sorted() : values
            }
            let a = list()
            let b = list()
            XCTAssertEqual(Finder.closestDistance(a, b), everyPair(a, b), "\(a) \(b)")
        }
    }

    /// A query word that reaches the snippet pattern unescaped and makes it backtrack
    /// without end: PHP's answer (no snippet, rel 0) with both engines, in bounded time.
    func testRunawaySnippetPattern() throws {
        let dir = TestPaths.fixtures.appendingPathComponent("backtracking")
        try check(
            corpus: dir.appendingPathComponent("corpus.jsonl"),
            phpIndex: dir.appendingPathComponent(S2IndexFile.fileName),
            results: dir.appendingPathComponent("results.jsonl"))
    }

    func testSmallCorpusQueries() throws {
        let dir = TestPaths.fixtures.appendingPathComponent("man-ru-mini")
        try check(
            corpus: dir.appendingPathComponent("corpus.jsonl"),
            phpIndex: dir.appendingPathComponent(S2IndexFile.fileName),
            results: dir.appendingPathComponent("results.jsonl"))
    }

    /// PHP's answers on the adversarial corpus (see IndexTests), with its snippets.
    func testAdversarialCorpusQueries() throws {
        let dir = TestPaths.fixtures.appendingPathComponent("adversarial")
        try check(
            corpus: dir.appendingPathComponent("corpus.jsonl"),
            phpIndex: dir.appendingPathComponent(S2IndexFile.fileName),
            results: dir.appendingPathComponent("results.jsonl"))
    }

    func testManRuReferenceQueries() throws {
        try check(
            corpus: try TestPaths.referenceFile("man-ru/corpus.jsonl"),
            phpIndex: try TestPaths.referenceFile("man-ru/s2_search_index.php"),
            results: try TestPaths.referenceFile("man-ru/results.jsonl"))
    }

    /// Snippets that try their pattern only where a word can start come out as those of a
    /// search through the whole text, for generated queries of every kind (stems with
    /// regex metacharacters among them) over the built-in rules.
    func testSnippetsFromWordStartsAreThoseOfAWholeTextSearch() throws {
        let corpus = try BuiltInIndex.corpus()
        let vocabulary = corpus.chapters.values.flatMap { Indexer.words(PHPCase.lowercase(StripTags.strip($0.html))) }
        let queries = FuzzQuery.generate(count: 400, seed: 11, vocabulary: vocabulary)
        let index = try BuiltInIndex.index()
        let texts = try BuiltInIndex.texts()
        let fromStarts = SearchSession(index: index, texts: texts, preg: Preg(engine: PCRE2Engine()))
        fromStarts.usesWordStarts = true
        let whole = SearchSession(index: index, texts: texts, preg: Preg(engine: PCRE2Engine()))
        whole.usesWordStarts = false
        func snippets(_ session: SearchSession, _ query: Bytes) -> [String] {
            session.search(query, limit: nil, page: 1, snippetCount: 10).hits.map {
                "\($0.id.text) \($0.snippetHTML.map(\.text) ?? "null") \($0.rel?.doubleValue ?? -1) \($0.startText.map(\.text) ?? "null")"
            }
        }
        var differing: [String] = []
        var highlighted = 0
        for query in queries {
            let fast = snippets(fromStarts, query)
            if fast != snippets(whole, query) { differing.append(query.text) }
            highlighted += fast.filter { $0.contains("<i>") }.count
        }
        XCTAssertEqual(differing, [])
        XCTAssertGreaterThan(highlighted, 500, "the queries should find words to highlight")
    }

    /// Every place the snippet pattern matches is among the word starts kept for it, in
    /// texts full of what folds together ignoring case: the Kelvin sign, long s, the old
    /// Cyrillic letter forms, µ and Greek, Ё, and punctuation next to words.
    func testWordStartsKeepEveryMatch() throws {
        let alphabet = [
            "а", "в", "д", "о", "с", "т", "ъ", "е", "ё", "Ё", "В", "О", "С", "k", "K", "s", "S", "\u{212A}",
            "\u{17F}", "\u{1C80}", "\u{1C82}", "\u{1C83}", "\u{1C84}", "µ", "μ", "Μ", "«", "»", "—", " ",
            " ", ".", "-", "1", "\u{A0}", "ѣ", "\u{1C87}", "x",
        ]
        var rng = SeededGenerator(seed: 5)
        let engines = allEngines()
        var matched = 0
        for _ in 0..<3000 {
            let text = Bytes(php: (0..<60).map { _ in alphabet.randomElement(using: &rng)! }.joined())
            let stems = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                Bytes(
                    php: (0..<Int.random(in: 1...3, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
                        .joined().lowercased().filter { !" .".contains($0) })
            }.filter { !$0.isEmpty }
            var starts = WordStarts(text)
            // What the texts file stores, found in a pass of its own, reads back as the same lists.
            let file = FileBytes(copying: WordStarts.encoded(of: text))
            XCTAssertEqual(WordStarts(stored: file.buffer, in: file), starts, text.text)
            // The first stored form, every list's length in order, reads back the same.
            let dense = FileBytes(copying: denseWordStarts(WordStarts.encoded(of: text)))
            XCTAssertEqual(WordStarts(stored: dense.buffer, in: dense), starts, text.text)
            guard !stems.isEmpty, let candidates = starts.candidates(for: stems, in: text) else { continue }
            for engine in engines {
                let found = Preg(engine: engine).matchAllOffsets(ReferencePatterns.Snippets.stemsInText(stems), text)
                let starts = found?.matches.map(\.start) ?? []
                matched += starts.count
                XCTAssertTrue(
                    Set(starts).isSubset(of: candidates),
                    "\(engine.name): \(text.text) with \(stems.map(\.text)): \(starts) not all in \(candidates)")
            }
        }
        XCTAssertGreaterThan(matched, 1500)
    }

    /// The stored word starts of a short chapter take bytes for the lists it has, not for
    /// every list: a chapter of one word took 664 bytes (a million of them, 664 MB).
    func testStoredWordStartsGrowWithTheText() {
        XCTAssertLessThanOrEqual(WordStarts.encoded(of: Bytes(php: "слово")).count, 20)
        XCTAssertLessThanOrEqual(WordStarts.encoded(of: Bytes(php: "два слова")).count, 32)
        let long = Bytes(php: String(repeating: "абвгдеёжзийклмнопрстуфхцчшщъыьэюя abcdefghijklmnopqrstuvwxyz 0123456789 ", count: 50))
        XCTAssertLessThanOrEqual(WordStarts.encoded(of: long).count, 8 + 8 * 164 + 4 * long.count)
    }

    /// A damaged stored form is refused (the starts are then found again from the text):
    /// lists out of order, named twice, beyond the last, empty, or longer than the bytes.
    func testDamagedStoredWordStartsAreRefused() {
        let text = Bytes(php: "альфа бета гамма")
        let good = WordStarts.encoded(of: text)
        func reads(_ bytes: Bytes) -> Bool {
            let file = FileBytes(copying: bytes)
            return WordStarts(stored: file.buffer, in: file) != nil
        }
        XCTAssertTrue(reads(good))
        func with(_ number: Int, _ value: UInt32) -> Bytes {
            var bytes = good
            for k in 0..<4 { bytes[4 * number + k] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(k))) }
            return bytes
        }
        let second = UInt32(good[16]) | UInt32(good[17]) << 8   // the second list named
        XCTAssertFalse(reads(with(4, UInt32(good[8]))), "named twice")
        XCTAssertFalse(reads(with(2, second + 1)), "out of order")
        XCTAssertFalse(reads(with(4, 164)), "beyond the last list")
        XCTAssertFalse(reads(with(3, 0)), "an empty list named")
        XCTAssertFalse(reads(with(3, 1000)), "longer than the bytes")
        XCTAssertFalse(reads(with(1, 0xFFFF_FFFF)), "more lists than there are")
        XCTAssertFalse(reads(with(0, 2)), "another version")
        XCTAssertFalse(reads(Array(good.dropLast(4))), "cut")
    }

    /// The highlight's possible starts on a line where one word was found 30,000 times
    /// (once in the list for each time): each place once. Looking for each copy of the
    /// word in turn made 900 million of them, and a search on such a chapter ran out of
    /// memory.
    func testHighlightStartsOfAWordFoundManyTimes() throws {
        let word = Bytes(php: "слово")
        let line = Bytes(php: String(repeating: "слово ", count: 30_000))
        let starts = try XCTUnwrap(Finder.occurrences(of: Array(repeating: word, count: 30_000), in: line))
        XCTAssertEqual(starts, Array(stride(from: 0, to: line.count, by: word.count + 1)))
        let two = try XCTUnwrap(Finder.occurrences(of: [word, Bytes(php: "ово"), word], in: Bytes(php: "слово ово")))
        XCTAssertEqual(two, [0, 4, 11])
    }

    /// The snippets' one-pass cleanup gives what `str_replace` gives running its pairs in
    /// turn, on texts made of the needles, their pieces and what surrounds them (a `\r`
    /// inside a tag joins it once removed).
    func testOnePassCleanupIsTheReferenceStrReplace() {
        // The pass looks for the needles after the first where they can start.
        XCTAssertTrue(
            PreparedText.cleanupSearch.dropFirst().allSatisfy {
                $0.first == 0x26 || $0.first == 0x3C || $0.starts(with: [0xD1, 0x91])
            })
        let pieces =
            PreparedText.cleanupSearch.map(\.text) + [
                "<", ">", "&", ";", "p", "br", "\r", "ё", "е", "\u{D1}",
                " ", "/", "h", "<p\r>", "&nb\rsp;", "<br \r/>", "x",
                "Б", "\u{91}", "ёё", "слово с буквой ё",
            ]
        var rng = SeededGenerator(seed: 11)
        var replaced = 0
        for _ in 0..<5000 {
            var text = Bytes()
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                let piece = pieces.randomElement(using: &rng)!
                text += piece == "\u{D1}" ? [0xD1] : piece == "\u{91}" ? [0x91] : Bytes(php: piece)
            }
            let expected = PHPStrings.replace(PreparedText.cleanupSearch, with: PreparedText.cleanupReplace, in: text)
            XCTAssertEqual(PreparedText.cleanup(text), expected, text.text)
            if expected != text { replaced += 1 }
        }
        XCTAssertGreaterThan(replaced, 2500)
    }

    func testQueryFilterSplitsAsThePHPDoes() {
        let filter = QueryFilter(preg: Preg(engine: PCRE2Engine()))
        func words(_ q: String) -> [String] { filter.words(Bytes(php: q)).map(\.text) }
        XCTAssertEqual(words("пароль, пользователь"), ["пароль", "пользователь", ","])
        XCTAssertEqual(words("(скобки)"), ["скобки)", "(", ")"].map { $0 == "скобки)" ? "(скобки" : $0 })
        XCTAssertEqual(words("Ёжик в тумане"), ["ежик", "в", "тумане"])
        XCTAssertEqual(words("-флаг"), ["флаг", "-"])
        XCTAssertEqual(words("«кавычки»"), ["кавычки", "\""])
        XCTAssertEqual(words("a|b"), ["a", "b"])
        XCTAssertEqual(words("\u{FF}\u{FE}"), [])
    }
}

/// The first stored form of word starts (every list's length, in order) of the same
/// starts as `named`, the form that names its lists.
private func denseWordStarts(_ named: Bytes) -> Bytes {
    func number(_ i: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(named[4 * i + $1]) << (8 * UInt32($1)) } }
    let listCount = 164
    var counts = [UInt32](repeating: 0, count: listCount)
    let n = Int(number(1))
    for i in 0..<n { counts[Int(number(2 + 2 * i))] = number(3 + 2 * i) }
    var out = Bytes()
    func append(_ value: UInt32) { for k in 0..<4 { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(k)))) } }
    append(number(0) & 0x7FFF_FFFF)
    append(UInt32(listCount))
    counts.forEach(append)
    out += named[(4 * (2 + 2 * n))...]
    return out
}
