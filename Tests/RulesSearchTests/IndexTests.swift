import Foundation
import RulesRegex
import XCTest

@testable import RulesSearch

/// The indexer against index files the PHP original wrote from the same corpus.
final class IndexTests: XCTestCase {
    private func checkByteIdentical(corpus: URL, expected: URL) throws {
        let parsed = try Corpus.read(corpus)
        let reference = Bytes(try Data(contentsOf: expected))
        for engine in allEngines() {
            let built = S2IndexFile.encode(Indexer.build(parsed, preg: Preg(engine: engine)))
            XCTAssertEqual(built.count, reference.count, engine.name)
            XCTAssertTrue(built == reference, "\(engine.name): the index differs from the PHP original's")
        }
    }

    /// A corpus of twelve manual pages kept in the repository, with PHP's index of it.
    func testSmallCorpusIndexIsByteIdentical() throws {
        let dir = TestPaths.fixtures.appendingPathComponent("man-ru-mini")
        try checkByteIdentical(
            corpus: dir.appendingPathComponent("corpus.jsonl"),
            expected: dir.appendingPathComponent(S2IndexFile.fileName))
    }

    /// Sixty chapters made to trip an indexer up (Tests/Tools/adversarial-corpus.py):
    /// broken tags, entities, ids and keywords of every kind, and enough chapters for
    /// frequent words to be excluded.
    func testAdversarialCorpusIndexIsByteIdentical() throws {
        let dir = TestPaths.fixtures.appendingPathComponent("adversarial")
        try checkByteIdentical(
            corpus: dir.appendingPathComponent("corpus.jsonl"),
            expected: dir.appendingPathComponent(S2IndexFile.fileName))
    }

    func testManRuIndexIsByteIdentical() throws {
        try checkByteIdentical(
            corpus: try TestPaths.referenceFile("man-ru/corpus.jsonl"),
            expected: try TestPaths.referenceFile("man-ru/s2_search_index.php"))
    }

    /// Reading what PHP wrote and writing it again gives the same bytes.
    func testS2FileRoundTrip() throws {
        let file = TestPaths.fixtures.appendingPathComponent("man-ru-mini/\(S2IndexFile.fileName)")
        let bytes = Bytes(try Data(contentsOf: file))
        XCTAssertTrue(S2IndexFile.encode(try S2IndexFile.decode(bytes)) == bytes)
    }

