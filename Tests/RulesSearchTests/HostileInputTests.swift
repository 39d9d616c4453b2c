import Foundation
import XCTest
import RulesRegex
@testable import RulesSearch

/// The second attack on `rules` (issue 31): each way it found to crash, hang, or answer
/// wrongly without a word, given a defined answer in bounded time and memory.
final class HostileInputTests: XCTestCase {
    /// A count of generated queries past what can be run is refused in one line, and the
    /// queries are made as they are used: `--fuzz 9223372036854775807` corrupted the heap
    /// (the whole array was asked for at once), `--fuzz 100000000` grew past 600 MB.
    func testAHugeFuzzCountIsRefusedAndQueriesAreMadeAsUsed() throws {
        for count in ["9223372036854775807", "1000000000000", "1000001", "-1"] {
            let run = try runRules(["check-engines", "--fuzz", count])
            XCTAssertEqual(run.status, 2, count)
            XCTAssertTrue(run.stderr.hasPrefix("rules: option '--fuzz' needs a whole number from 0 to 1000000, not '\(count)'"), run.stderr)
            XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
            XCTAssertEqual(run.stdout, Data(), count)
        }
        let russian = try runRules(["check-engines", "--fuzz", "1000001"], environment: ["LANG": "ru_RU.UTF-8"])
        XCTAssertTrue(russian.stderr.contains("целое число от 0 до 1000000"), russian.stderr)
        // As many as asked for, one at a time: the first few of Int.max come at once.
        let words = [Bytes(php: "запятая"), Bytes(php: "тире")]
        XCTAssertEqual(Array(FuzzQuery.generate(count: .max, seed: 1, vocabulary: words).prefix(5)).count, 5)
        XCTAssertEqual(Array(FuzzPattern.generate(count: .max, seed: 1, vocabulary: words).prefix(5)).count, 5)
        // The same queries for the same seed as before they were made one at a time.
        XCTAssertEqual(Array(FuzzQuery.generate(count: 50, seed: 7, vocabulary: words)),
                       Array(FuzzQuery.generate(count: 80, seed: 7, vocabulary: words).prefix(50)))
    }

    /// An S2 file that never ends (`/dev/zero` in its place) or never opens (a FIFO) is
    /// refused at once by every command that reads it, as the other index files are.
    func testAnEndlessOrUnopenableS2FileIsRefused() throws {
        let built = try builtIndex("endless-s2")
        let fifoFolder = built.deletingLastPathComponent().appendingPathComponent("rules-fifo-s2-\(getpid())")
        let zeroFolder = built.deletingLastPathComponent().appendingPathComponent("rules-zero-s2-\(getpid())")
        for folder in [fifoFolder, zeroFolder] {
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.copyItem(at: built, to: folder)
            addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.removeItem(at: folder.appendingPathComponent(S2IndexFile.fileName))
        }
        XCTAssertEqual(mkfifo(fifoFolder.appendingPathComponent(S2IndexFile.fileName).path, 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: zeroFolder.appendingPathComponent(S2IndexFile.fileName).path,
                                                   withDestinationPath: "/dev/zero")
        let corpus = TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl").path
        for folder in [fifoFolder.path, zeroFolder.path, "/dev/zero"] {
            for arguments in [["search", "--index", folder, "файл"], ["titles", "--index", folder, "файл"],
                              ["index", "refresh", "--corpus", corpus, "--out", folder]] {
                let started = Date()
                let run = try runRules(arguments)
                XCTAssertLessThan(Date().timeIntervalSince(started), 10, "\(arguments)")
                XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
                XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, "\(arguments): \(run.stderr)")
                // (`--out /dev/zero` is refused sooner: not a folder.)
                if arguments.last != "/dev/zero" {
                    XCTAssertTrue(run.stderr.contains("it is not a regular file"), "\(arguments): \(run.stderr)")
                }
                // Said once, and not as damage a rebuild would mend.
                XCTAssertEqual(run.stderr.components(separatedBy: "s2_search_index.php").count, folder == "/dev/zero" ? 1 : 2, run.stderr)
                XCTAssertFalse(run.stderr.contains("rebuild"), run.stderr)
            }
        }
    }

