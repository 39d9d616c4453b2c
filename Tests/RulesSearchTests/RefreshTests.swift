import Foundation
import RulesRegex
import RulesSearch
import XCTest

/// `IndexRefresh` against PHP's `Indexer::refresh`: the golden sequences of
/// `Tests/Tools/refresh-golden.py` (changed text, changed title and keywords, removed,
/// added with a numeric and a string id, unchanged, the first again, an id in neither),
/// the S2 file after each refresh byte for byte (by its SHA-256), starting from PHP's index
/// and from the one rules builds, with both engines.
final class RefreshTests: XCTestCase {
    private struct Golden {
        let base: URL, phpIndex: URL, folder: URL
    }

    private lazy var goldens: [Golden] = {
        var goldens = Self.smallGoldens
        if let base = try? TestPaths.referenceFile("man-ru/corpus.jsonl"),
            let php = try? TestPaths.referenceFile("man-ru/s2_search_index.php")
        {
            goldens.append(Golden(base: base, phpIndex: php, folder: TestPaths.fixtures.appendingPathComponent("refresh/man-ru")))
        } else {
            print("RefreshTests: ../shared/reference/man-ru is absent; its refresh sequence is skipped")
        }
        return goldens
    }()

    private static let smallGoldens = [
        Golden(
            base: TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl"),
            phpIndex: TestPaths.fixtures.appendingPathComponent("man-ru-mini/s2_search_index.php"),
            folder: TestPaths.fixtures.appendingPathComponent("refresh/man-ru-mini")),
        Golden(
            base: TestPaths.repository.appendingPathComponent("Fixtures/rules-ru/corpus.jsonl"),
            phpIndex: TestPaths.repository.appendingPathComponent("Fixtures/rules-ru/golden/s2_search_index.php"),
            folder: TestPaths.fixtures.appendingPathComponent("refresh/rules-ru")),
    ]

    /// The changed corpus: the base with each changed record in its place (or added), the
    /// removed ones left out.
    private func changedCorpus(_ golden: Golden) throws -> [ByteKey: Corpus.Chapter] {
        var chapters: [ByteKey: Corpus.Chapter] = [:]
        for (key, chapter) in try Corpus.read(golden.base).chapters.entries { chapters[key] = chapter }
        for (key, chapter) in try Corpus.parse(Bytes(try Data(contentsOf: golden.folder.appendingPathComponent("changes.jsonl")))).chapters
            .entries
        {
            chapters[key] = chapter
        }
        for id in try String(contentsOf: golden.folder.appendingPathComponent("removed.txt"), encoding: .utf8).split(separator: "\n") {
            chapters[ByteKey(Bytes(id.utf8))] = nil
        }
        return chapters
    }

