import Foundation
import RulesRegex
import XCTest

@testable import RulesSearch

/// What a third attack on `rules` by hostile input still found: the Foundation engine slow or
/// answering where PHP refuses, an index rewritten in place under a running batch, a file
/// larger than the memory allowed.
final class ThirdAttackTests: XCTestCase {
    /// A corpus keyword and a query of `.?` × 30 then `а` × 30 on a chapter of 200 words of
    /// 40 `а`: each word's start backtracks for a tenth of a second in ICU, and the budget
    /// (one report for each place and one per 10 characters, 10,000 steps each) let it
    /// spend 20 s where PCRE2 takes 0.01 s. Both engines now give the same answer, bounded.
    func testABacktrackingKeywordIsBoundedOnTheFoundationEngine() throws {
        let folder = try builtIndex(
            "third-keyword",
            corpus: try corpus(
                "keyword",
                [
                    [
                        "id": "k1", "title": "Ключ",
                        "html": String(repeating: String(repeating: "а", count: 40) + " ", count: 200) + "конец.",
                        "keywords": String(repeating: ".?", count: 30) + String(repeating: "а", count: 30),
                    ],
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
        for count in [2_000, 6_000, 300_000] {
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
            // 2,000 and 6,000 words compile for PHP; 300,000 do not.
            XCTAssertEqual(answers[0] == nil, count == 300_000, "\(count) words")
        }
        // Alternatives written alike, with and without groups, look-aheads, atomic groups,
        // possessive repeats and back references, match as PCRE2 matches them.
        let subject = Bytes(php: "ab ba aab abab b a ba ab aa bb")
        for pattern in [
            "#(ab|b|ab|b)#", "#(a)b|b|(a)b|b#", "#\\b(?:ab|ba|ab)\\b#u", "#(?:a|a)+b#", "#(ab|(b)|ab|(b))#",
            "#(?:(?=a)a|b|(?=a)a)+#", "#(?>ab|a|ab)b#", "#(?:a|b|a)*+b#", "#(a)(?:\\1|b|\\1)#", "#(?:a(?!b)|b|a(?!b))+#",
        ] {
            let listed = allEngines().map { Preg(engine: $0).matchAllOffsets(Bytes(php: pattern), subject)?.matches }
            XCTAssertEqual(listed[0], listed[1], pattern)
        }
    }

    /// A pattern with a run read on to the end of each line, over a chapter of long lines:
    /// thousands of ICU steps at each place, which the whole-search budget once took for a
    /// runaway (the Foundation engine stopped where PCRE2 answers). Both answer alike.
    /// (With `s`, a run read on to the end of a 100,000-character subject from each of its
    /// places is beyond the budget: README, "Limits".)
    func testLongLinesSearchedNormallyAreNotTakenForARunaway() throws {
        var rng = SeededGenerator(seed: 11)
        let letters = Array("абвгдежзиклмнопрстуфхцчшщыэюя ")
        for (lines, width) in [(2_000, 50), (1, 20_000), (100, 1_000)] {
            let text =
                (0..<lines).map { _ in String((0..<width).map { _ in letters[Int.random(in: 0..<letters.count, using: &rng)] }) }
                .joined(separator: "\n") + "\nъ ъ"
            let subject = Bytes(php: text)
            for pattern in [#"#а.*ъ\d#u"#, #"#(?<=[^a-zа-я]|^)(а.*ъ\d)[a-zа-я]*#sui"#, #"#а.*?ъ\d#u"#, #"#(?:а|о).*ъ#u"#] {
                let answers = allEngines().map { engine in
                    let preg = Preg(engine: engine)
                    let found = preg.matchAllOffsets(Bytes(php: pattern), subject)?.matches
                    return "\(found.map { "\($0)" } ?? "error") \(preg.lastError.map { "\($0)" } ?? "")"
                }
                XCTAssertEqual(answers[0], answers[1], "\(pattern), \(lines) lines of \(width)")
            }
        }
    }

    /// Patterns beyond a limit of PCRE2's compiler (a look-behind over 65,535 characters,
    /// over 65,535 groups, over 10,000 names, a name over 32 characters, nesting, size):
    /// PHP cannot compile them, and the Foundation engine, whose ICU has no such limits,
    /// refuses them with the same message.
    func testPatternsBeyondPCRE2sLimitsAreRefusedByBothEngines() {
        let patterns = [
            "#(?<=a{60000}a{60000})b#",
            "#" + String(repeating: "(a)", count: 70_000) + "#",
            "#" + (0..<10_001).map { "(?<n\($0)>a)" }.joined() + "#",
            "#(?<" + String(repeating: "n", count: 40) + ">a)#",
            "#" + String(repeating: "(?|", count: 1_000) + "a" + String(repeating: ")", count: 1_000) + "#",
            "#" + String(repeating: "a", count: 70_000) + "#",
        ]
        for pattern in patterns {
            let said = allEngines().map { engine in
                let preg = Preg(engine: engine)
                return preg.matchAllOffsets(Bytes(php: pattern), Bytes(php: "aab")) == nil ? preg.lastError.map { "\($0)" } : "answered"
            }
            XCTAssertEqual(said[0], said[1], String(pattern.prefix(40)))
            XCTAssertTrue(said[0]?.hasPrefix("Compilation failed: ") == true, "\(String(pattern.prefix(40))): \(said)")
        }
    }

    /// A titles query that is not UTF-8 (typed in a CP1251 terminal) is searched as PHP's
    /// TitleFinder searches it: `mb_strtolower` makes each bad byte `?` (PHP 8.2 finds the
    /// title with `?`); Swift's arguments had made it U+FFFD, which found another title.
    func testATitlesQueryThatIsNotUTF8IsSearchedAsPHPDoes() throws {
        let folder = try builtIndex(
            "third-titles",
            corpus: try corpus(
                "titles",
                [
                    ["id": "q1", "title": "Что такое «?» в выражениях", "html": "<p>x</p>"],
                    ["id": "q2", "title": "Замена символа \u{FFFD}", "html": "<p>y</p>"],
                ]))
        let output = Pipe()
        let (process, errors) = try started(
            ["-c", "exec \"$0\" titles --index \"$1\" -- \"$(printf '\\377')\"", TestPaths.rulesBinary.path, folder.path],
            executable: URL(fileURLWithPath: "/bin/sh"), output: output)
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, said)
        XCTAssertEqual(answer.split(separator: "\t").first, "q1", answer)
    }

    /// A running batch reads one version of its index to the end: `rules-index.bin` and
    /// `rules-texts.bin` cut short in place (as `cp` over them does first) killed it with
    /// SIGBUS and lost the answers it had made.
    func testABatchOutlivesItsIndexRewrittenInPlace() throws {
        let folder = try builtIndex("third-inplace")
        let input = Pipe()
        let output = Pipe()
        // JSON, for its snippets come from the texts file.
        let arguments = ["search", "--index", folder.path, "--batch", "--json", "--limit", "3"]
        let (process, errors) = try started(arguments, input: input, output: output)
        // Once the command has read as much as its index files hold (a batch answers a block
        // of lines at a time, so no answer tells), they are cut short.
        try input.fileHandleForWriting.write(contentsOf: Data("права доступа\n".utf8))
        let indexBytes = try [BinaryIndex.fileName, ChapterTexts.fileName].reduce(0) {
            $0 + (try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($1).path)[.size] as? Int ?? 0)
        }
        let deadline = Date().addingTimeInterval(30)
        while bytesRead(by: process.processIdentifier) < indexBytes, Date() < deadline { usleep(10_000) }
        XCTAssertGreaterThanOrEqual(bytesRead(by: process.processIdentifier), indexBytes)
        for name in [BinaryIndex.fileName, ChapterTexts.fileName] {
            let fd = open(folder.appendingPathComponent(name).path, O_WRONLY | O_TRUNC)
            XCTAssertGreaterThanOrEqual(fd, 0)
            close(fd)
        }
        XCTAssertEqual(
            try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(ChapterTexts.fileName).path)[.size] as? Int, 0)
        try input.fileHandleForWriting.write(contentsOf: Data("файл\nсигнал процесса\nls\n".utf8))
        try input.fileHandleForWriting.close()
        let answers = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "ended by a signal")
        XCTAssertEqual(process.terminationStatus, 0, said)
        XCTAssertEqual(said, "")
        // The same answers as a batch over an intact copy, snippets and all.
        let intact = try builtIndex("third-intact")
        let expected = try runRules(
            ["search", "--index", intact.path, "--batch", "--json", "--limit", "3"],
            input: Data("права доступа\nфайл\nсигнал процесса\nls\n".utf8))
        XCTAssertEqual(
            answers.replacingOccurrences(of: folder.path, with: intact.path),
            String(decoding: expected.stdout, as: UTF8.self))
        XCTAssertTrue(answers.contains("<i>"), "no snippet with a found word: \(answers.prefix(300))")
    }

    /// A file of `/proc` as text, empty when it cannot be read (read to its end:
    /// `String(contentsOfFile:)` at times read none of these files, whose size is 0).
    private func procText(_ path: String) -> String {
        String(decoding: FileHandle(forReadingAtPath: path)?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
    }

    /// The bytes process `pid` has read so far (`rchar` in `/proc/PID/io`).
    private func bytesRead(by pid: Int32) -> Int {
        guard let line = procText("/proc/\(pid)/io").split(separator: "\n").first(where: { $0.hasPrefix("rchar:") }) else { return 0 }
        return Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)) ?? 0
    }

    /// A mapped file cut short under a one-off command faults (SIGBUS with `BUS_ADRERR`):
    /// the command says so in one line and exits with 2, not "Bus error" and a core. The
    /// file is cut while the command holds it mapped (strace holds the command up in the
    /// `close` that follows the mapping).
    func testAFaultOnAMappedFileIsOneLineAndExitTwo() throws {
        let strace = URL(fileURLWithPath: "/usr/bin/strace")
        guard FileManager.default.isExecutableFile(atPath: strace.path) else {
            throw XCTSkip("strace is needed to hold the command up while its index file is cut short")
        }
        let folder = try builtIndex("third-fault")
        let file = folder.appendingPathComponent(BinaryIndex.fileName).path
        let (process, errors) = try started(
            [
                "-f", "-qq", "-o", "/dev/null", "-P", file, "-e", "trace=close",
                "-e", "inject=close:delay_exit=3000000",
                TestPaths.rulesBinary.path, "search", "--index", folder.path, "права",
            ],
            executable: strace)
        // Cut once the command has the file mapped.
        let deadline = Date().addingTimeInterval(30)
        var child: Int32?
        while Date() < deadline {
            child = children(of: process.processIdentifier).first
            if let child, procText("/proc/\(child)/maps").contains(file) { break }
            child = nil
            usleep(10_000)
        }
        XCTAssertNotNil(child, "the command never mapped \(file)")
        XCTAssertEqual(truncate(file, 0), 0)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2, said)
        XCTAssertEqual(
            said,
            "rules: an index file was rewritten in place while it was read (copied over, or 'rsync --inplace'); run the command again\n")
        // (A SIGBUS sent with kill is not a fault on a file: BrowseTests sees it end the program.)
    }

    /// The processes whose parent is `pid`.
    private func children(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            procText("/proc/\(pid)/task/\(task)/children").split(separator: " ").compactMap { Int32($0) }
        }
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
        let (process, errors) = try started(
            ["--as=2000000000", TestPaths.rulesBinary.path, "titles", "--index", folder.path, "доступ"],
            executable: prlimit)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2, said)
        XCTAssertTrue(
            said.hasPrefix(
                "rules: cannot read \(folder.path)/\(S2IndexFile.fileName): 3221225472 bytes is more than the memory there is for it"), said
        )
        XCTAssertEqual(said.filter { $0 == "\n" }.count, 1, said)
    }

    /// A keyword weight of NAN or INF in an S2 file (PHP reads it without a word, then ranks
    /// by how `arsort` meets NAN and cannot `json_encode` the result), or one so large that a
    /// sum of them reaches INF, is damage: one line, exit 2, in the S2 file and the binary form.
    func testAWeightThatCannotRankIsDamage() throws {
        let folder = try builtIndex("third-weights")
        let s2 = folder.appendingPathComponent(S2IndexFile.fileName)
        let original = try Data(contentsOf: s2)
        // Line 3 holds the single keywords, whose weights the indexer writes as `i:20;`/`i:30;`.
        let lines = original.split(separator: 0x0A, omittingEmptySubsequences: false)
        for (weight, refused) in [
            ("d:NAN;", true), ("d:INF;", true), ("d:-INF;", true), ("d:1.0E+281;", true),
            ("d:1.0E+280;", false), ("d:-2.5;", false),
        ] {
            var edited = lines
            var line = Data(edited[2])
            line.replaceSubrange(try XCTUnwrap(line.range(of: Data("i:20;".utf8))), with: Data(weight.utf8))
            edited[2] = line
            try Data(edited.joined(separator: [0x0A])).write(to: s2)
            XCTAssertEqual((try? S2IndexFile.read(s2)) == nil, refused, weight)
            let run = try runRules(["search", "--index", folder.path, "доступ"])
            let said = run.stderr
            if refused {
                XCTAssertEqual(run.status, 2, weight)
                XCTAssertTrue(said.contains("a weight that is not a finite number within ±1e280"), said)
                XCTAssertEqual(said.filter { $0 == "\n" }.count, 1, said)
            } else {
                XCTAssertEqual(run.status, 0, "\(weight): \(said)")
            }
        }
        // The binary form made from an index holding such a weight (only a hand-made file
        // can) reports the record as damage instead of ranking it.
        try original.write(to: s2)
        var index = try S2IndexFile.read(s2)
        let word = try XCTUnwrap(index.singleKeywords.keys.first)
        let id = try XCTUnwrap(index.singleKeywords.values.first?.keys.first)
        index.singleKeywords.update(word, default: OrderedMap()) { $0[id] = .double(.nan) }
        let bytes = BinaryIndex.encode(sections: BinaryIndex.sections(index), s2Size: 0, s2ModificationTime: 0, corpusFingerprint: 0)
        let binary = try BinaryIndex(checking: bytes.flatMap { $0 })
        XCTAssertNil(binary.singleKeyword(word.bytes))
        XCTAssertNotNil(binary.damage)
    }

    /// A program that writes a line and waits for its answer (a coprocess) is answered:
    /// a batch and `rules stem` answered 1,024 lines, or a megabyte, at a time, and wrote
    /// out only at the end, so it waited for ever.
    func testABatchAnswersEachLineBeforeWaitingForMore() throws {
        for (arguments, expected) in [
            (["search", "--batch", "--json"], "{\"query\":\"запятая\""),
            (["stem"], "запятая\tзапят\n"),
        ] {
            let input = Pipe()
            let output = Pipe()
            let (process, _) = try started(arguments, input: input, output: output)
            for round in 1...2 {
                input.fileHandleForWriting.write(Data("запятая\n".utf8))
                let answered = DispatchSemaphore(value: 0)
                let got = LockedBytes()
                DispatchQueue.global().async {
                    // Up to the end of the first answer line.
                    while !got.value.contains(0x0A) {
                        let data = output.fileHandleForReading.availableData
                        if data.isEmpty { break }
                        got.append(data)
                    }
                    answered.signal()
                }
                XCTAssertEqual(
                    answered.wait(timeout: .now() + 20), .success, "\(arguments) round \(round): no answer while input stays open")
                XCTAssertTrue(
                    String(decoding: got.value, as: UTF8.self).hasPrefix(expected),
                    "\(arguments): \(String(decoding: got.value, as: UTF8.self).prefix(80))")
            }
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "\(arguments)")
        }
    }

    /// A texts file the user may not read is one line without advice to rebuild (a rebuild
    /// is no answer to it). Run as another user, since root reads any file.
    func testATextsFileThatMayNotBeReadIsOneLineWithoutRebuild() throws {
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        guard FileManager.default.isExecutableFile(atPath: setpriv.path) else {
            throw XCTSkip("setpriv (util-linux) is needed to run rules as a user who may not read the file")
        }
        let folder = try builtIndex("third-unreadable")
        XCTAssertEqual(chmod(folder.path, 0o755), 0)
        let texts = folder.appendingPathComponent(ChapterTexts.fileName)
        XCTAssertEqual(chmod(texts.path, 0), 0)
        // A copy of rules beside it, since the build's own folder may be closed to others.
        let rules = folder.appendingPathComponent("rules")
        try FileManager.default.copyItem(at: TestPaths.rulesBinary, to: rules)
        let (process, errors) = try started(
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", rules.path,
                "search", "--index", folder.path, "доступ",
            ], executable: setpriv)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2, said)
        XCTAssertEqual(said, "rules: cannot open \(texts.path): Permission denied\n")
    }

    /// `rules` (or `executable`) started with `arguments`, in English; its standard error.
    private func started(
        _ arguments: [String], executable: URL = TestPaths.rulesBinary, input: Pipe? = nil,
        output: Pipe? = nil
    ) throws -> (Process, Pipe) {
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

/// Bytes one thread appends and another reads.
private final class LockedBytes: @unchecked Sendable {
    private var bytes = Data()
    private let lock = NSLock()
    var value: Data { lock.withLock { bytes } }
    func append(_ data: Data) { lock.withLock { bytes.append(data) } }
}
