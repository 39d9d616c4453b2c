import Foundation
import RulesRegex
import XCTest

@testable import RulesSearch

/// "Did you mean": corrected queries for misspelled words, from the index's own
/// vocabulary, beside answers that stay the reference's.
final class SuggestTests: XCTestCase {
    /// JSON answers of `rules search --json --batch` for `queries`, one per query.
    /// The index's own suggestions, without the dictionary's advice (CheckTests test that).
    private func answers(_ queries: [String], _ extra: [String] = [], dictionary: Bool = false) throws -> [[String: Any]] {
        let run = try runRules(
            ["search", "--json", "--batch", "--limit", "1"] + extra,
            input: Data((queries.joined(separator: "\n") + "\n").utf8), environment: dictionary ? [:] : ["RULES_DICTIONARY": "/nonexistent"]
        )
        XCTAssertEqual(run.stderr, "")
        let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, queries.count)
        return try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    private func misspellings(_ name: String) throws -> [(typed: String, meant: String)] {
        try String(contentsOf: TestPaths.fixtures.appendingPathComponent("suggest/\(name)"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                return (String(fields[0]), String(fields[1]))
            }
    }

    /// Misspelled queries of the built-in rules' words, made by hand (handmade.tsv; and
    /// holdout.tsv, by a helper session that never saw the suggester, checked here only
    /// after it was made; review.tsv, by the session that reviewed it) and by the generator of typical errors and layout mistakes
    /// (generated.tsv, from `Tests/Tools/misspellings.py`): of those that find nothing, at
    /// least 90% have the query meant as their first suggestion. The misses are listed.
    func testMisspelledQueriesGetTheQueryMeantFirst() throws {
        var cases = try misspellings("generated.tsv")
        cases += try misspellings("handmade.tsv")
        cases += try misspellings("holdout.tsv")
        cases += try misspellings("review.tsv")
        XCTAssertGreaterThanOrEqual(cases.count, 750)
        let results = try answers(cases.map(\.typed))
        var nothingFound = 0
        var first = 0
        var misses: [String] = []
        func folded(_ s: String) -> String { s.replacingOccurrences(of: "ё", with: "е") }
        for (c, answer) in zip(cases, results) where (answer["total"] as! Int) == 0 {
            nothingFound += 1
            XCTAssertEqual((answer["results"] as? [Any])?.count ?? 0, 0)
            let suggestions = answer["suggestions"] as? [String] ?? []
            if let top = suggestions.first, folded(top) == folded(c.meant) {
                first += 1
            } else {
                misses.append("\(c.typed) → \(c.meant): \(suggestions)")
            }
        }
        print(
            "SuggestTests: \(first) of \(nothingFound) queries that find nothing have the query meant first; misses:\n  "
                + misses.joined(separator: "\n  "))
        XCTAssertGreaterThan(nothingFound, 550)
        XCTAssertGreaterThanOrEqual(Double(first), 0.9 * Double(nothingFound), misses.joined(separator: "\n"))
    }

    /// The built-in questions: an answer has suggestions only when one of its words finds
    /// nothing on its own (an unknown word does not), and never when all are found; the
    /// answers themselves are those of the tests against PHP, and without suggestions the
    /// JSON has no such key.
    func testQuestionsWhoseWordsAreKnownGetNoSuggestions() throws {
        let questions = try String(
            contentsOf: TestPaths.repository.appendingPathComponent("Fixtures/rules-ru/questions.tsv"), encoding: .utf8
        )
        .split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        XCTAssertEqual(questions.count, 1103)
        let results = try answers(questions)
        let suggested = zip(questions, results).filter { $0.1["suggestions"] != nil }.map(\.0)
        XCTAssertLessThan(suggested.count, 40)
        // Each word of the questions with suggestions, alone.
        let words = Array(Set(suggested.flatMap { $0.split(separator: " ").map(String.init) })).sorted()
        let alone = Dictionary(uniqueKeysWithValues: zip(words, try answers(words).map { $0["total"] as! Int }))
        for question in suggested {
            XCTAssertTrue(
                question.split(separator: " ").contains { alone[String($0)] == 0 },
                "«\(question)» has suggestions, yet each of its words finds something")
        }
        let raw = try runRules(
            ["search", "--json", "--batch", "--limit", "1"], input: Data((questions.joined(separator: "\n") + "\n").utf8))
        for line in String(decoding: raw.stdout, as: UTF8.self).split(separator: "\n") where !line.contains("\"suggestions\":") {
            XCTAssertTrue(line.hasSuffix("]}"), "an answer without suggestions ends as before")
        }
    }

    /// The keyboard layout: a query typed with the Latin layout on, commas and full stops
    /// being the keys of «б» and «ю», and the reverse.
    func testQueriesTypedInTheOtherLayout() throws {
        let cases = [
            ("pfgznfz", "запятая"), ("ghbdtn", "привет"), ("j,jcj,ktybt", "обособление"), ("nbht", "тире"),
            ("lddjtnjxbt", "двоеточие"), ("lttghbxfcnysq j,jhjn", "деепричастный оборот"),
        ]
        let results = try answers(cases.map(\.0))
        for ((typed, meant), answer) in zip(cases, results) {
            XCTAssertEqual((answer["suggestions"] as? [String])?.first, meant, typed)
        }
        // Words of the Russian layout's keys that are punctuation in Latin («`» is ё); short
        // words when there are several; no reading of a real Latin word that reads as no
        // word («the», «еру»), nor of one short word alone («vs», «мы»; «ьъ», «m]»).
        let more = try answers(["` gjckt ibgzob[", "y b yy", "the", "vs", "ьъ"])
        XCTAssertEqual((more[0]["suggestions"] as? [String])?.first, "ё после шипящих")
        XCTAssertEqual((more[1]["suggestions"] as? [String])?.first, "н и нн")
        for answer in more[2...3] { XCTAssertEqual(answer["suggestions"] as? [String], [], "\(answer)") }
        // «ьъ» is corrected as a Russian word of two letters (the cheap mistakes), not read as Latin.
        XCTAssertFalse((more[4]["suggestions"] as? [String] ?? []).contains("m]"), "\(more[4])")
        XCTAssertEqual(KeyboardLayout.russianReading(ofKeys: "`;["), "ёжх")
        XCTAssertNil(KeyboardLayout.russianReading(ofKeys: "`a"))
        XCTAssertEqual(KeyboardLayout.russianReadings(ofLatin: "ltkf."), ["дела.", "делаю"])
        XCTAssertEqual(KeyboardLayout.latin(ofRussian: "ды"), "ls")
        XCTAssertNil(KeyboardLayout.russianReadings(ofLatin: "запятая"))
        XCTAssertNil(KeyboardLayout.russianReadings(ofLatin: "123"))
    }

    /// The view says it under «Ничего не найдено.» or under the results; the exit status
    /// is the reference's (1 when nothing is found) whatever is suggested.
    func testTheViewSaysWhatWasMeant() throws {
        let nothing = try runRules(["search", "запитая"])
        XCTAssertEqual(nothing.status, 1)
        XCTAssertEqual(
            String(decoding: nothing.stdout, as: UTF8.self),
            "Ничего не найдено.\nВозможно, вы искали: запятая\n")
        let some = try runRules(["search", "--limit", "1", "запятая", "перед", "союзом", "какк"])
        XCTAssertEqual(some.status, 0)
        let text = String(decoding: some.stdout, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("Нашлось "), text)
        // Right under the count, where it is read, not after the results and the paging line.
        XCTAssertEqual(text.split(separator: "\n").dropFirst().first, "Возможно, вы искали: запятая перед союзом как", text)
        // Nothing of the query's control characters reaches the terminal through it.
        let escaped = try runRules(["search", "--color", "never", "  запитая\u{1B}[31m  "])
        let line = String(decoding: escaped.stdout, as: UTF8.self)
        XCTAssertEqual(line, "Ничего не найдено.\nВозможно, вы искали: запятая\n")
        XCTAssertFalse(line.contains("\u{1B}"), line)
        let known = try runRules(["search", "--limit", "1", "запятая"])
        XCTAssertFalse(String(decoding: known.stdout, as: UTF8.self).contains("Возможно"))
        // --plain keeps its lines to results: the line goes to standard error.
        let plain = try runRules(["search", "--plain", "запитая"])
        XCTAssertEqual(plain.status, 1)
        XCTAssertEqual(plain.stdout, Data())
        XCTAssertEqual(plain.stderr, "Возможно, вы искали: запятая\n")
        XCTAssertEqual(try runRules(["search", "--plain", "запятая"]).stderr, "")
        // Several, each in guillemets; in a --plain batch, on standard error with the query.
        // (Alone, «вола» is a word the dictionary knows, which the rules' words do not
        // correct: CheckTests; without a dictionary, the rules' words do.)
        XCTAssertEqual(
            String(decoding: try runRules(["search", "вола"], environment: ["RULES_DICTIONARY": "/nonexistent"]).stdout, as: UTF8.self),
            "Ничего не найдено.\nВозможно, вы искали: «вода», «волга» или «пола»\n")
        let batch = try runRules(
            ["search", "--batch", "--plain"], input: Data("запитая\nтире\nвола\n".utf8), environment: ["RULES_DICTIONARY": "/nonexistent"])
        XCTAssertEqual(batch.stderr, "запитая: Возможно, вы искали: запятая\nвола: Возможно, вы искали: «вода», «волга» или «пола»\n")
        // With the dictionary, a batch says what the same queries alone say.
        if (try? runRules(["check", "и"]).status) == 0 {
            let advised = try runRules(["search", "--batch", "--plain"], input: Data("запитая\nтире\nвола\n".utf8))
            XCTAssertEqual(advised.stderr, "запитая: Возможно, вы искали: запятая\n")
        }
        // Ten results for тире, and a line for each query that found nothing.
        let lines = String(decoding: batch.stdout, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 12)
        XCTAssertEqual(lines.first, "запитая\t\t\t")
        XCTAssertEqual(lines.last, "вола\t\t\t")
    }

    /// An index of one's own suggests from its own words; PHP's S2 file alone has none and
    /// says nothing; a damaged vocabulary is said once and the answers stand.
    func testCustomIndexesSuggestFromTheirOwnWords() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-suggest-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try? FileManager.default.removeItem(at: folder)
        let index = folder.appendingPathComponent("index")
        let corpus = TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl")
        XCTAssertEqual(try runRules(["index", "build", "--corpus", corpus.path, "--out", index.path]).status, 0)
        let ours = try answers(["катологов", "спровочных", "каталоги"], ["--index", index.path])
        XCTAssertEqual((ours[0]["suggestions"] as? [String])?.first, "каталогов")
        XCTAssertEqual((ours[1]["suggestions"] as? [String])?.first, "справочных")
        XCTAssertNil(ours[2]["suggestions"])
        // PHP's file alone: no vocabulary, no key, nothing said.
        let alone = folder.appendingPathComponent("php")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestPaths.fixtures.appendingPathComponent("man-ru-mini/s2_search_index.php"),
            to: alone.appendingPathComponent(S2IndexFile.fileName))
        try FileManager.default.copyItem(at: corpus, to: alone.appendingPathComponent("corpus.jsonl"))
        let php = try answers(["катологи"], ["--index", alone.path])
        XCTAssertNil(php[0]["suggestions"])
        // Damaged: said once on standard error, answers unchanged.
        let words = index.appendingPathComponent(Vocabulary.fileName)
        var bytes = try Data(contentsOf: words)
        bytes[bytes.count / 2] ^= 0x10
        try bytes.write(to: words)
        let damaged = try runRules(
            ["search", "--json", "--batch", "--index", index.path], input: Data("катологи\nкаталоги\nкатологи\n".utf8),
            environment: ["RULES_DICTIONARY": "/nonexistent"])
        XCTAssertEqual(damaged.status, 0)
        XCTAssertEqual(damaged.stderr.split(separator: "\n").count, 1, damaged.stderr)
        XCTAssertTrue(damaged.stderr.contains("rules-words.bin is damaged"), damaged.stderr)
        XCTAssertFalse(String(decoding: damaged.stdout, as: UTF8.self).contains("\"suggestions\""))
        // A FIFO: said, not waited on.
        try FileManager.default.removeItem(at: words)
        XCTAssertEqual(mkfifo(words.path, 0o600), 0)
        let fifo = try runRules(["search", "--json", "--index", index.path, "катологи"])
        XCTAssertEqual(fifo.status, 1)
        XCTAssertTrue(fifo.stderr.contains("it is not a regular file"), fifo.stderr)
        // Not a file: said as such.
        try FileManager.default.removeItem(at: words)
        try FileManager.default.createDirectory(at: words, withIntermediateDirectories: false)
        let directory = try runRules(["search", "--json", "--index", index.path, "катологи"])
        XCTAssertEqual(directory.status, 1)
        XCTAssertTrue(
            directory.stderr.hasSuffix(
                "rules-words.bin: it is a directory; no suggestions for misspelled words until the index is built again\n"),
            directory.stderr)
    }

    /// The vocabulary a build keeps is the words of its corpus (counted from its indexer's
    /// reading, the same as reading the corpus again); a refresh adds the words of the
    /// chapters it refreshes to it, and the file reads back as written.
    func testTheVocabularyIsTheCorpusWords() throws {
        let corpusFile = TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl")
        let folder = try builtIndex("vocabulary", corpus: corpusFile)
        let corpus = try Corpus.read(corpusFile)
        let kept = try XCTUnwrap(try Vocabulary.read(in: folder))
        let engine = allEngines()[0]
        XCTAssertEqual(kept.encoded(), Vocabulary(corpus, engine: engine).encoded())
        XCTAssertEqual(kept.encoded(), try Vocabulary(decoding: kept.encoded()).encoded())
        XCTAssertGreaterThan(kept.count, 2000)
        // Independently: the words of the texts, lower case, between the indexer's separators.
        let expected = Set(
            corpus.chapters.values.flatMap { chapter -> [String] in
                let text = (chapter.title.stringValue.text + " " + chapter.html.text)
                    .replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression).lowercased()
                return text.split(whereSeparator: { !$0.isLetter }).map { String($0).replacingOccurrences(of: "ё", with: "е") }
            })
        var words = Set((0..<kept.count).map { String(decoding: Array(kept.units($0)), as: UTF16.self) })
        for word in words where word.contains("-") { words.formUnion(word.split(separator: "-").map(String.init)) }
        let missing = expected.filter { word in
            word.count > 2 && word.unicodeScalars.allSatisfy { (0x430...0x44F).contains($0.value) } && !words.contains(word)
        }
        XCTAssertTrue(missing.isEmpty, "words of the texts not in the vocabulary: \(missing.sorted().prefix(20))")
        // A refresh adds the new chapter's words.
        var lines = try String(contentsOf: corpusFile, encoding: .utf8)
        lines += "{\"id\": \"new\", \"title\": \"Новая\", \"html\": \"<p>Кракозябры и абракадабра</p>\"}\n"
        let changed = folder.appendingPathComponent("changed.jsonl")
        try Data(lines.utf8).write(to: changed)
        XCTAssertEqual(try runRules(["index", "refresh", "--corpus", changed.path, "--out", folder.path]).status, 0)
        let after = try XCTUnwrap(try Vocabulary.read(in: folder))
        let added = Set((0..<after.count).map { String(decoding: Array(after.units($0)), as: UTF16.self) }).subtracting(words)
        XCTAssertEqual(added, ["кракозябры", "абракадабра"])
        XCTAssertEqual(after.count, kept.count + 2)
        let answer = try runRules(["search", "--json", "--index", folder.path, "кракозибры"])
        XCTAssertTrue(
            String(decoding: answer.stdout, as: UTF8.self).contains("\"suggestions\":[\"кракозябры\"]"),
            String(decoding: answer.stdout, as: UTF8.self))
    }

    /// A corrected query is the query's words as one types them again: the punctuation the
    /// reference leaves on a word («(запятая» is a word to it, which it never finds) is not
    /// corrected with it, and punctuation alone is left out; every unknown word is
    /// corrected, and the words are counted without the punctuation for the ten-word limit.
    func testCorrectedQueriesAreTheQueryWords() throws {
        let queries = [
            "(запитая)", "запитая...", "«запитая», перед как?", "запятая (перед как)",
            "сабака — обасобление", "сущиствительное прилогательное местаимение числитильное",
            "запитая , , , , , , , , , , , , перед как", "один два три четыре пять шесть семь восемь девять десять запитая",
        ]
        let results = try answers(queries)
        func first(_ k: Int) -> String? { (results[k]["suggestions"] as? [String])?.first }
        XCTAssertEqual(first(0), "запятая")
        XCTAssertEqual(first(1), "запятая")
        XCTAssertEqual(first(2), "запятая перед как")
        // Every word known: the reference's answer, no key.
        XCTAssertNil(results[3]["suggestions"])
        XCTAssertEqual(first(4), "собака обособление")
        XCTAssertEqual(first(5), "существительное прилагательное местоимение числительное")
        XCTAssertEqual(first(6), "запятая перед как")
        // Eleven words: not corrected.
        XCTAssertNil(results[7]["suggestions"])
    }

    /// What the review of the first version found: a word whose stem the index excludes
    /// («его») is known; a layout reading keeps no key that is punctuation on one layout
    /// («бщзут» is `open`, not `,open`); a correction to another word of the query is none;
    /// corrections that find the same (the same stems) are offered once; two-letter words
    /// get the cheap corrections; terminal escapes, tags and line separators leave nothing;
    /// two words typed as one are split, and a short one in the other layout may have a
    /// cheap mistake.
    func testWhatTheReviewFound() throws {
        let split = try answers(["мягкийзнак", "ntht"])
        XCTAssertEqual((split[0]["suggestions"] as? [String])?.first, "мягкий знак")
        XCTAssertEqual((split[1]["suggestions"] as? [String])?.first, "тире")
        let queries = [
            "его", "правило его", "бщзут", "pfgznfz,", "блистать или блестать", "ghbxfcnbt оборот", "жы шы", "чя щя",
            "\u{1B}]0;pwned\u{07}запитая", "запитая\u{1B}[31m", "запитая\u{2028}тире", "<script>запитая",
        ]
        let results = try answers(queries)
        func suggested(_ k: Int) -> [String]? { results[k]["suggestions"] as? [String] }
        XCTAssertNil(suggested(0))
        XCTAssertNil(suggested(1))
        XCTAssertEqual(suggested(2)?.first, "open")
        XCTAssertEqual(suggested(3), ["запятая"])
        XCTAssertFalse(suggested(4)?.contains("блистать или блистать") ?? true, "\(results[4])")
        XCTAssertEqual(suggested(5), ["причастие оборот"])
        XCTAssertEqual(suggested(6)?.first, "жи ши")
        XCTAssertEqual(suggested(7)?.first, "ча ща")
        XCTAssertEqual(suggested(8)?.first, "запятая")
        XCTAssertEqual(suggested(9)?.first, "запятая")
        XCTAssertEqual(suggested(10)?.first, "запятая тире")
        XCTAssertEqual(suggested(11)?.first, "запятая")
        XCTAssertEqual(
            Suggester.withoutEscapes(Bytes("a\u{1B}[1;31mb\u{1B}]2;t\u{1B}\\c\u{1B}Pq\u{07}d\u{1B}(e".utf8)), Bytes("abcde".utf8))
    }

    /// The vocabulary leaves out what no query should be corrected to: the wrong forms the
    /// rules strike out (<s>жолудь</s>), the misspellings and word pieces they list as
    /// keywords (расчитать, енн), pieces of words between hyphens (-ёнк-, кое-), and a word
    /// split to show hyphenation where its whole form is a candidate (стеклян-ный).
    func testWrongFormsAndPiecesAreNotSuggested() throws {
        let vocabulary = try BuiltInIndex.vocabulary()
        func has(_ word: String) -> Bool { vocabulary.contains(Array(word.utf16)) }
        for wrong in ["жолудь", "расчитать", "енн", "кое-", "-енк-", "енк", "ание"] { XCTAssertFalse(has(wrong), wrong) }
        for right in ["желудь", "рассчитать", "кое-как", "стеклянный", "запятая"] { XCTAssertTrue(has(right), right) }
        let results = try answers(["футбал", "безпалезный", "стекляный", "расщитать"])
        XCTAssertEqual(results[0]["suggestions"] as? [String], ["футбол"])
        XCTAssertEqual((results[1]["suggestions"] as? [String])?.first, "бесполезный")
        XCTAssertFalse((results[2]["suggestions"] as? [String] ?? []).contains("стеклян-ный"), "\(results[2])")
        XCTAssertEqual((results[3]["suggestions"] as? [String])?.first, "рассчитать")
        // Struck out in any of its forms; an element left open runs to the end.
        let html = Bytes("<p>Так: <s>ошибка</s>, <S>Ещё</S>, <del class=\"x\">раз</del>, <strike>два</strike> и <s>три".utf8)
        let spans = UncountedWords.struckSpans(in: html).map { String(decoding: html[$0], as: UTF8.self) }
        XCTAssertEqual(spans, ["ошибка", "Ещё", "раз", "два", "три"])
        XCTAssertEqual(UncountedWords.struckSpans(in: Bytes("<span>а</span><sup>б</sup><small>в</small>".utf8)), [])
    }

    /// The trie walk with its shortcuts finds exactly the words that a comparison with every
    /// word of the vocabulary finds, at each limit.
    func testTheVocabularySearchMissesNothing() throws {
        let vocabulary = try BuiltInIndex.vocabulary()
        for typed in ["запитая", "сонце", "щастье", "жолтый", "причастик", "обасобление", "ссч", "лн", "вство"] {
            let units = Array(typed.utf16)
            let cost = SpellingCost(typed: units)
            for limit in [2, 4, 8] {
                let walked = Set(vocabulary.near(units, within: limit).map(\.word))
                let all = Set((0..<vocabulary.count).filter { cost.cost(Array(vocabulary.units($0))) <= limit })
                XCTAssertEqual(walked, all, "\(typed) within \(limit)")
            }
        }
    }

    /// A vocabulary of the earlier form ("RULESWD2", summed in one lane) still reads, with
    /// the same words; a changed byte in either form is found.
    func testTheEarlierVocabularyFormReads() throws {
        let current = try BuiltInIndex.vocabulary().encoded()
        XCTAssertEqual(Array(current.prefix(8)), Bytes("RULESWD3".utf8))
        var earlier = Bytes("RULESWD2".utf8) + current[8..<(current.count - 8)]
        earlier.appendLittleEndian(Checksum.of(earlier))
        let read = try Vocabulary(decoding: earlier)
        let now = try Vocabulary(decoding: current)
        XCTAssertEqual(read.count, now.count)
        for k in stride(from: 0, to: now.count, by: 97) { XCTAssertEqual(Array(read.units(k)), Array(now.units(k))) }
        for var bytes in [earlier, current] {
            bytes[bytes.count / 3] ^= 0x01
            XCTAssertThrowsError(try Vocabulary(decoding: bytes))
        }
    }

    /// The costs of the mistakes people make: half an edit for the typical ones.
    func testSpellingCosts() {
        func cost(_ typed: String, _ word: String) -> Int {
            SpellingCost(typed: Array(typed.utf16)).cost(Array(word.utf16))
        }
        XCTAssertEqual(cost("запятая", "запятая"), 0)
        XCTAssertEqual(cost("запитая", "запятая"), 2)   // и for я
        XCTAssertEqual(cost("сабака", "собака"), 2)   // а for о
        XCTAssertEqual(cost("класный", "классный"), 2)   // a doubled consonant single
        XCTAssertEqual(cost("обьявление", "объявление"), 2)   // ь for ъ
        XCTAssertEqual(cost("чесный", "честный"), 2)   // an unpronounced т
        XCTAssertEqual(cost("безсильный", "бессильный"), 2)   // з for с in a prefix
        XCTAssertEqual(cost("зпаятая", "запятая"), 4)   // two letters swapped
        XCTAssertEqual(cost("запятаю", "запятая"), 4)   // any other letter
        XCTAssertEqual(cost("запята", "запятая"), 4)   // one left out
        XCTAssertEqual(cost("пзаятая", "запятая"), 8)
        XCTAssertEqual(cost("сонце", "солнце"), 2)   // an unpronounced л, в, д
        XCTAssertEqual(cost("чуство", "чувство"), 2)
        XCTAssertEqual(cost("серце", "сердце"), 2)
        XCTAssertEqual(cost("жолтыи", "желтыи"), 2)   // о for ё after a sibilant
        XCTAssertEqual(cost("шеколад", "шоколад"), 2)
        XCTAssertEqual(cost("колобек", "колобок"), 4)   // not after one
        XCTAssertEqual(cost("щастье", "счастье"), 2)   // щ for сч, and back
        XCTAssertEqual(cost("счетка", "щетка"), 2)
        XCTAssertEqual(cost("причастик", "причастие"), 3)   // the key beside it
        XCTAssertEqual(cost("причастиф", "причастие"), 4)
    }
}
