import Foundation
import XCTest

/// `rules` in a real terminal (tmux): colour only there and not under NO_COLOR, text
/// wrapped to the width at spaces (Cyrillic counted by characters), the pager for output
/// taller than the screen and not for shorter, nor with --no-pager.
final class TerminalTests: XCTestCase {
    private var rules: String { TerminalSession.quote(TestPaths.rulesBinary.path) }

    func testColourAndWidth() throws {
        let terminal = try TerminalSession(width: 60, height: 200)
        let (screen, status) = try terminal.runToEnd("\(rules) search --no-pager запятая перед как", escapes: true)
        XCTAssertEqual(status, 0)
        XCTAssertTrue(screen.contains("\u{1B}[1m1. § 329."), screen)
        XCTAssertTrue(screen.contains("\u{1B}[31m"), "found words are marked: \(screen)")
        let plain = try terminal.screen(history: true)
        let lines = plain.components(separatedBy: "\n").filter { !$0.hasPrefix("$ ") }
        // Every line fits the width, the text was wrapped (more lines than results), and no
        // word was cut: each line ends at a word's end.
        XCTAssertTrue(lines.allSatisfy { $0.count <= 60 }, plain)
        XCTAssertTrue(lines.contains { $0.count > 45 }, plain)
        let results = lines.filter { $0.range(of: #"^\d+\. "#, options: .regularExpression) != nil }.count
        XCTAssertEqual(results, 10, plain)
        let wrapped = lines.filter { $0.hasPrefix("   ") && !$0.hasPrefix("   /rules/") }
        XCTAssertGreaterThan(wrapped.count, 30, plain)
        // The words of the piped text, joined, are the words on the screen.
        let piped = String(decoding: try runRules(["search", "запятая", "перед", "как"]).stdout, as: UTF8.self)
        func words(_ s: String) -> [Substring] { s.split { $0 == " " || $0 == "\n" } }
        let onScreen = lines.drop { !$0.hasPrefix("Нашлось") }.prefix { !$0.hasPrefix("[exit") }.joined(separator: "\n")
        XCTAssertEqual(words(onScreen), words(piped))

        let (noColor, _) = try terminal.runToEnd("NO_COLOR=1 \(rules) search --no-pager запятая", escapes: true)
        XCTAssertFalse(noColor.contains("\u{1B}[1m"), noColor)
        let (never, _) = try terminal.runToEnd("\(rules) search --no-pager --color never запятая", escapes: true)
        XCTAssertFalse(never.contains("\u{1B}[1m"), never)
        let (always, _) = try terminal.runToEnd("NO_COLOR=1 \(rules) search --no-pager --color always запятая", escapes: true)
        XCTAssertTrue(always.contains("\u{1B}[1m"), always)
        // Piped from the terminal: no escape byte, no wrapping.
        let (piped2, _) = try terminal.runToEnd("\(rules) search запятая | tr -dc '\\033' | wc -c", escapes: false)
        XCTAssertTrue(piped2.contains("\n0\n"), piped2)
    }

    func testPager() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-pager-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paged = folder.appendingPathComponent("paged").path
        let terminal = try TerminalSession(width: 80, height: 20, environment: ["PAGER": "cat > \(paged)"])
        // Taller than the screen: through $PAGER, all of it.
        var (_, status) = try terminal.runToEnd("\(rules) search --limit 20 запятая")
        XCTAssertEqual(status, 0)
        let through = try String(contentsOfFile: paged, encoding: .utf8)
        XCTAssertTrue(through.hasPrefix("Нашлось "), through)
        XCTAssertTrue(through.contains("\u{1B}[1m20. § "), "the pager has all of it, coloured")
        try FileManager.default.removeItem(atPath: paged)
        // rules show of a long chapter too; not with --no-pager; not when it fits.
        (_, status) = try terminal.runToEnd("\(rules) show ch29")
        XCTAssertEqual(status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: paged))
        try FileManager.default.removeItem(atPath: paged)
        let (screen, _) = try terminal.runToEnd("\(rules) search --no-pager --limit 20 запятая")
        XCTAssertFalse(FileManager.default.fileExists(atPath: paged))
        XCTAssertTrue(screen.contains("20. "), screen)
        _ = try terminal.runToEnd("\(rules) search --limit 1 жюри")
        XCTAssertFalse(FileManager.default.fileExists(atPath: paged), "output that fits the screen is not paged")
        // A pager that cannot be run loses nothing: the text comes to the screen.
        let missing = try TerminalSession(width: 80, height: 20, environment: ["PAGER": "nosuchpager-\(getpid())"])
        let (shown, missingStatus) = try missing.runToEnd("\(rules) search --limit 20 запятая")
        XCTAssertEqual(missingStatus, 0)
        XCTAssertTrue(shown.contains("Нашлось ") && shown.contains("20. § "), shown)
        // A pager that runs and fails (PAGER=false) may have shown nothing: said on standard error.
        let failing = try TerminalSession(width: 80, height: 20, environment: ["PAGER": "false", "LANG": "C.UTF-8"])
        let (said, _) = try failing.runToEnd("\(rules) search --limit 20 запятая")
        XCTAssertTrue(said.contains("warning: the pager 'false' ended with status 1"), said)
        // In a pipe, never.
        _ = try terminal.runToEnd("\(rules) search --limit 20 запятая | wc -l")
        XCTAssertFalse(FileManager.default.fileExists(atPath: paged))
    }

    /// Without PAGER, less -FRX: it waits for a key on output taller than the screen and
    /// leaves the shell as it was when quit.
    func testLessByDefault() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/less") else { throw XCTSkip("less is not installed") }
        let terminal = try TerminalSession(width: 80, height: 15)
        try terminal.run("clear; \(rules) search запятая; echo \"[exit $?]\"")
        let paging = try terminal.waitFor { $0.contains("Нашлось") && $0.components(separatedBy: "\n").contains { $0.hasPrefix(":") } }
        XCTAssertFalse(paging.contains("[exit 0]"), paging)
        try terminal.keys("q")
        let after = try terminal.waitFor { $0.contains("[exit 0]") }
        XCTAssertTrue(after.contains("[exit 0]"), after)
    }
}