    /// The texts file keeps each chapter's html and its text prepared for snippets, which
    /// is what preparing it at search time gives; cut short, it is an error, not a crash.
    func testTextsFileKeepsThePreparedTexts() throws {
        let corpus = try Corpus.read(TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl"))
        let bytes = ChapterTexts.encode(corpus, preparing: Preg(engine: PCRE2Engine()))
        let texts = try ChapterTexts(file: FileBytes(copying: bytes))
        let foundation = Preg(engine: FoundationEngine())
        for chapter in corpus.chapters.values {
            XCTAssertEqual(texts.html(chapter.key), chapter.html)
            let fresh = PreparedText(html: chapter.html, preg: foundation)
            let stored = try XCTUnwrap(texts.prepared(chapter.key))
            XCTAssertTrue(stored.text == fresh.text && stored.valid == fresh.valid, chapter.key.bytes.text)
            XCTAssertEqual(stored.lineCount, fresh.lineCount)
            XCTAssertGreaterThan(stored.lineCount, 1)
            XCTAssertTrue(stored.wordStarts == fresh.wordStarts, "word starts of \(chapter.key.bytes.text)")
        }
        let first = try XCTUnwrap(corpus.chapters.keys.first)
        XCTAssertNil(ChapterTexts(corpus: corpus).prepared(first), "texts held in memory are prepared by the search")
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 200)) {
            XCTAssertThrowsError(try ChapterTexts(file: FileBytes(copying: bytes[0..<cut])), "cut at \(cut)")
        }
        // Bytes changed at random: the file may load or not, and a search over it must
        // not crash (a text no longer valid UTF-8 is searched as one).
        let index = Indexer.build(corpus, preg: Preg(engine: PCRE2Engine()))
        var rng = SeededGenerator(seed: 17)
        for _ in 0..<150 {
            var damaged = bytes
            for _ in 0..<8 { damaged[Int.random(in: 0..<damaged.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
            guard let texts = try? ChapterTexts(file: FileBytes(copying: damaged)) else { continue }
            let session = SearchSession(index: index, texts: texts, preg: Preg(engine: PCRE2Engine()))
            for query in ["man", "страница", "файл опции"] { _ = session.search(Bytes(php: query), limit: 10, page: 1) }
        }
    }

    /// The build does not check the prepared texts for valid UTF-8, as a corpus's html is
    /// valid and preparing keeps it so: checked here on random html made of the pieces the
    /// steps treat apart (tags whole, broken and unclosed, entities, `\r`, `ё`, sentence
    /// ends, `<` before a letter of two, three and four bytes).
    func testPreparingValidHTMLGivesValidText() throws {
        let pieces = [
            "<p>", "</p>", "<br />", "<b class=\"a>b\">", "<", ">", "<щ", "<€", "<😀", "<!-- ё -->", "&nbsp;",
            "&mdash;", "&amp;", "&laquo;", "&#1105;", "\r", "\r\n", "ё", "Ё", "е", "слово", "€", "😀", "\u{A0}",
            ". ", "! ", "?\n", "; \t", " ", "-", "\"", "'", "<pre>", "<li>", "<h2>", "</h2", "a", "\0",
        ]
        let preg = Preg(engine: PCRE2Engine())
        var rng = SeededGenerator(seed: 29)
        for _ in 0..<3000 {
            let html = Bytes(php: (0..<Int.random(in: 0...40, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined())
            XCTAssertTrue(UTF8Bytes.isValid(html))
            XCTAssertTrue(PreparedText(html: html, preg: preg).valid, "html \(html.text.debugDescription)")
        }
        let corpus = try Corpus.read(TestPaths.fixtures.appendingPathComponent("adversarial/corpus.jsonl"))
        for chapter in corpus.chapters.values {
            XCTAssertTrue(PreparedText(html: chapter.html, preg: preg).valid, chapter.key.bytes.text)
        }
    }

    /// The files `rules index build` writes hold what their encoders give, in order, when
    /// the pieces written straight to the file (a chapter of 200 KB of html, the S2 file's
    /// fulltext line) come between small ones gathered in a buffer.
    func testIndexBuildWritesTheEncodedFiles() throws {
        let lines = try String(contentsOf: TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        var rows = try lines.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let html = try XCTUnwrap(rows[1]["html"] as? String)
        rows[1]["html"] = String(repeating: html + "\n", count: 200_000 / html.utf8.count + 1)
        let jsonl = try rows.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
            .joined(separator: "\n")
        let corpus = try Corpus.parse(Bytes(php: jsonl))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rules-build-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let engine = PCRE2Engine()
        try IndexBuild.write(corpus, engine: engine, to: dir)
        let s2 = Bytes(try Data(contentsOf: dir.appendingPathComponent(S2IndexFile.fileName)))
        XCTAssertGreaterThan(s2.count, 1 << 17)
        XCTAssertTrue(s2 == S2IndexFile.encode(Indexer.build(corpus, preg: Preg(engine: engine))), "the S2 file")
        let texts = Bytes(try Data(contentsOf: dir.appendingPathComponent(ChapterTexts.fileName)))
        XCTAssertTrue(texts == ChapterTexts.encode(corpus, preparing: Preg(engine: engine)), "the texts file")
        XCTAssertNotNil(BinaryIndex.openIfFresh(directory: dir), "the binary form")
    }

    /// The texts file made a chunk of chapters at a time is the same file whatever the
    /// chunks' size and the number of threads, and its header is the size said in advance.
    func testTextsFileIsTheSameInChunks() throws {
        let corpus = try Corpus.read(TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl"))
        let preg = Preg(engine: PCRE2Engine())
        let whole = ChapterTexts.pieces(corpus, preparing: preg, workers: 1, chunkBytes: .max)
        XCTAssertEqual(whole[0].count, ChapterTexts.headerSize(corpus))
        for (chunkBytes, workers) in [(1, 1), (1, 2), (20_000, 2), (100_000, 3)] {
            XCTAssertTrue(
                ChapterTexts.pieces(corpus, preparing: preg, workers: workers, chunkBytes: chunkBytes) == whole, "\(chunkBytes), \(workers)"
            )
        }
        XCTAssertEqual(ChapterTexts.pieces(corpus)[0].count, ChapterTexts.headerSize(corpus), "not prepared")
    }

    /// Names found where they lie as a dictionary finds them: the last of a name given
    /// twice, the empty name, names that differ by a byte or by their length; none for a
    /// name not there.
    func testNameTableFindsAsADictionary() {
        var generator = SeededGenerator(seed: 11)
        let alphabet: [UInt8] = [0x61, 0x62, 0xD0, 0xB5, 0x00]
        let names: [Bytes] = (0..<3_000).map { _ in (0..<Int(generator.next() % 5)).map { _ in alphabet[Int(generator.next() % 5)] } }
        var dictionary: [Bytes: Int] = [:]
        var table = NameTable(count: names.count)
        for (i, name) in names.enumerated() {
            dictionary[name] = i
            name.withUnsafeBytes { table.insert(i, name: $0) }
        }
        let stored = names.map { name -> UnsafeMutableRawBufferPointer in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(name.count, 1), alignment: 1)
            buffer.copyMemory(from: name.withUnsafeBytes { $0 })
            return UnsafeMutableRawBufferPointer(rebasing: buffer[0..<name.count])
        }
        defer { for buffer in stored { buffer.deallocate() } }
        var asked = names + [[0x63], [0x61, 0x61, 0x61, 0x61, 0x61, 0x61]]
        asked += names.prefix(50).map { $0 + [0x7A] }
        for name in asked {
            XCTAssertEqual(table.find(name) { UnsafeRawBufferPointer(stored[$0]) }, dictionary[name], "\(name)")
        }
    }

    /// The checksum of pieces (the S2 file's, as a build records it) is that of the file
    /// they make, however they are cut: at every length, with empty pieces, across words.
    func testChecksumOfPiecesIsTheChecksumOfTheirJoin() {
        var generator = SeededGenerator(seed: 7)
        for round in 0..<2_000 {
            let count = Int(generator.next() % 6)
            let pieces = (0..<count).map { _ in (0..<Int(generator.next() % 21)).map { _ in UInt8(truncatingIfNeeded: generator.next()) } }
            XCTAssertEqual(Checksum.of(pieces: pieces), Checksum.of(pieces.flatMap { $0 }), "round \(round): \(pieces)")
        }
    }

    /// The word table numbers words in the order first added and finds each again, for
    /// words of every length its hash and comparison read differently (none, a byte or
    /// three, four-byte halves, eight-byte loads with an overlapping last one), among words
    /// that share all but one byte.
    func testWordTableNumbersWordsAsADictionaryDoes() {
        var rng = SeededGenerator(seed: 23)
        var table = WordTable(capacity: 4)
        var numbers: [Bytes: Int] = [:]
        var words: [Bytes] = []
        for _ in 0..<20_000 {
            var word: Bytes
            if !words.isEmpty, Bool.random(using: &rng) {
                word = words.randomElement(using: &rng)!
                if !word.isEmpty, Int.random(in: 0..<3, using: &rng) == 0 {
                    word[Int.random(in: 0..<word.count, using: &rng)] ^= 1 << UInt8.random(in: 0..<8, using: &rng)
                }
            } else {
                word = (0..<Int.random(in: 0...40, using: &rng)).map { _ in UInt8.random(in: 0x61...0x64, using: &rng) }
            }
            let expected = numbers[word] ?? numbers.count
            if numbers[word] == nil {
                numbers[word] = expected
                words.append(word)
            }
            XCTAssertEqual(table.add(word), expected, word.text)
        }
        XCTAssertEqual(table.count, numbers.count)
        for (word, n) in numbers {
            XCTAssertEqual(word.withUnsafeBufferPointer { table.find($0) }, n)
            XCTAssertEqual(Array(table.word(n)), word)
        }
        XCTAssertNil(Bytes(php: "not in the table").withUnsafeBufferPointer { table.find($0) })
        // Its comparison, which a hash match calls: a word against itself and against each
        // copy with one byte changed, at every length and place.
        var single = WordTable(capacity: 64)
        for length in 0...40 {
            let word = (0..<length).map { UInt8(0x41 + $0) }
            let n = single.add(word)
            XCTAssertTrue(word.withUnsafeBufferPointer { single.equals(n, $0) }, "length \(length)")
            for place in 0..<length {
                var other = word
                other[place] ^= 0x20
                XCTAssertFalse(other.withUnsafeBufferPointer { single.equals(n, $0) }, "length \(length), byte \(place)")
            }
        }
    }

    /// A file read whole gives its bytes, empty, small or large.
    func testReadingAWholeFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rules-read-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var rng = SeededGenerator(seed: 5)
        for size in [0, 1, 4097, (1 << 16) + 1, 3 * (1 << 20) + 7] {
            let bytes = Bytes((0..<size).map { _ in UInt8.random(in: 0...255, using: &rng) })
            let file = dir.appendingPathComponent("f\(size)")
            try Data(bytes).write(to: file)
            XCTAssertTrue(try FileBytes.read(file.path) == bytes, "size \(size)")
        }
    }

    /// The fulltext line read straight into the index (``FulltextLineReader``) is what
    /// `unserialize` and the conversion of its values give: on PHP's files, and on files
    /// changed where the direct reading must step aside (a repeated stem or id, a string
    /// id, signs, leading zeros, integers out of range, counts that do not match, bytes
    /// flipped at random), the two readings give the same index or both an error.
    func testFulltextLineReadDirectlyIsWhatUnserializeGives() throws {
        var files = ["man-ru-mini", "adversarial", "extreme-positions"].map {
            TestPaths.fixtures.appendingPathComponent("\($0)/\(S2IndexFile.fileName)")
        }
        files.append(TestPaths.repository.appendingPathComponent("Fixtures/rules-ru/golden/\(S2IndexFile.fileName)"))
        if let manRu = try? TestPaths.referenceFile("man-ru/\(S2IndexFile.fileName)") { files.append(manRu) }
        func same(_ bytes: Bytes, _ label: String) {
            let direct = Result { try S2IndexFile.decode(bytes, readingFulltextDirectly: true) }
            let general = Result { try S2IndexFile.decode(bytes, readingFulltextDirectly: false) }
            switch (direct, general) {
            case (.success(let a), .success(let b)): XCTAssertTrue(a == b, label)
            case (.failure(let a), .failure(let b)): XCTAssertEqual("\(a)", "\(b)", label)
            default: XCTFail("\(label): direct \(direct), general \(general)")
            }
        }
        var directlyRead = 0
        for file in files {
            let bytes = Bytes(try Data(contentsOf: file))
            same(bytes, file.path)
            let line = bytes[8..<bytes.firstIndex(of: 0x0A)!]
            if Array(line).withUnsafeBufferPointer(FulltextLineReader.read) != nil { directlyRead += 1 }
        }
        XCTAssertGreaterThanOrEqual(directlyRead, 4, "PHP's files are read directly (not extreme-positions: its integers are out of range)")
        let small = Bytes(
            php: "<?php //a:2:{s:4:\"ab12\";a:2:{i:3;i:7;i:5;s:3:\"1|2\";}i:42;a:1:{i:3;i:1;}}\n"
                + "      //a:0:{}\n      //a:0:{}\n      //a:0:{}\n      //a:0:{}\n      //a:0:{}\n")
        same(small, "small")
        XCTAssertEqual(try S2IndexFile.decode(small).fulltext.postings(Bytes(php: "42"))?.map(\.id), [3])
        let swaps = [
            ("i:3;i:7;i:5;", "i:3;i:7;i:3;"), ("i:3;i:7;", "s:1:\"3\";i:7;"), ("i:3;i:7;", "i:+3;i:7;"),
            ("i:3;i:7;", "i:03;i:7;"), ("i:3;i:7;", "i:-0;i:7;"), ("i:42;", "i:042;"), ("i:42;", "s:2:\"42\";"),
            ("i:42;a", "s:4:\"ab12\";a"), ("a:2:{s:4", "a:3:{s:4"), ("a:2:{i:3", "a:1:{i:3"),
            ("i:7;", "i:99999999999999999999;"), ("i:7;", "i:-9223372036854775808;"), ("i:7;", "d:7;"),
            ("i:7;", "b:1;"), ("i:7;", "N;"), ("s:3:\"1|2\"", "s:4:\"1|2\""), ("}}\n", "}}x\n"), ("a:2:{s", "a:02:{s"),
        ]
        for (from, to) in swaps {
            let text = String(decoding: small, as: UTF8.self)
            guard let range = text.range(of: from) else { return XCTFail(from) }
            same(Bytes(text.replacingCharacters(in: range, with: to).utf8), "\(from) → \(to)")
        }
        let bytes = Bytes(try Data(contentsOf: files[0]))
        let lineEnd = bytes.firstIndex(of: 0x0A)!
        var rng = SeededGenerator(seed: 1856)
        for n in 0..<120 {
            var damaged = bytes
            let i = Int.random(in: 8..<lineEnd, using: &rng)
            damaged[i] = Bytes(php: "0123456789:;{}\"isa-+N")[Int.random(in: 0..<21, using: &rng)]
            same(damaged, "damaged \(n) at byte \(i)")
        }
    }

    func testDamagedIndexFilesAreErrorsNotCrashes() throws {
        let file = TestPaths.fixtures.appendingPathComponent("man-ru-mini/\(S2IndexFile.fileName)")
        let bytes = Bytes(try Data(contentsOf: file))
        var rng = SeededGenerator(seed: 99)
        // Truncations at many points, and bytes flipped at random.
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 300)) {
            XCTAssertThrowsError(try S2IndexFile.decode(Array(bytes[0..<cut])), "cut at \(cut)")
        }
        for _ in 0..<300 {
            var damaged = bytes
            let i = Int.random(in: 0..<damaged.count, using: &rng)
            damaged[i] = UInt8.random(in: 0...255, using: &rng)
            _ = try? S2IndexFile.decode(damaged)   // may parse or not; must not crash
        }
        XCTAssertThrowsError(try S2IndexFile.decode(Bytes(php: "<?php //O:8:\"stdClass\":0:{}\n")))
    }

    func testCorpusErrorsNameTheLineAndField() {
        func error(_ text: String) -> String {
            do {
                _ = try Corpus.parse(Bytes(php: text))
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(
            error("{\"id\": \"a\", \"title\": \"T\", \"html\": \"x\"}\n{oops\n"),
            "line 2: not valid JSON (expected a string key at byte 2); a corpus is one JSON object a line, with id, title and html (see rules index --help)"
        )
        XCTAssertEqual(error("\n{\"id\": \"a\", \"html\": \"x\"}\n"), "line 2, field 'title': missing")
        // The byte where the bad UTF-8 starts: the first of a cut sequence, the stray one.
        func badUTF8(_ bytes: Bytes) -> String {
            do {
                _ = try Corpus.parse(Bytes(php: "{\"id\": \"a\", \"title\": \"T\", \"html\": \"x\"}\n") + bytes + [0x0A])
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(
            badUTF8(Bytes(php: "{\"id\": \"b\", \"title\": \"Т\", \"html\": \"жж") + [0xD0] + Bytes(php: "\"}")),
            "line 2: not valid JSON (malformed UTF-8 at byte 41)")
        XCTAssertEqual(
            badUTF8(Bytes(php: "{\"id\": \"b\", \"title\": \"") + [0xFF] + Bytes(php: "\", \"html\": \"x\"}")),
            "line 2: not valid JSON (malformed UTF-8 at byte 23)")
        XCTAssertEqual(error("{\"id\": \"a\", \"title\": \"T\", \"html\": 5}\n"), "line 1, field 'html': must be a string")
        XCTAssertEqual(error("{\"id\": [1], \"title\": \"T\", \"html\": \"x\"}\n"), "line 1, field 'id': must be a string or an integer")
        XCTAssertEqual(
            error("{\"id\": \"a b\", \"title\": \"T\", \"html\": \"x\"}\n"),
            "line 1, field 'id': contains a space or a line break, which s2_search cannot index")
        XCTAssertEqual(
            error("[1, 2]\n"),
            "line 1: not a JSON object; a corpus is one JSON object a line, with id, title and html (see rules index --help)")
        for field in ["title", "description", "url", "time", "keywords"] {
            let line = "{\"id\": \"a\", \"title\": \"T\", \"html\": \"x\", \"\(field)\": \"one\\ntwo\"}\n"
            XCTAssertEqual(error(line), "line 1, field '\(field)': contains a line break, which s2_search cannot index")
        }
        XCTAssertEqual(error("{\"id\": \"a\", \"title\": \"T\", \"html\": \"one\\ntwo\", \"url\": \"u\\r\"}\n"), "no error")
    }

    /// A corpus saved with a byte order mark reads as the same corpus without it (it was
    /// "not valid JSON at byte 1").
    func testByteOrderMarkIsNotPartOfTheCorpus() throws {
        let text = "{\"id\": \"a\", \"title\": \"T\", \"html\": \"x\"}\n"
        let plain = try Corpus.parse(Bytes(php: text))
        let marked = try Corpus.parse([0xEF, 0xBB, 0xBF] + Bytes(php: text))
        XCTAssertEqual(marked.chapters.keys.map(\.bytes.text), ["a"])
        XCTAssertEqual(marked.fingerprint, plain.fingerprint)
        // Only at the start: inside a line it is a character of the JSON text.
        XCTAssertThrowsError(try Corpus.parse(Bytes(php: text) + [0xEF, 0xBB, 0xBF] + Bytes(php: text)))
    }

    func testDuplicateIDsKeepTheFirstPlaceAndTheLastText() throws {
        let corpus = try Corpus.parse(
            Bytes(
                php: """
                    {"id": "a", "title": "A1", "html": "one"}
                    {"id": "b", "title": "B", "html": "two"}
                    {"id": "a", "title": "A2", "html": "three"}
                    """))
        XCTAssertEqual(corpus.chapters.keys.map(\.bytes.text), ["a", "b"])
        XCTAssertEqual(corpus.chapters[ByteKey("a")]?.html.text, "three")
    }
}
