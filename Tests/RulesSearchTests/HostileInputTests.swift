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
}