    private func sequence(_ golden: Golden) throws -> [(id: String, sha256: String)] {
        try String(contentsOf: golden.folder.appendingPathComponent("sequence.tsv"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
                let fields = line.split(separator: "\t")
                return (String(fields[0]), String(fields[1]))
            }
    }

    func testRefreshesAsPHPDoes() throws {
        for golden in goldens {
            let changed = try changedCorpus(golden)
            let steps = try sequence(golden)
            XCTAssertEqual(steps.count, 8)
            for engine in allEngines() {
                let preg = Preg(engine: engine)
                let starts = [
                    ("PHP's index", try S2IndexFile.read(golden.phpIndex)),
                    ("rules' index", Indexer.build(try Corpus.read(golden.base), preg: preg)),
                ]
                for (start, first) in starts {
                    var index = first
                    for (n, step) in steps.enumerated() {
                        index = IndexRefresh.refresh(
                            index, chapter: ByteKey(Bytes(step.id.utf8)), record: changed[ByteKey(Bytes(step.id.utf8))], preg: preg)
                        let bytes = S2IndexFile.encode(index)
                        XCTAssertEqual(
                            try sha256(bytes), step.sha256,
                            "\(golden.folder.lastPathComponent), \(start), \(engine), refresh \(n + 1) of \(step.id)")
                    }
                    let final = golden.folder.appendingPathComponent("s2_search_index.php")
                    if FileManager.default.fileExists(atPath: final.path) {
                        let expected = Bytes(try Data(contentsOf: final))
                        let actual = S2IndexFile.encode(index)
                        let at =
                            (0..<min(expected.count, actual.count)).first { expected[$0] != actual[$0] }
                            ?? min(expected.count, actual.count)
                        XCTAssertEqual(
                            actual, expected,
                            "first difference at byte \(at): …\(String(decoding: actual[max(0, at - 80)..<min(actual.count, at + 80)], as: UTF8.self))…"
                        )
                    }
                }
            }
        }
    }

    /// `rules index refresh` as a user runs it: on a folder rules built and on PHP's S2 file
    /// alone, the S2 file after the sequence is PHP's; the search answers from the new text;
    /// a bad corpus or an unknown folder leaves every file as it was.
    func testRefreshCommand() throws {
        let golden = goldens[0]
        let steps = try sequence(golden)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-refresh-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The changed corpus as a file.
        var lines: [String] = []
        let changes = try String(contentsOf: golden.folder.appendingPathComponent("changes.jsonl"), encoding: .utf8).split(separator: "\n")
        let changedIDs = try Corpus.parse(Bytes(changes.joined(separator: "\n").utf8)).chapters.keys
        let removed = try String(contentsOf: golden.folder.appendingPathComponent("removed.txt"), encoding: .utf8).split(separator: "\n")
            .map(String.init)
        let base = try String(contentsOf: golden.base, encoding: .utf8).split(separator: "\n")
        for (line, key) in zip(base, try Corpus.read(golden.base).chapters.keys) {
            let id = String(decoding: key.bytes, as: UTF8.self)
            if removed.contains(id) { continue }
            if let k = changedIDs.firstIndex(of: key) { lines.append(String(changes[k])) } else { lines.append(String(line)) }
        }
        for (k, key) in changedIDs.enumerated()
        where !base.contains(where: {
            $0.contains("\"id\": \"\(String(decoding: key.bytes, as: UTF8.self))\"")
                || $0.contains("\"id\": \(String(decoding: key.bytes, as: UTF8.self)),")
        }) {
            lines.append(String(changes[k]))
        }
        let changed = folder.appendingPathComponent("changed.jsonl")
        for start in ["rules", "php"] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("index"))
            let index = folder.appendingPathComponent("index")
            try FileManager.default.createDirectory(at: index, withIntermediateDirectories: true)
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: changed)
            if start == "rules" {
                XCTAssertEqual(try runRules(["index", "build", "--corpus", golden.base.path, "--out", index.path]).status, 0)
            } else {
                try FileManager.default.copyItem(at: golden.phpIndex, to: index.appendingPathComponent(S2IndexFile.fileName))
            }
            let run = try runRules(["index", "refresh", "--corpus", changed.path, "--out", index.path] + steps.map(\.id))
            XCTAssertEqual(run.status, 0, run.stderr)
            let s2 = try Data(contentsOf: index.appendingPathComponent(S2IndexFile.fileName))
            XCTAssertEqual(try sha256(Bytes(s2)), steps.last!.sha256, start)
            // The refreshed chapter's new words are found, with a snippet from its new text.
            let found = try runRules(["search", "--index", index.path, "--json", "северо-западе"])
            XCTAssertEqual(found.status, 0, found.stderr)
            XCTAssertTrue(String(decoding: found.stdout, as: UTF8.self).contains("северо-западе"), start)
            // A bad corpus, an id list without a corpus change, a missing folder: nothing changes.
            let before = try FileManager.default.contentsOfDirectory(atPath: index.path).sorted().map {
                try Data(contentsOf: index.appendingPathComponent($0))
            }
            try Data("{\"id\": \"x\", \"title\": 5}\n".utf8).write(to: changed)
            let bad = try runRules(["index", "refresh", "--corpus", changed.path, "--out", index.path, "intro.2"])
            XCTAssertEqual(bad.status, 2)
            XCTAssertEqual(bad.stderr.split(separator: "\n").count, 1, bad.stderr)
            let after = try FileManager.default.contentsOfDirectory(atPath: index.path).sorted().map {
                try Data(contentsOf: index.appendingPathComponent($0))
            }
            XCTAssertEqual(before, after, "a refresh from a bad corpus leaves the index byte for byte")
        }
        let nowhere = try runRules([
            "index", "refresh", "--corpus", golden.base.path, "--out", folder.appendingPathComponent("nowhere").path, "x",
        ])
        XCTAssertEqual(nowhere.status, 2)
        XCTAssertTrue(nowhere.stderr.hasPrefix("rules: no index in "), nowhere.stderr)
        XCTAssertEqual(try runRules(["index", "refresh", "--corpus", golden.base.path, "--out", folder.path]).status, 2)
    }

    /// The golden rounds of `Tests/Tools/refresh-changed-golden.py`: corpora changed twice,
    /// each round's ids in the stated order, PHP's S2 file after refreshing them, and PHP's
    /// answers on the final index.
    private struct ChangedRounds {
        let name: String, base: URL, folder: URL
    }

    private func changedRounds() throws -> [ChangedRounds] {
        var rounds = [
            ChangedRounds(
                name: "man-ru-mini", base: TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl"),
                folder: TestPaths.fixtures.appendingPathComponent("refresh/man-ru-mini/changed")),
            ChangedRounds(
                name: "rules-ru", base: TestPaths.repository.appendingPathComponent("Fixtures/rules-ru/corpus.jsonl"),
                folder: TestPaths.fixtures.appendingPathComponent("refresh/rules-ru/changed")),
        ]
        if let manRu = try? TestPaths.referenceFile("man-ru/corpus.jsonl") {
            rounds.append(
                ChangedRounds(name: "man-ru", base: manRu, folder: TestPaths.fixtures.appendingPathComponent("refresh/man-ru/changed")))
        } else {
            print("RefreshTests: ../shared/reference/man-ru is absent; its refresh rounds are skipped")
        }
        return rounds
    }

    /// The lines of a corpus file by id, as the golden script keys them.
    private func linesByID(_ text: String) throws -> [String: String] {
        var lines: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.allSatisfy(\.isWhitespace) {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            lines["\(object["id"]!)"] = String(line)
        }
        return lines
    }

    /// Round `n`'s corpus, whole: each id of its order with its new line, else its line before.
    private func corpus(_ golden: ChangedRounds, round n: Int) throws -> String {
        var lines = try linesByID(String(contentsOf: golden.base, encoding: .utf8))
        for k in 1...n {
            let fresh = try linesByID(String(contentsOf: golden.folder.appendingPathComponent("round\(k).jsonl"), encoding: .utf8))
            let order = try String(contentsOf: golden.folder.appendingPathComponent("round\(k).order"), encoding: .utf8).split(
                separator: "\n"
            ).map(String.init)
            var next: [String: String] = [:]
            for id in order { next[id] = fresh[id] ?? lines[id] }
            lines = next
            if k == n { return order.map { lines[$0]! + "\n" }.joined() }
        }
        return ""
    }

    private func golden(_ golden: ChangedRounds, _ name: String) throws -> String {
        try String(contentsOf: golden.folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// `rules index refresh` with no ids, twice: on an index rules built, the ids it would
    /// refresh (`--dry-run`) are those the golden script worked out from the records, in the
    /// stated order; the S2 file after each round is PHP's after refreshing that list; the
    /// answers and snippets on the final folder (its binary form and texts) are PHP's; and
    /// with nothing changed, a refresh lists nothing and leaves every file byte for byte.
    func testRefreshOfTheChangedChaptersIsPHPs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-refresh-changed-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        for golden in try changedRounds() {
            // Both engines on the small corpora; man-ru, the largest, with the default one.
            for engine in golden.name == "man-ru" ? ["pcre2"] : ["pcre2", "foundation"] {
                try? FileManager.default.removeItem(at: folder)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let index = folder.appendingPathComponent("index").path
                let label = "\(golden.name), \(engine)"
                XCTAssertEqual(
                    try runRules(["index", "build", "--engine", engine, "--corpus", golden.base.path, "--out", index]).status, 0)
                for n in 1...2 {
                    let corpus = folder.appendingPathComponent("round\(n).jsonl")
                    try Data(try self.corpus(golden, round: n).utf8).write(to: corpus)
                    let planned = try runRules([
                        "index", "refresh", "--dry-run", "--engine", engine, "--corpus", corpus.path, "--out", index,
                    ])
                    XCTAssertEqual(planned.status, 0, planned.stderr)
                    XCTAssertEqual(
                        String(decoding: planned.stdout, as: UTF8.self), try self.golden(golden, "round\(n).list"), "\(label), round \(n)")
                    let run = try runRules(["index", "refresh", "--engine", engine, "--corpus", corpus.path, "--out", index])
                    XCTAssertEqual(run.status, 0, run.stderr)
                    XCTAssertEqual(run.stdout.count, 0)
                    let s2 = Bytes(try Data(contentsOf: URL(fileURLWithPath: index).appendingPathComponent(S2IndexFile.fileName)))
                    let expected = try self.golden(golden, "round\(n).tsv").split(separator: "\t")
                    XCTAssertEqual(try sha256(s2), String(expected[0]), "\(label), round \(n): the S2 file")
                    XCTAssertEqual(s2.count, Int(expected[1].trimmingCharacters(in: .whitespacesAndNewlines)), "\(label), round \(n)")
                }
                // PHP's answers on its refreshed index, from ours as a search opens it.
                let opened = try IndexLocation.open(index)
                XCTAssertNotNil(opened.texts)
                let session = SearchSession(
                    index: opened.index, texts: opened.texts, preg: Preg(engine: allEngines().first { $0.name == engine }!))
                let answers = try SearchTests.loadExpected(golden.folder.appendingPathComponent("results.jsonl"))
                XCTAssertEqual(answers.count, 35)
                XCTAssertEqual(SearchTests.differences(session, answers), [], label)
                // Nothing changed since: nothing to refresh, and nothing is written.
                let last = folder.appendingPathComponent("round2.jsonl").path
                let files = try FileManager.default.contentsOfDirectory(atPath: index).sorted()
                XCTAssertEqual(
                    files,
                    [ChapterFingerprints.fileName, BinaryIndex.fileName, ChapterTexts.fileName, Vocabulary.fileName, S2IndexFile.fileName]
                        .sorted())
                let before = try files.map { try Data(contentsOf: URL(fileURLWithPath: index).appendingPathComponent($0)) }
                let stamps = files.map { (try? FileManager.default.attributesOfItem(atPath: index + "/" + $0)[.modificationDate]) as? Date }
                let again = try runRules(["index", "refresh", "--dry-run", "--corpus", last, "--out", index])
                XCTAssertEqual(again.stdout.count, 0, label)
                XCTAssertEqual(try runRules(["index", "refresh", "--corpus", last, "--out", index]).status, 0)
                XCTAssertEqual(
                    try files.map { try Data(contentsOf: URL(fileURLWithPath: index).appendingPathComponent($0)) }, before, label)
                XCTAssertEqual(
                    files.map { (try? FileManager.default.attributesOfItem(atPath: index + "/" + $0)[.modificationDate]) as? Date }, stamps,
                    label)
            }
        }
    }

    /// Without fingerprints to tell changes by, a refresh given no ids says so and changes
    /// nothing: PHP's S2 file alone, and a folder whose S2 file another program wrote since
    /// rules did. Given ids there, it refreshes them; the chapters it did not refresh then
    /// count as changed, since what PHP put in them is not known.
    func testRefreshWithoutFingerprintsNeedsIDs() throws {
        let golden = try changedRounds()[0]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-refresh-unknown-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try? FileManager.default.removeItem(at: folder)
        let index = folder.appendingPathComponent("index")
        try FileManager.default.createDirectory(at: index, withIntermediateDirectories: true)
        let corpus = folder.appendingPathComponent("round1.jsonl")
        try Data(try self.corpus(golden, round: 1).utf8).write(to: corpus)
        let s2 = index.appendingPathComponent(S2IndexFile.fileName)
        let php = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("man-ru-mini/s2_search_index.php"))
        try php.write(to: s2)
        let absent = try runRules(["index", "refresh", "--corpus", corpus.path, "--out", index.path])
        XCTAssertEqual(absent.status, 2)
        XCTAssertEqual(
            absent.stderr,
            "rules: cannot tell which chapters changed: \(index.path) has no rules-chapters.bin (an index PHP made, or one made before rules kept it); give the ids to refresh, or build the index again with rules index build\n"
        )
        let russian = try runRules(
            ["index", "refresh", "--corpus", corpus.path, "--out", index.path], environment: ["LANG": "ru_RU.UTF-8"])
        XCTAssertTrue(
            russian.stderr.hasPrefix("rules: не понять, какие главы изменились: в \(index.path) нет файла rules-chapters.bin"),
            russian.stderr)
        XCTAssertEqual(try Data(contentsOf: s2), php)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: index.path), [S2IndexFile.fileName])

        // Given ids, PHP's index is refreshed, and a later refresh without ids lists the rest.
        let ids = try self.golden(golden, "round1.list").split(separator: "\n").map(String.init)
        XCTAssertEqual(try runRules(["index", "refresh", "--corpus", corpus.path, "--out", index.path] + ids).status, 0)
        XCTAssertEqual(try sha256(Bytes(try Data(contentsOf: s2))), String(try self.golden(golden, "round1.tsv").split(separator: "\t")[0]))
        let rest = try runRules(["index", "refresh", "--dry-run", "--corpus", corpus.path, "--out", index.path])
        XCTAssertEqual(rest.status, 0, rest.stderr)
        let toc = try S2IndexFile.read(s2).tableOfContents.keys.map { String(decoding: $0.bytes, as: UTF8.self) }
        XCTAssertEqual(String(decoding: rest.stdout, as: UTF8.self), toc.filter { !ids.contains($0) }.map { $0 + "\n" }.joined())

        // Written since by another program (PHP's file put back): stale.
        try php.write(to: s2)
        let stale = try runRules(["index", "refresh", "--corpus", corpus.path, "--out", index.path])
        XCTAssertEqual(stale.status, 2)
        XCTAssertEqual(
            stale.stderr,
            "rules: cannot tell which chapters changed: rules-chapters.bin in \(index.path) is not of its s2_search_index.php (changed since by another program, copied from elsewhere, or a build killed while renaming its files); give the ids to refresh, or build the index again with rules index build\n"
        )
        XCTAssertEqual(try Data(contentsOf: s2), php)

        // --dry-run is for refresh; a damaged fingerprints file is said so.
        let build = try runRules(["index", "build", "--dry-run", "--corpus", corpus.path, "--out", index.path])
        XCTAssertEqual(build.status, 2)
        XCTAssertEqual(build.stderr, "rules: --dry-run and index build cannot be used together (see rules index --help)\n")
        XCTAssertEqual(try runRules(["index", "build", "--corpus", golden.base.path, "--out", index.path]).status, 0)
        let fingerprints = index.appendingPathComponent(ChapterFingerprints.fileName)
        var bytes = try Data(contentsOf: fingerprints)
        bytes[bytes.count / 2] ^= 0x40
        try bytes.write(to: fingerprints)
        let damaged = try runRules(["index", "refresh", "--corpus", corpus.path, "--out", index.path])
        XCTAssertEqual(damaged.status, 2)
        XCTAssertEqual(
            damaged.stderr,
            "rules: cannot tell which chapters changed: rules-chapters.bin is damaged in \(index.path); give the ids to refresh, or build the index again with rules index build\n"
        )

        // An empty corpus: given no ids, a refresh would empty the index, and is refused;
        // ids given are taken out.
        let empty = folder.appendingPathComponent("empty.jsonl")
        try Data("\n".utf8).write(to: empty)
        let before = try Data(contentsOf: s2)
        let refused = try runRules(["index", "refresh", "--corpus", empty.path, "--out", index.path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(
            refused.stderr,
            "rules: \(empty.path) has no chapters: a refresh would take every chapter out of the index in \(index.path), which is left as it was; give the ids to take out\n"
        )
        XCTAssertEqual(try Data(contentsOf: s2), before)
        XCTAssertEqual(try runRules(["index", "refresh", "--corpus", empty.path, "--out", index.path, "intro.2"]).status, 0)
        let left = try S2IndexFile.read(s2).tableOfContents.keys.map { String(decoding: $0.bytes, as: UTF8.self) }
        XCTAssertFalse(left.contains("intro.2"))
        XCTAssertEqual(left.count, 11)
    }

    /// An S2 file whose fulltext has a chapter its table of contents lacks (id 13, one above
    /// the largest): the new chapter refreshed in gets that id, and PHP adds its positions to
    /// the one already there instead of starting its own (see refresh/orphan/README.md).
    func testPositionsOfAChapterTheContentsLackAreAddedToAsPHPDoes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-refresh-orphan-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let php = try String(contentsOf: TestPaths.fixtures.appendingPathComponent("man-ru-mini/s2_search_index.php"), encoding: .utf8)
        let crafted = php.replacingOccurrences(of: "s:7:\"apropos\";a:2:{", with: "s:7:\"apropos\";a:3:{i:13;i:7;")
        XCTAssertNotEqual(crafted, php)
        try Data(crafted.utf8).write(to: folder.appendingPathComponent(S2IndexFile.fileName))
        let corpus = folder.appendingPathComponent("corpus.jsonl")
        let extra = "{\"id\": \"orph\", \"title\": \"Apropos again\", \"html\": \"<p>apropos and apropos, then man apropos</p>\"}\n"
        try (try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl")) + Data(extra.utf8)).write(
            to: corpus)
        let expected = try String(contentsOf: TestPaths.fixtures.appendingPathComponent("refresh/orphan/sha256.txt"), encoding: .utf8)
            .split(separator: "\n")
        for (n, sha) in expected.enumerated() {
            let run = try runRules(["index", "refresh", "--corpus", corpus.path, "--out", folder.path, "orph"])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(
                try sha256(Bytes(try Data(contentsOf: folder.appendingPathComponent(S2IndexFile.fileName)))), String(sha),
                "refresh \(n + 1)")
        }
    }

    /// The files of an index folder by name.
    private func files(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    /// `folder` made a copy of `template`, times and all (`cp -a`): the binary form is
    /// fresh only with its S2 file's modification time.
    private func put(_ template: URL, in folder: URL) throws {
        try? FileManager.default.removeItem(at: folder)
        let copy = Process()
        copy.executableURL = URL(fileURLWithPath: "/bin/cp")
        copy.arguments = ["-a", template.path, folder.path]
        try copy.run()
        copy.waitUntilExit()
        XCTAssertEqual(copy.terminationStatus, 0)
    }

    /// `files` with what differs between two writings of the same index left out: the S2
    /// file's modification time that the binary form records, and the header's sum over it.
    /// It is checked instead to be the S2 file's, so that the binary form is of it.
    private func comparable(_ files: [String: Data], in folder: URL) -> [String: Data] {
        var files = files
        guard var binary = files[BinaryIndex.fileName], binary.count >= BinaryIndex.headerSize else { return files }
        var info = stat()
        XCTAssertEqual(stat(folder.appendingPathComponent(S2IndexFile.fileName).path, &info), 0)
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        let time = (FileFormat.signatureLength + 8)..<(FileFormat.signatureLength + 16)   // after the S2 file's size
        let recorded = binary[time].enumerated().reduce(Int64(0)) { $0 | Int64($1.element) << (8 * Int64($1.offset)) }
        XCTAssertEqual(recorded, modified, "the binary form records the S2 file's time")
        binary.replaceSubrange(time, with: Data(count: 8))
        binary.replaceSubrange((BinaryIndex.headerSize - 8)..<BinaryIndex.headerSize, with: Data(count: 8))
        files[BinaryIndex.fileName] = binary
        return files
    }

    /// A folder with the built-in rules' index, a copy of it (`template`), and their first
    /// round of changes as a corpus.
    private func builtAndChanged(_ name: String) throws -> (golden: ChangedRounds, folder: URL, index: URL, corpus: URL, template: URL) {
        let golden = try changedRounds()[1]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-refresh-\(name)-\(getpid())")
        let index = folder.appendingPathComponent("index")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: index, withIntermediateDirectories: true)
        let corpus = folder.appendingPathComponent("round1.jsonl")
        try Data(try self.corpus(golden, round: 1).utf8).write(to: corpus)
        XCTAssertEqual(try runRules(["index", "build", "--corpus", golden.base.path, "--out", index.path]).status, 0)
        let template = folder.appendingPathComponent("template")
        try put(index, in: template)
        return (golden, folder, index, corpus, template)
    }

    /// A refresh stopped by SIGTERM at any moment (waiting for the lock, reading, working,
    /// writing, putting its files in place) leaves the folder with all of its old files or
    /// all of its new ones, byte for byte, and no temporary file.
    func testARefreshStoppedLeavesTheIndexAsItWasOrAsItWouldBe() throws {
        // The built-in rules: 67 chapters to refresh.
        let (_, folder, index, corpus, template) = try builtAndChanged("stopped")
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = comparable(try files(index), in: index)
        let started = Date()
        XCTAssertEqual(try runRules(["index", "refresh", "--corpus", corpus.path, "--out", index.path]).status, 0)
        let duration = Date().timeIntervalSince(started)
        let new = comparable(try files(index), in: index)
        XCTAssertNotEqual(old, new)
        XCTAssertEqual(Set(old.keys), Set(new.keys))
        var stopped = 0
        for fraction in [0, 0.05, 0.2, 0.4, 0.6, 0.8, 0.9, 0.95, 0.97, 0.985, 0.995, 1.01] {
            try put(template, in: index)
            let refresh = Process()
            refresh.executableURL = TestPaths.rulesBinary
            refresh.arguments = ["index", "refresh", "--corpus", corpus.path, "--out", index.path]
            refresh.standardError = FileHandle.nullDevice
            try refresh.run()
            usleep(UInt32(duration * fraction * 1_000_000))
            kill(refresh.processIdentifier, SIGTERM)
            refresh.waitUntilExit()
            if refresh.terminationReason == .uncaughtSignal { stopped += 1 } else { XCTAssertEqual(refresh.terminationStatus, 0) }
            let now = comparable(try files(index), in: index)
            XCTAssertTrue(
                now == old || now == new,
                "stopped at \(fraction) of the refresh: files \(now.keys.sorted()), "
                    + "changed: \(now.keys.filter { now[$0] != old[$0] }.sorted()), not new: \(now.keys.filter { now[$0] != new[$0] }.sorted())"
            )
        }
        XCTAssertGreaterThan(stopped, 3, "most of the refreshes were stopped before they were done")
    }

    /// Two refreshes of different chapters into one folder at the same time: both count
    /// (the S2 file is one of the two orders of doing them one after the other), whichever
    /// reads first; neither undoes the other by writing over what it read before.
    func testTwoRefreshesAtOnceBothCount() throws {
        let (golden, folder, index, corpus, template) = try builtAndChanged("two")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ids = try self.golden(golden, "round1.list").split(separator: "\n").map(String.init)
        let first = Array(ids.prefix(ids.count / 2))
        let second = Array(ids.dropFirst(ids.count / 2))
        var orders: [Bytes] = []
        for order in [first + second, second + first] {
            try put(template, in: index)
            XCTAssertEqual(try runRules(["index", "refresh", "--corpus", corpus.path, "--out", index.path] + order).status, 0)
            orders.append(Bytes(try Data(contentsOf: index.appendingPathComponent(S2IndexFile.fileName))))
        }
        XCTAssertNotEqual(orders[0], orders[1])
        for attempt in 0..<3 {
            try put(template, in: index)
            let runs = [first, second].map { list -> Process in
                let refresh = Process()
                refresh.executableURL = TestPaths.rulesBinary
                refresh.arguments = ["index", "refresh", "--corpus", corpus.path, "--out", index.path] + list
                refresh.standardError = FileHandle.nullDevice
                return refresh
            }
            for run in runs { try run.run() }
            for run in runs {
                run.waitUntilExit()
                XCTAssertEqual(run.terminationStatus, 0)
            }
            let s2 = Bytes(try Data(contentsOf: index.appendingPathComponent(S2IndexFile.fileName)))
            XCTAssertTrue(orders.contains(s2), "attempt \(attempt): the S2 file is neither order's")
            // And the other files are of that same S2 file: a refresh without ids finds nothing to do.
            let planned = try runRules(["index", "refresh", "--dry-run", "--corpus", corpus.path, "--out", index.path])
            XCTAssertEqual(String(decoding: planned.stdout, as: UTF8.self), "", "attempt \(attempt): \(planned.stderr)")
        }
    }

    /// SHA-256 by the system's sha256sum (Foundation on Linux has none).
    private func sha256(_ bytes: Bytes) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let writer = Thread {
            try? input.fileHandleForWriting.write(contentsOf: Data(bytes))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(String(decoding: out, as: UTF8.self).prefix(64))
    }
}
