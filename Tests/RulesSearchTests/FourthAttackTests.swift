import Foundation
import XCTest

@testable import RulesSearch

/// What a fourth attack on `rules` by hostile input found: a standard error that cannot be
/// written stopped the program with a trap, `rules stem` echoed escapes to a terminal, and a
/// vocabulary file of another kind was read whole before it was refused.
final class FourthAttackTests: XCTestCase {
    /// `rules ARGUMENTS` with standard error on `stderr` (a path opened for writing); its
    /// exit status, and its peak memory in KiB (from `wait4`).
    private func run(_ arguments: [String], stderr path: String, input: String? = nil) throws -> (status: Int32, peakKiB: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, path, O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        let words: [String] = [TestPaths.rulesBinary.path] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let settings: [String] = ["LANG=C.UTF-8", "PATH=/usr/bin:/bin"]
        let environment: [UnsafeMutablePointer<CChar>?] = settings.map { strdup($0) } + [nil]
        defer { for p in environment { free(p) } }
        var pid: pid_t = 0
        XCTAssertEqual(posix_spawn(&pid, TestPaths.rulesBinary.path, &actions, nil, argv, environment), 0)
        var status: Int32 = 0
        var usage = rusage()
        XCTAssertEqual(wait4(pid, &status, 0, &usage), pid)
        // WIFEXITED: the low seven bits are 0; else the signal that ended it, as a shell says it.
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (code, Int(usage.ru_maxrss))
    }

    /// Errors, warnings and notes to a standard error that is full or closed are dropped:
    /// the command ends as it would have (2 for an error), not with SIGILL (132).
    func testAStandardErrorThatCannotBeWrittenIsNoCrash() throws {
        XCTAssertEqual(try run(["search", "--index", "/nonexistent", "x"], stderr: "/dev/full").status, 2)
        XCTAssertEqual(try run(["--bogus"], stderr: "/dev/full").status, 2)
        XCTAssertEqual(try run(["search", "запятая"], stderr: "/dev/full").status, 0)
        // A note for each misspelled query of a --plain batch, to a pipe whose reader is gone.
        let script =
            "set -o pipefail; yes доступпа | head -300 | '\(TestPaths.rulesBinary.path)' search --batch --plain 2>&1 | head -1 >/dev/null; echo \"${PIPESTATUS[2]}\""
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let said = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertTrue(["0", "1"].contains(said.trimmingCharacters(in: .whitespacesAndNewlines)), "rules ended with \(said)")
    }

    /// On a terminal (script(1) gives one), `rules stem` shows escapes as spaces; to a
    /// pipe it writes the words as they are, PHP's stems beside them.
    func testStemShowsNoEscapeToATerminal() throws {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else {
            throw XCTSkip("script (util-linux) is needed to give rules a terminal")
        }
        let words = FileManager.default.temporaryDirectory.appendingPathComponent("rules-stem-escapes-\(getpid()).txt")
        addTeardownBlock { try? FileManager.default.removeItem(at: words) }
        try Data("слово\u{1B}]0;PWNED\u{07}\u{1B}[31m\n\u{9B}2J\n".utf8).write(to: words)
        let process = Process()
        process.executableURL = script
        process.arguments = ["-qc", "'\(TestPaths.rulesBinary.path)' stem < '\(words.path)'", "/dev/null"]
        process.environment = ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "TERM": "xterm"]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let shown = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertFalse(shown.contains(0x1B), String(decoding: shown, as: UTF8.self))
        XCTAssertFalse(shown.contains(0x07))
        XCTAssertFalse(String(decoding: shown, as: UTF8.self).contains("\u{9B}"))
        XCTAssertTrue(String(decoding: shown, as: UTF8.self).contains("слово"))
        // To a pipe, byte for byte.
        let piped = try runRules(["stem"], input: try Data(contentsOf: words))
        XCTAssertTrue(piped.stdout.contains(0x1B))
    }

    /// A file of zeros in place of the vocabulary is refused from its first bytes, not
    /// after reading it whole (a gigabyte of it cost a gigabyte of memory).
    func testAVocabularyOfAnotherKindIsRefusedFromItsHeader() throws {
        let folder = try builtIndex("fourth-words")
        let words = folder.appendingPathComponent(Vocabulary.fileName).path
        XCTAssertEqual(truncate(words, 0), 0)
        XCTAssertEqual(truncate(words, 1 << 30), 0)
        let said = folder.appendingPathComponent("said.txt").path
        XCTAssertTrue(FileManager.default.createFile(atPath: said, contents: nil))
        let (status, peak) = try run(["search", "--index", folder.path, "даступ"], stderr: said)
        XCTAssertNotEqual(status, 2)
        XCTAssertLessThan(peak, 200 << 10, "peak memory \(peak) KiB")
        XCTAssertTrue(try String(contentsOfFile: said, encoding: .utf8).contains("\(Vocabulary.fileName) is damaged"))
    }
}
