import Foundation
import XCTest
import RulesRegex
@testable import RulesSearch

/// What a third attack on `rules` (issue 31) still found: the Foundation engine slow or
/// answering where PHP refuses, an index rewritten in place under a running batch, a file
/// larger than the memory allowed.
final class ThirdAttackTests: XCTestCase {
    /// A corpus keyword and a query of `.?` × 30 then `а` × 30 on a chapter of 200 words of
    /// 40 `а`: each word's start backtracks for a tenth of a second in ICU, and the budget
    /// (one report for each place and one per 10 characters, 10,000 steps each) let it
    /// spend 20 s where PCRE2 takes 0.01 s. Both engines now give the same answer, bounded.
    func testABacktrackingKeywordIsBoundedOnTheFoundationEngine() throws {
        let folder = try builtIndex("third-keyword", corpus: try corpus("keyword", [
            ["id": "k1", "title": "Ключ", "html": String(repeating: String(repeating: "а", count: 40) + " ", count: 200) + "конец.",
             "keywords": String(repeating: ".?", count: 30) + String(repeating: "а", count: 30)],
            ["id": "k2", "title": "Другое", "html": "другое"],
        ]))
        let query = String(repeating: ".?", count: 30) + String(repeating: "а", count: 30)
        var answers: [Data] = []
        for engine in ["pcre2", "foundation"] {
            let started = Date()
            let run = try runRules(["search", "--engine", engine, "--index", folder.path, "--json", query])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertLessThan(Date().timeIntervalSince(started), 8, engine)
            answers.append(run.stdout)
        }
        XCTAssertEqual(answers[0], answers[1])
    }

    /// The highlight pattern names a word once for each time a sentence holds it. ICU tried
    /// every name at every place (a sentence of 300,000 words: over 20 s, growing with the
    /// square); a name written as an earlier one is now left out. Past PCRE2's size for a
    /// compiled pattern PHP refuses the pattern and shows no snippet: so does the
    /// Foundation engine now, where it gave a snippet of 100 KB.
    func testTheHighlightPatternOfALongSentenceAnswersAsPHPDoes() throws {
        let vocabulary = "запятая тире дефис слово союз причастие оборот предложение точка кавычки".split(separator: " ").map(String.init)
        var rng = SeededGenerator(seed: 5)
        for count in [2_000, 300_000] {
            let words = (0..<count).map { _ in vocabulary[Int.random(in: 0..<vocabulary.count, using: &rng)] }
            let line = Bytes(php: words.joined(separator: " "))
            let found = words.filter { $0 == "оборот" || $0 == "предложение" }.map { Bytes(php: $0) }
            let pattern = ReferencePatterns.Snippets.highlight(found)
            let replacement = Bytes(php: ReferencePatterns.Snippets.highlightReplacement)
            var answers: [Bytes?] = []
            for engine in allEngines() {
                let started = Date()
                let starts = Finder.occurrences(of: found, in: line)
                answers.append(Preg(engine: engine).replace(pattern, replacement, line, onlyStartingAt: starts))
                XCTAssertLessThan(Date().timeIntervalSince(started), 8, "\(engine.name), \(count) words")
            }
            XCTAssertTrue(answers[0] == answers[1], "\(count) words")
            // 2,000 words compile for PHP; 300,000 do not.
            XCTAssertEqual(answers[0] == nil, count == 300_000, "\(count) words")
        }
        // Alternatives written alike, with and without groups, match as PCRE2 matches them.
        let subject = Bytes(php: "ab ba aab abab b a ba ab")
        for pattern in ["#(ab|b|ab|b)#", "#(a)b|b|(a)b|b#", "#\\b(?:ab|ba|ab)\\b#u", "#(?:a|a)+b#", "#(ab|(b)|ab|(b))#"] {
            let listed = allEngines().map { Preg(engine: $0).matchAllOffsets(Bytes(php: pattern), subject)?.matches }
            XCTAssertEqual(listed[0], listed[1], pattern)
        }
    }

