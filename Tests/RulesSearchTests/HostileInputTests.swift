import Foundation
import RulesRegex
import XCTest

@testable import RulesSearch

/// The second attack on `rules` by hostile input: each way it found to crash, hang, or answer
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
        XCTAssertEqual(
            Array(FuzzQuery.generate(count: 50, seed: 7, vocabulary: words)),
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
        try FileManager.default.createSymbolicLink(
            atPath: zeroFolder.appendingPathComponent(S2IndexFile.fileName).path,
            withDestinationPath: "/dev/zero")
        let corpus = TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl").path
        for folder in [fifoFolder.path, zeroFolder.path, "/dev/zero"] {
            for arguments in [
                ["search", "--index", folder, "файл"], ["titles", "--index", folder, "файл"],
                ["index", "refresh", "--corpus", corpus, "--out", folder],
            ] {
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
        let pieces = [
            "«", "»", "о", "с", "т", "ь", "ость", "а", "б", "я", "ем", "нн", ".", "? ", "! ", " ", "\n", "\t", "&", ";",
            "amp;", ",", "и", "ейш", "ё", "x", "<", ">",
        ]
        let patterns =
            ReferencePatterns.all.map { ($0.pattern, $0.replacement ?? "") }
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

    /// A corpus can hold any character: escape sequences in a title, a snippet, an id or a
    /// URL, and the query repeated in the paging line, never reach the terminal (they
    /// retitled the window, cleared the screen, could set the clipboard); `--plain` keeps
    /// one record a line with its three fields; `--json` keeps them, escaped.
    func testEscapesFromAnIndexNeverReachTheTerminal() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-escapes-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let bad = ["\u{1B}]2;pwned\u{07}", "\u{1B}[2J", "\u{1B}]52;c;Y2xpcGJvYXJk\u{07}", "\u{9B}31m", "\u{0}", "\t", "\r", "\u{2028}"]
        var lines: [String] = []
        for (n, b) in bad.enumerated() {
            let record: [String: Any] = [
                "id": "p\(n)\(b)x", "title": "Запятая \(b) правило", "html": "<p>Запятая ставится \(b) здесь. Ещё одна запятая.</p>",
                "keywords": "запятая", "description": "", "time": 0, "url": "/r/\(n)\(b)",
            ]
            lines.append(String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self))
        }
        let corpus = folder.appendingPathComponent("corpus.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: corpus, atomically: true, encoding: .utf8)
        let index = folder.appendingPathComponent("index").path
        XCTAssertEqual(try runRules(["index", "build", "--corpus", corpus.path, "--out", index]).status, 0)
        func harmless(_ data: Data, _ what: String) {
            let text = String(decoding: data, as: UTF8.self)
            XCTAssertFalse(data.contains(0x1B), "\(what): ESC reaches the terminal")
            XCTAssertFalse(data.contains(0x07), "\(what): BEL reaches the terminal")
            XCTAssertFalse(data.contains(0x00), "\(what): NUL reaches the terminal")
            XCTAssertFalse(
                text.unicodeScalars.contains { (0x80..<0xA0).contains($0.value) || $0 == "\u{2028}" },
                "\(what): a C1 control or line separator")
        }
        let query = "запятая \u{1B}]2;q\u{07}"
        for arguments in [
            ["search", "--index", index, "--limit", "2", query], ["search", "--index", index, "--plain", query],
            ["titles", "--index", index, "запятая"], ["show", "--corpus", corpus.path, "p0\u{1B}]2;pwned\u{07}x"],
        ] {
            let run = try runRules(arguments, environment: ["NO_COLOR": "1"])
            XCTAssertTrue(run.status == 0, "\(arguments): \(run.stderr)")
            harmless(run.stdout, arguments[0] + (arguments.contains("--plain") ? " --plain" : ""))
            if arguments.contains("--plain") || arguments[0] == "titles" {
                let rows = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                XCTAssertEqual(rows.count, arguments[0] == "titles" ? rows.count : bad.count, "one record a line")
                for row in rows {
                    XCTAssertEqual(
                        row.split(separator: "\t", omittingEmptySubsequences: false).count, arguments[0] == "titles" ? 2 : 3, String(row))
                }
            }
        }
        // The paging line repeats the query without its escapes.
        let paged = try runRules(["search", "--index", index, "--limit", "2", query])
        XCTAssertTrue(String(decoding: paged.stdout, as: UTF8.self).contains("--page 2"), String(decoding: paged.stdout, as: UTF8.self))
        // JSON keeps every character, escaped.
        let json = try runRules(["search", "--index", index, "--json", "--limit", "20", "запятая"])
        XCTAssertFalse(json.stdout.contains(0x1B))
        XCTAssertTrue(String(decoding: json.stdout, as: UTF8.self).contains("\\u001b"), String(decoding: json.stdout, as: UTF8.self))
    }

    /// `rules stem` read a line over 1 MiB as several words, cut inside a UTF-8 sequence (3
    /// answers for 2 lines, the first stem ending in a broken character). A long word is one
    /// word; one longer than a query may be is said, with its line, after the words before it.
    func testStemNeverCutsALongLine() throws {
        let long = String(repeating: "ба", count: 400_000) + "ость"   // 1.6 MB
        let run = try runRules(["stem"], input: Data(("слово\n" + long + "\nкошки\n").utf8))
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines.map(\.count), [2, 2, 2])
        XCTAssertEqual(lines.count == 3 ? String(lines[1][0]) : "", long)
        let stem = Stemmer(preg: Preg(engine: PCRE2Engine())).stem(Bytes(php: long))
        XCTAssertEqual(lines.count == 3 ? String(lines[1][1]) : "", String(decoding: stem, as: UTF8.self))
        let tooLong = try runRules(["stem"], input: Data(("слово\nдом\n" + String(repeating: "ба", count: 1_200_000) + "\nкошки\n").utf8))
        XCTAssertEqual(tooLong.status, 2)
        XCTAssertEqual(String(decoding: tooLong.stdout, as: UTF8.self), "слово\tслов\nдом\tдом\n")
        XCTAssertTrue(tooLong.stderr.hasPrefix("rules: standard input, line 3: a word is at most 4 MiB"), tooLong.stderr)
    }

    /// A folder that cannot be read is said to be so, not "no index there" (run as an
    /// ordinary user: root reads any folder); a corpus line of spaces and tabs is skipped as
    /// an empty one is, not an error.
    func testAnUnreadableFolderAndABlankCorpusLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-closed-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        XCTAssertEqual(chmod(folder.path, 0), 0)
        let setpriv = "/usr/bin/setpriv"
        if getuid() == 0 {
            // As an ordinary user (util-linux's setpriv, on every Debian system).
            let process = Process()
            process.executableURL = URL(fileURLWithPath: setpriv)
            process.arguments = [
                "--reuid=65534", "--regid=65534", "--clear-groups", TestPaths.rulesBinary.path, "search", "--index", folder.path, "тире",
            ]
            process.environment = ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
            let stderr = Pipe()
            process.standardError = stderr
            process.standardOutput = Pipe()
            try process.run()
            let said = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 2)
            XCTAssertEqual(said, "rules: cannot read the folder \(folder.path): Permission denied\n")
        } else {
            let run = try runRules(["search", "--index", folder.path, "тире"])
            XCTAssertEqual(run.status, 2)
            XCTAssertEqual(run.stderr, "rules: cannot read the folder \(folder.path): Permission denied\n")
        }
        XCTAssertEqual(chmod(folder.path, 0o755), 0)

        let corpus = try String(contentsOf: TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl"), encoding: .utf8)
        let lines = corpus.split(separator: "\n").map(String.init)
        let blank = ([lines[0], "   ", "\t", " \t \r"] + lines.dropFirst()).joined(separator: "\n") + "\n"
        XCTAssertEqual(try Corpus.parse(Bytes(php: blank)).fingerprint, try Corpus.parse(Bytes(php: corpus)).fingerprint)
        let file = folder.appendingPathComponent("corpus.jsonl")
        try blank.write(to: file, atomically: true, encoding: .utf8)
        let build = try runRules(["index", "build", "--corpus", file.path, "--out", folder.appendingPathComponent("index").path])
        XCTAssertEqual(build.status, 0, build.stderr)
    }

    /// `rules check-engines --fuzz` puts every pattern of the reference on long words and
    /// unbalanced delimiters (``HostileSubject``): both engines agree on them, in time in
    /// proportion to their length.
    func testEveryReferencePatternOnHostileSubjects() throws {
        let cases = Array(HostileSubject.generate(count: 3 * ReferencePatterns.all.count, seed: 31))
        XCTAssertEqual(Set(cases.map { $0.pattern.text }).count, ReferencePatterns.all.count, "each pattern is tried")
        XCTAssertTrue(cases.contains { $0.subject.count >= 40_000 })
        let started = Date()
        let report = EngineCheck(left: PCRE2Engine(), right: FoundationEngine(), corpus: nil, index: nil, texts: nil)
            .run(queries: [], patterns: cases)
        XCTAssertNil(report.difference.map { "\($0.input.text.prefix(200))\n\($0.left)\n\($0.right)" })
        XCTAssertEqual(report.atMatchLimit.count, 0)
        XCTAssertEqual(report.counts[.patterns], cases.count)
        XCTAssertLessThan(Date().timeIntervalSince(started), 60)
    }

    /// A binary form was trusted when the S2 file beside it had its size and time put back
    /// after a same-length edit (`touch -d`): the S2 file changed after the binary form is
    /// now taken as it is, unless its content is the one `rules-chapters.bin` describes (a
    /// folder copied with `cp -a`, which keeps the binary form's speed).
    func testAnS2FileEditedInPlaceIsNotAnsweredFromTheOldBinaryForm() throws {
        let folder = try builtIndex("edited-s2")
        let s2 = folder.appendingPathComponent(S2IndexFile.fileName)
        XCTAssertTrue(try IndexLocation.open(folder.path).index is CheckedIndex, "fresh: the binary form")
        // Copied with its times: still the binary form.
        let copy = folder.deletingLastPathComponent().appendingPathComponent("rules-edited-s2-copy-\(getpid())")
        try? FileManager.default.removeItem(at: copy)
        addTeardownBlock { try? FileManager.default.removeItem(at: copy) }
        let cp = Process()
        cp.executableURL = URL(fileURLWithPath: "/bin/cp")
        cp.arguments = ["-a", folder.path, copy.path]
        try cp.run()
        cp.waitUntilExit()
        XCTAssertTrue(try IndexLocation.open(copy.path).index is CheckedIndex, "a copy keeps its binary form")
        // A same-length edit of a title, its size and time put back.
        usleep(20_000)
        var info = stat()
        XCTAssertEqual(stat(s2.path, &info), 0)
        var bytes = try Data(contentsOf: s2)
        // In the table of contents, the file's last line.
        let lastLine = try XCTUnwrap(bytes.dropLast().lastIndex(of: 0x0A))
        let title = try XCTUnwrap(bytes.range(of: Data("apropos(1)".utf8), in: lastLine..<bytes.endIndex))
        bytes.replaceSubrange(title, with: Data("apropoz(1)".utf8))
        let handle = try FileHandle(forWritingTo: s2)
        try handle.write(contentsOf: bytes)
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, s2.path, &times, 0), 0)
        var after = stat()
        XCTAssertEqual(stat(s2.path, &after), 0)
        XCTAssertEqual(after.st_size, info.st_size)
        XCTAssertEqual(after.st_mtim.tv_nsec, info.st_mtim.tv_nsec)
        let opened = try IndexLocation.open(folder.path)
        XCTAssertFalse(opened.index is CheckedIndex, "the edited S2 file is the index, not the old binary form")
        let index = try XCTUnwrap(opened.index as? SearchIndex)
        let titles = index.tableOfContents.values.compactMap { $0.field("title")?.stringValue.text }
        XCTAssertTrue(titles.contains { $0.hasPrefix("apropoz(1)") }, "\(titles.prefix(5))")
    }

    /// The second attack's findings answered here: `--junit` never replaces a device or FIFO
    /// (run as root, it replaced /dev/full); direction marks never reach the terminal; `rules
    /// stem` drops a Windows CR as `--batch` does; a folder copied without its times keeps
    /// its binary form and snippets; a missing texts file is said.
    func testSecondAttackFindings() throws {
        let folder = try builtIndex("second-attack")
        let fifo = folder.appendingPathComponent("report.xml").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let junit = try runRules(["check-engines", "--fuzz", "0", "--junit", fifo])
        XCTAssertEqual(junit.status, 2)
        XCTAssertTrue(junit.stderr.contains("it is not a regular file"), junit.stderr)
        var info = stat()
        XCTAssertEqual(lstat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO is still there")
        XCTAssertEqual(unlink(fifo), 0)   // (a copy of the folder would wait on it)

        let bidi = folder.appendingPathComponent("bidi.jsonl")
        try
            (#"{"id": "b\u202e1", "title": "Тире \u202eраз\u2066два\u200f — «да»", "html": "<p>Тире.</p>", "keywords": "", "description": "", "time": 0, "url": ""}"#
            + "\n")
            .write(to: bidi, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            try runRules(["index", "build", "--corpus", bidi.path, "--out", folder.appendingPathComponent("bidi").path]).status, 0)
        for arguments in [
            ["titles", "--index", folder.appendingPathComponent("bidi").path, "тире"],
            ["search", "--plain", "--index", folder.appendingPathComponent("bidi").path, "тире"],
        ] {
            let shown = String(decoding: try runRules(arguments).stdout, as: UTF8.self)
            XCTAssertTrue(shown.contains("Тире  раз два  — «да»"), "\(arguments): \(shown)")
            XCTAssertFalse(shown.unicodeScalars.contains { [0x202E, 0x2066, 0x200F].contains($0.value) }, "\(arguments)")
        }

        let stem = try runRules(["stem"], input: Data("кошки\r\nдома\r\n".utf8))
        XCTAssertEqual(String(decoding: stem.stdout, as: UTF8.self), "кошки\tкошк\nдома\tдом\n")

        let copy = folder.deletingLastPathComponent().appendingPathComponent("rules-second-attack-copy-\(getpid())")
        try? FileManager.default.removeItem(at: copy)
        addTeardownBlock { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: folder, to: copy)   // new times
        _ = utimensat(AT_FDCWD, copy.appendingPathComponent(S2IndexFile.fileName).path, nil, 0)
        var warnings: [String] = []
        let copied = try IndexLocation.open(copy.path, corpus: nil, settling: 0, warning: { warnings.append($0.en) }) { _ in }
        XCTAssertTrue(copied.index is CheckedIndex, "a copy without its times keeps its binary form")
        XCTAssertNotNil(copied.texts)
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(unlink(copy.appendingPathComponent(ChapterTexts.fileName).path), 0)
        let missing = try runRules(["search", "--index", copy.path, "файл"])
        XCTAssertTrue(missing.stderr.contains("rules-texts.bin is missing"), missing.stderr)
    }
}