    /// The Foundation engine on the two plain inputs where it was quadratic: the stemmer's
    /// DERIVATIONAL on a long word (a 100,000-letter word took over a minute: the first use
    /// of a pattern skipped the analysis that rejects such a word at its last letter), and
    /// the snippets' guillemets on a line of unclosed «, each searched to the line's end
    /// (80,000 took over 100 s). Both answer as PCRE2 does, at once.
    func testTheFoundationEngineIsNotQuadraticOnLongWordsOrUnclosedGuillemets() throws {
        var words = [String(repeating: "ба", count: 50_000)]
        words += ["с", "ость", "ост\n", "сть"].map { String(repeating: "ба", count: 20_000) + $0 }
        for word in words {
            let started = Date()
            let stems = allEngines().map { Stemmer(preg: Preg(engine: $0)).stem(Bytes(php: word)) }
            XCTAssertEqual(stems[0], stems[1], "\(word.suffix(6))")
            XCTAssertLessThan(Date().timeIntervalSince(started), 5, "\(word.suffix(6))")
        }
        let pattern = Bytes(php: ReferencePatterns.Snippets.guillemets)
        let replacement = Bytes(php: ReferencePatterns.Snippets.guillemetsReplacement)
        let lines = [
            String(repeating: "«а ", count: 80_000),
            "» " + String(repeating: "«а ", count: 80_000),
            String(repeating: "«а ", count: 40_000) + "» " + String(repeating: "«а ", count: 40_000),
            String(repeating: "«а» «б ", count: 30_000) + "»",
        ]
        for line in lines {
            let started = Date()
            let answers = allEngines().map { Preg(engine: $0).replace(pattern, replacement, Bytes(php: line)) }
            XCTAssertTrue(answers[0] == answers[1], "\(line.prefix(12))")
            XCTAssertLessThan(Date().timeIntervalSince(started), 5, "\(line.prefix(12))")
        }
    }

    /// Where a match must start by (the last place of a text every match holds), the
    /// Foundation engine searches no further: on subjects made of the reference patterns'
    /// own literals and long enough for it, every pattern matches, lists and replaces as
    /// PCRE2 does.
    func testLimitingStartsChangesNoMatch() throws {
        var rng = SeededGenerator(seed: 31)
        let pieces = ["«", "»", "о", "с", "т", "ь", "ость", "а", "б", "я", "ем", "нн", ".", "? ", "! ", " ", "\n", "\t", "&", ";",
                      "amp;", ",", "и", "ейш", "ё", "x", "<", ">"]
        let patterns = ReferencePatterns.all.map { ($0.pattern, $0.replacement ?? "") }
            + [(String(decoding: ReferencePatterns.Snippets.stemsInText([Bytes(php: "ост"), Bytes(php: "б")]), as: UTF8.self), "<$1>")]
        for (pattern, replacement) in patterns {
            let engines = allEngines().map { Preg(engine: $0) }
            for _ in 0..<60 {
                let length = Int.random(in: 100...900, using: &rng)
                let subject = Bytes(php: (0..<length).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &rng)] }.joined())
                let listed = engines.map { preg -> [Match]? in preg.matchAllOffsets(Bytes(php: pattern), subject)?.matches }
                XCTAssertEqual(listed[0], listed[1], "\(pattern) on \(subject.text.prefix(60))")
                let replaced = engines.map { $0.replace(Bytes(php: pattern), Bytes(php: replacement), subject) }
                XCTAssertTrue(replaced[0] == replaced[1], "\(pattern) on \(subject.text.prefix(60))")
                var first: [[Bytes]] = [[], []]
                for (i, preg) in engines.enumerated() { _ = preg.match(Bytes(php: pattern), subject, &first[i]) }
                XCTAssertEqual(first[0], first[1], pattern)
            }
        }
    }
}
