import Foundation
import XCTest
import RulesRegex
import RulesSearch

/// `IndexRefresh` against PHP's `Indexer::refresh`: the golden sequences of
/// `Tests/Tools/refresh-golden.py` (changed text, changed title and keywords, removed,
/// added with a numeric and a string id, unchanged, the first again, an id in neither),
/// the S2 file after each refresh byte for byte (by its SHA-256), starting from PHP's index
/// and from the one rules builds, with both engines.
final class RefreshTests: XCTestCase {
    private struct Golden {
        let base: URL, phpIndex: URL, folder: URL
    }

    private let goldens = [
        Golden(base: TestPaths.fixtures.appendingPathComponent("man-ru-mini/corpus.jsonl"),
               phpIndex: TestPaths.fixtures.appendingPathComponent("man-ru-mini/s2_search_index.php"),
               folder: TestPaths.fixtures.appendingPathComponent("refresh/man-ru-mini")),
        Golden(base: TestPaths.repository.appendingPathComponent("Fixtures/rules-ru/corpus.jsonl"),
               phpIndex: TestPaths.repository.appendingPathComponent("Fixtures/rules-ru/golden/s2_search_index.php"),
               folder: TestPaths.fixtures.appendingPathComponent("refresh/rules-ru")),
    ]

    /// The changed corpus: the base with each changed record in its place (or added), the
    /// removed ones left out.
    private func changedCorpus(_ golden: Golden) throws -> [ByteKey: Corpus.Chapter] {
        var chapters: [ByteKey: Corpus.Chapter] = [:]
        for (key, chapter) in try Corpus.read(golden.base).chapters.entries { chapters[key] = chapter }
        for (key, chapter) in try Corpus.parse(Bytes(try Data(contentsOf: golden.folder.appendingPathComponent("changes.jsonl")))).chapters.entries {
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
                let starts = [("PHP's index", try S2IndexFile.read(golden.phpIndex)),
                              ("rules' index", Indexer.build(try Corpus.read(golden.base), preg: preg))]
                for (start, first) in starts {
                    var index = first
                    for (n, step) in steps.enumerated() {
                        index = IndexRefresh.refresh(index, chapter: ByteKey(Bytes(step.id.utf8)), record: changed[ByteKey(Bytes(step.id.utf8))], preg: preg)
                        let bytes = S2IndexFile.encode(index)
                        XCTAssertEqual(try sha256(bytes), step.sha256,
                                       "\(golden.folder.lastPathComponent), \(start), \(engine), refresh \(n + 1) of \(step.id)")
                    }
                    let final = golden.folder.appendingPathComponent("s2_search_index.php")
                    if FileManager.default.fileExists(atPath: final.path) {
                        let expected = Bytes(try Data(contentsOf: final)), actual = S2IndexFile.encode(index)
                        let at = (0..<min(expected.count, actual.count)).first { expected[$0] != actual[$0] } ?? min(expected.count, actual.count)
                        XCTAssertEqual(actual, expected, "first difference at byte \(at): …\(String(decoding: actual[max(0, at - 80)..<min(actual.count, at + 80)], as: UTF8.self))…")
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
        let removed = try String(contentsOf: golden.folder.appendingPathComponent("removed.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
        let base = try String(contentsOf: golden.base, encoding: .utf8).split(separator: "\n")
        for (line, key) in zip(base, try Corpus.read(golden.base).chapters.keys) {
            let id = String(decoding: key.bytes, as: UTF8.self)
            if removed.contains(id) { continue }
            if let k = changedIDs.firstIndex(of: key) { lines.append(String(changes[k])) } else { lines.append(String(line)) }
        }
        for (k, key) in changedIDs.enumerated() where !base.contains(where: { $0.contains("\"id\": \"\(String(decoding: key.bytes, as: UTF8.self))\"") || $0.contains("\"id\": \(String(decoding: key.bytes, as: UTF8.self)),") }) {
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
            let before = try FileManager.default.contentsOfDirectory(atPath: index.path).sorted().map { try Data(contentsOf: index.appendingPathComponent($0)) }
            try Data("{\"id\": \"x\", \"title\": 5}\n".utf8).write(to: changed)
            let bad = try runRules(["index", "refresh", "--corpus", changed.path, "--out", index.path, "intro.2"])
            XCTAssertEqual(bad.status, 2)
            XCTAssertEqual(bad.stderr.split(separator: "\n").count, 1, bad.stderr)
            let after = try FileManager.default.contentsOfDirectory(atPath: index.path).sorted().map { try Data(contentsOf: index.appendingPathComponent($0)) }
            XCTAssertEqual(before, after, "a refresh from a bad corpus leaves the index byte for byte")
        }
        let nowhere = try runRules(["index", "refresh", "--corpus", golden.base.path, "--out", folder.appendingPathComponent("nowhere").path, "x"])
        XCTAssertEqual(nowhere.status, 2)
        XCTAssertTrue(nowhere.stderr.hasPrefix("rules: no index in "), nowhere.stderr)
        XCTAssertEqual(try runRules(["index", "refresh", "--corpus", golden.base.path, "--out", folder.path]).status, 2)
    }

    /// SHA-256 by the system's sha256sum (Foundation on Linux has none).
    private func sha256(_ bytes: Bytes) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let writer = Thread { try? input.fileHandleForWriting.write(contentsOf: Data(bytes)); try? input.fileHandleForWriting.close() }
        writer.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(String(decoding: out, as: UTF8.self).prefix(64))
    }
}
