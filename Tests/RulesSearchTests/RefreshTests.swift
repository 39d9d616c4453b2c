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