    /// A running batch reads one version of its index to the end: `rules-index.bin` and
    /// `rules-texts.bin` cut short in place (as `cp` over them does first) killed it with
    /// SIGBUS and lost the answers it had made.
    func testABatchOutlivesItsIndexRewrittenInPlace() throws {
        let folder = try builtIndex("third-inplace")
        let input = Pipe(), output = Pipe()
        let (process, errors) = try started(["search", "--index", folder.path, "--batch", "--plain", "--limit", "3"],
                                            input: input, output: output)
        try input.fileHandleForWriting.write(contentsOf: Data("права доступа\nфайл\n".utf8))
        usleep(1_000_000)   // the index is opened before the first line is read
        for name in [BinaryIndex.fileName, ChapterTexts.fileName] {
            let fd = open(folder.appendingPathComponent(name).path, O_WRONLY | O_TRUNC)
            XCTAssertGreaterThanOrEqual(fd, 0)
            close(fd)
        }
        try input.fileHandleForWriting.write(contentsOf: Data("сигнал процесса\nls\n".utf8))
        try input.fileHandleForWriting.close()
        let answers = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "ended by a signal")
        XCTAssertEqual(process.terminationStatus, 0, said)
        XCTAssertEqual(said, "")
        // The same answers as a batch over an intact copy.
        let intact = try builtIndex("third-intact")
        let expected = try runRules(["search", "--index", intact.path, "--batch", "--plain", "--limit", "3"],
                                    input: Data("права доступа\nфайл\nсигнал процесса\nls\n".utf8))
        XCTAssertEqual(answers, String(decoding: expected.stdout, as: UTF8.self))
        XCTAssertFalse(answers.isEmpty)
    }

    /// A mapped file cut short under a one-off command faults (SIGBUS): the command says so
    /// in one line and exits with 2, not "Bus error" and a core.
    func testAFaultOnAMappedFileIsOneLineAndExitTwo() throws {
        let (process, errors) = try started(["check-engines", "--fuzz", "1000000"])
        usleep(500_000)
        kill(process.processIdentifier, SIGBUS)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 2)
        XCTAssertEqual(said, "rules: an index file was rewritten in place while it was read (copied over, or 'rsync --inplace'); run the command again\n")
    }

    /// An S2 file larger than the memory the program may have (a sparse file of 3 GB under
    /// a 2 GB limit) is one line and exit 2; Swift's allocation ended the program (134).
    func testAnS2FileLargerThanTheMemoryAllowedIsOneLine() throws {
        let folder = try builtIndex("third-huge")
        XCTAssertEqual(truncate(folder.appendingPathComponent(S2IndexFile.fileName).path, 3 << 30), 0)
        let prlimit = URL(fileURLWithPath: "/usr/bin/prlimit")
        guard FileManager.default.isExecutableFile(atPath: prlimit.path) else {
            throw XCTSkip("prlimit (util-linux) is needed to limit the memory of the command")
        }
        let (process, errors) = try started(["--as=2000000000", TestPaths.rulesBinary.path, "titles", "--index", folder.path, "доступ"],
                                            executable: prlimit)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2, said)
        XCTAssertTrue(said.hasPrefix("rules: cannot read \(folder.path)/\(S2IndexFile.fileName): 3221225472 bytes is more than the memory there is for it"), said)
        XCTAssertEqual(said.filter { $0 == "\n" }.count, 1, said)
    }

    /// `rules` (or `executable`) started with `arguments`, in English; its standard error.
    private func started(_ arguments: [String], executable: URL = TestPaths.rulesBinary, input: Pipe? = nil,
                         output: Pipe? = nil) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        process.environment = environment
        let errors = Pipe()
        if let input { process.standardInput = input }
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        return (process, errors)
    }

    private func corpus(_ name: String, _ chapters: [[String: String]]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rules-third-\(name)-\(getpid()).jsonl")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        let lines = try chapters.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}
