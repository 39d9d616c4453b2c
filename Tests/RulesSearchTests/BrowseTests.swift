import Foundation
import XCTest

@testable import RulesTerminal

/// `rules browse`, the full-screen search, in a real terminal (tmux) as a person uses
/// it: typing, moving, opening, going back, resizing, leaving; and the terminal given back
/// as it was however it ends.
final class BrowseTests: XCTestCase {
    private var rules: String { TerminalSession.quote(TestPaths.rulesBinary.path) }

    /// Types `text` a character at a time, as a person does.
    private func type(_ text: String, into terminal: TerminalSession) throws {
        for c in text { try terminal.tmux(["send-keys", "-t", "t", "-l", String(c)]) }
    }

    /// The shell is back: its settings as before (line editing and echo on) and its screen.
    private func assertShellIsBack(_ terminal: TerminalSession, before: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let screen = try terminal.waitFor { $0.contains(before) && $0.hasSuffix("$") || $0.contains(before) && $0.contains("\n$") }
        XCTAssertFalse(screen.contains("Поиск:"), "the alternate screen is left: \(screen)", file: file, line: line)
        try terminal.run("echo \"[$(stty -a | tr ' ' '\\n' | grep -E '^-?(icanon|echo|isig|icrnl)$' | tr '\\n' ' ')]\"")
        let screen2 = try terminal.waitFor { $0.components(separatedBy: "\n").contains { $0.hasPrefix("[") && $0.hasSuffix("]") } }
        let settings = screen2.components(separatedBy: "\n").last { $0.hasPrefix("[") && $0.hasSuffix("]") } ?? ""
        XCTAssertEqual(
            Set(settings.dropFirst().dropLast().split(separator: " ")), ["icanon", "echo", "isig", "icrnl"], screen2, file: file, line: line
        )
        // The screen cleared, the marker again, for the next time.
        try terminal.run("clear; echo \(before)")
        _ = try terminal.waitFor { $0.hasPrefix(before) || $0.contains("\n\(before)") }
    }

    /// `--print`: Enter prints the chosen rule's id to standard output, which can be a pipe
    /// or a variable (the screen is drawn on the terminal), as fzf prints its choice; left
    /// without a choice, 1; Ctrl-C, 130, with or without it.
    func testPrintGivesTheChosenRuleAndCtrlCEndsWith130() throws {
        let terminal = try TerminalSession(width: 90, height: 24)
        try terminal.run("id=$(\(rules) browse --print § 191); echo \"[$id] $?\"")
        _ = try terminal.waitFor { $0.contains("› → § 191.") || $0.contains("› § 191.") }
        try terminal.keys("Enter")
        _ = try terminal.waitFor { $0.contains("[191] 0") }
        try terminal.run("\(rules) browse --print тире | cat; echo \"[${PIPESTATUS[0]}]\"")
        _ = try terminal.waitFor { $0.contains("Поиск: тире") }
        try terminal.keys("Escape")
        try terminal.keys("Escape")
        _ = try terminal.waitFor { $0.contains("[1]") }
        for (mark, options) in [("plain", ""), ("printing", " --print")] {
            try terminal.run("clear")
            _ = try terminal.waitFor { !$0.contains("Поиск:") }
            try terminal.run("\(rules) browse\(options); echo \"[\(mark) $?]\"")
            _ = try terminal.waitFor { $0.contains("Поиск:") }
            try terminal.keys("C-c")
            _ = try terminal.waitFor { $0.contains("[\(mark) 130]") }
        }
    }

    /// A rule's «§ N» followed with Tab and Enter, and Escape back to the rule it was in.
    func testACrossReferenceIsFollowedAndComeBackFrom() throws {
        let terminal = try TerminalSession(width: 90, height: 24)
        try terminal.run("\(rules) browse § 190")
        _ = try terminal.waitFor { $0.contains("› → § 190.") || $0.contains("› § 190.") }
        try terminal.keys("Enter")
        _ = try terminal.waitFor { $0.hasPrefix("§ 190. Слитно или раздельно") && $0.contains("Tab — ссылки") }
        try terminal.keys("Tab", "Tab")
        _ = try terminal.waitFor { $0.contains("Enter — открыть § 191") }
        try terminal.keys("BTab", "BTab")
        _ = try terminal.waitFor { $0.contains("Enter — открыть § 192") }
        try terminal.keys("Enter")
        _ = try terminal.waitFor { $0.hasPrefix("§ 192. Дефис в предлогах") }
        try terminal.keys("Escape")
        _ = try terminal.waitFor { $0.hasPrefix("§ 190. Слитно или раздельно") && $0.contains("Enter — открыть § 192") }
        try terminal.keys("Escape")
        _ = try terminal.waitFor { $0.hasPrefix("Поиск: § 190") }
        try terminal.keys("C-c")
    }

    func testBrowsingAsAPersonWould() throws {
        let terminal = try TerminalSession(width: 90, height: 24)
        try terminal.run("echo shell-before")
        _ = try terminal.waitFor { $0.contains("shell-before\n") }
        // Bare `rules` on a terminal is the browser.
        try terminal.run(rules)
        _ = try terminal.waitFor { $0.contains("Поиск:") && $0.contains("Введите запрос") }
        try type("запят", into: terminal)
        var screen = try terminal.waitFor { $0.contains("Поиск: запят\n") && $0.contains("§ 242. Запятая при перечислении без союзов") }
        XCTAssertTrue(screen.contains("В заголовках"), screen)
        try type("ая перед как", into: terminal)
        // (Until "Ищу…" goes, the count may still be the last query's.)
        screen = try terminal.waitFor {
            $0.contains("Поиск: запятая перед как\n") && $0.contains("§ 329. Запятая перед как, словно, будто в сравнительном обороте")
                && !$0.contains("Ищу…")
        }
        XCTAssertTrue(screen.contains("Нашлось 294 правила"), screen)
        XCTAssertEqual(screen.components(separatedBy: "Нашлось").count, 2, "the count once, in the status line: \(screen)")
        XCTAssertTrue(screen.contains("\nПо тексту:\n"), screen)
        // The found words are marked in colour.
        let coloured = try terminal.screen(escapes: true)
        XCTAssertTrue(coloured.contains("\u{1B}[1;31m") || coloured.contains("\u{1B}[31m"), coloured)
        // Down to the comparison rule (the title match comes first), open it.
        try terminal.keys("Down")
        _ = try terminal.waitFor { $0.contains("› § 329.") }
        try terminal.keys("Enter")
        screen = try terminal.waitFor { $0.hasPrefix("§ 329. Запятая перед как, словно, будто в сравнительном обороте") }
        XCTAssertTrue(screen.contains("Глава 29. Сравнительные обороты"), screen)
        // The words the query found are marked in the rule opened, as in its results.
        let opened = try terminal.screen(escapes: true)
        XCTAssertTrue(opened.contains("\u{1B}[1m\u{1B}[31mзапятой") || opened.contains("\u{1B}[1;31mзапятой"), opened)
        try terminal.keys("PageDown")
        try terminal.keys("Escape")
        screen = try terminal.waitFor { $0.hasPrefix("Поиск: запятая перед как") && $0.contains("› § 329.") }
        // A smaller window: drawn again at its size.
        try terminal.tmux(["resize-window", "-t", "t", "-x", "50", "-y", "14"])
        screen = try terminal.waitFor { screen in
            let lines = screen.components(separatedBy: "\n")
            return screen.hasPrefix("Поиск: запятая перед как") && lines.allSatisfy { $0.count <= 50 }
                && lines.contains { $0.hasSuffix("…") }
        }
        XCTAssertLessThanOrEqual(screen.trimmingCharacters(in: .newlines).components(separatedBy: "\n").count, 14, screen)
        // Tab: the chapters; a chapter: its paragraphs; one of them: its text; back twice.
        try terminal.keys("Tab")
        _ = try terminal.waitFor { $0.hasPrefix("Главы") && $0.contains("› Глава 1. Гласные после шипящих") }
        try terminal.keys("Enter")
        _ = try terminal.waitFor { $0.hasPrefix("Глава 1.") && $0.contains("› § 1. И, А, У после шипящих") }
        try terminal.keys("Down", "Enter")
        _ = try terminal.waitFor { $0.hasPrefix("§ 2. Ю и Я после шипящих") }
        try terminal.keys("Left", "Escape", "Escape")
        _ = try terminal.waitFor { $0.hasPrefix("Поиск: запятая перед как") }
        // A misspelled word: what was meant, which Enter puts in the query.
        try terminal.keys("C-u")
        try type("запитая", into: terminal)
        _ = try terminal.waitFor { $0.contains("› Возможно, вы искали: запятая") }
        try terminal.keys("Enter")
        _ = try terminal.waitFor { $0.hasPrefix("Поиск: запятая\n") && $0.contains("Нашлось") }
        // Ctrl-C leaves; the shell is as it was.
        try terminal.keys("C-c")
        try assertShellIsBack(terminal, before: "shell-before")

        // NO_COLOR: no colour, the selection still marked.
        try terminal.run("NO_COLOR=1 \(rules) browse запятая")
        _ = try terminal.waitFor { $0.contains("› ") && $0.contains("Нашлось") }
        let plain = try terminal.screen(escapes: true)
        XCTAssertFalse(plain.contains("\u{1B}[1;31m") || plain.contains("\u{1B}[7m"), plain)
        // Escape clears the query, then leaves.
        try terminal.keys("Escape")
        _ = try terminal.waitFor { $0.contains("Введите запрос") }
        try terminal.keys("Escape")
        try assertShellIsBack(terminal, before: "shell-before")
    }

    /// Each key is on the screen at once, however long the searches take: with every search
    /// made 400 ms slower, typing 30 characters key by key, the time from a key to its echo.
    func testTypingNeverWaitsForASearch() throws {
        let terminal = try TerminalSession(width: 90, height: 24, environment: ["RULES_TEST_SEARCH_DELAY_MS": "400"])
        try terminal.run("\(rules) browse")
        _ = try terminal.waitFor { $0.contains("Введите запрос") }
        let query = "запятая при причастном обороте"
        XCTAssertEqual(query.count, 30)
        var typed = ""
        var delays: [Double] = []
        for c in query {
            typed.append(c)
            let start = Date()
            try terminal.tmux(["send-keys", "-t", "t", "-l", String(c)])
            // The screen as captured has no spaces at the ends of its lines.
            let line = "Поиск: " + typed.trimmingCharacters(in: .whitespaces) + "\n"
            _ = try terminal.waitFor(seconds: 5) { $0.hasPrefix(line) }
            delays.append(Date().timeIntervalSince(start) * 1000)
        }
        let sorted = delays.sorted()
        print("BrowseTests: key to echo, ms: median \(Int(sorted[sorted.count / 2])), max \(Int(sorted.last!)) (each search 400 ms)")
        // A search in the way would make keys wait 400 ms each, and more as they queued.
        XCTAssertLessThan(sorted.last!, 300, "\(delays)")
        // The answer of the whole query comes in the end.
        _ = try terminal.waitFor(seconds: 10) { $0.contains("§ 269. Запятая при причастном обороте") }
        try terminal.keys("C-d")
        _ = try terminal.waitFor { $0.hasSuffix("$") || $0.contains("\n$") }
    }

    /// Ended by a signal (a `kill`, a closed terminal, a crash: a Swift trap raises SIGILL or
    /// SIGTRAP, a bad access SIGSEGV), the terminal is given back first.
    func testTheTerminalIsGivenBackWhateverEndsIt() throws {
        for signal in [
            "TERM", "HUP", "SEGV", "ILL", "TRAP", "ABRT", "USR1", "ALRM", "XCPU", "PROF", "SYS", "PWR", "STKFLT", "IO", "RTMIN", "RTMAX",
        ] {
            let terminal = try browseSent(signals[signal]!, marker: "сигнал\(signal)")
            try assertShellIsBack(terminal, before: "shell-before")
        }
    }

    /// A query at its longest says so on the status line rather than dropping what is typed
    /// without a word; a SIGBUS gives the terminal back before it ends the program.
    func testAFullQueryIsSaidAndABusSignalGivesTheTerminalBack() throws {
        let terminal = try TerminalSession(width: 80, height: 20)
        try terminal.run("echo shell-before")
        _ = try terminal.waitFor { $0.contains("shell-before\n") }
        let marker = "полный"
        try terminal.run("\(rules) browse \(marker)")
        _ = try terminal.waitFor { $0.contains("Поиск: \(marker)") }
        let paste = FileManager.default.temporaryDirectory.appendingPathComponent("rules-full-paste-\(getpid())")
        defer { try? FileManager.default.removeItem(at: paste) }
        try Data(String(repeating: "я", count: 1_100).utf8).write(to: paste)
        try terminal.tmux(["load-buffer", paste.path])
        try terminal.tmux(["paste-buffer", "-p", "-t", "t"])
        _ = try terminal.waitFor { $0.components(separatedBy: "\n")[1].hasPrefix("Запрос длиннее 2000 байт не пишется дальше.") }
        try terminal.keys("BSpace")
        _ = try terminal.waitFor { !$0.contains("Запрос длиннее") }
        let pids = processes(withArguments: ["browse", marker])
        XCTAssertEqual(pids.count, 1)
        // SIGBUS sent, not a fault on a mapped file: the terminal given back, then the
        // signal's default action (browse copies its index, so no fault reaches it).
        for pid in pids { XCTAssertEqual(kill(pid, SIGBUS), 0) }
        try terminal.run("echo status=$?")
        let screen = try terminal.waitFor { $0.contains("status=135") }
        XCTAssertFalse(screen.contains("rewritten in place"), screen)
        try assertShellIsBack(terminal, before: "shell-before")
    }

    /// A paste whose end never comes (ESC [ 200 ~ alone) does not take the way out: once
    /// nothing more comes for half a second, Ctrl-C quits and gives the shell back.
    func testCtrlCQuitsInAnUnfinishedPaste() throws {
        let terminal = try TerminalSession(width: 80, height: 20)
        try terminal.run("echo shell-before")
        _ = try terminal.waitFor { $0.contains("shell-before\n") }
        try terminal.run("\(rules) browse")
        _ = try terminal.waitFor { $0.contains("Поиск:") }
        _ = try terminal.tmux(["send-keys", "-t", "t", "-l", "\u{1B}[200~тире"])
        _ = try terminal.waitFor { $0.hasPrefix("Поиск: тире") }
        usleep(700_000)   // no end mark: the paste is over
        try terminal.keys("C-c")
        try assertShellIsBack(terminal, before: "shell-before")
    }

    /// What the review found: keys typed as it starts are kept; a paste is text (its line
    /// breaks spaces, its control keys nothing); a long query shows its end; Ctrl-Z and `fg`;
    /// a warning (a damaged vocabulary) is shown in the view and said once it ends, not
    /// drawn over.
    func testPastesStopsAndWarnings() throws {
        let folder = try builtIndex("browse")
        let words = folder.appendingPathComponent("rules-words.bin")
        var bytes = try Data(contentsOf: words)
        bytes[bytes.count / 2] ^= 0x10
        try bytes.write(to: words)

        // Tall enough that the shell's lines before it stay on the screen after the stop.
        let terminal = try TerminalSession(width: 40, height: 30)
        try terminal.run("echo shell-before")
        _ = try terminal.waitFor { $0.contains("shell-before\n") }
        // Typed at once after the command: nothing lost while it starts.
        try terminal.run("\(rules) browse --index \(TerminalSession.quote(folder.path))")
        try type("катологи", into: terminal)
        var screen = try terminal.waitFor { $0.hasPrefix("Поиск: катологи\n") && $0.contains("rules: warning:") }
        XCTAssertTrue(screen.components(separatedBy: "\n")[1].hasPrefix("rules: warning: "), screen)
        // A paste: line breaks are spaces, a control key in it is nothing (a pasted Ctrl-C
        // does not leave).
        try terminal.keys("C-u")
        let paste = FileManager.default.temporaryDirectory.appendingPathComponent("rules-paste-\(getpid())")
        defer { try? FileManager.default.removeItem(at: paste) }
        try Data("ab\u{03}c\nd".utf8).write(to: paste)
        try terminal.tmux(["load-buffer", paste.path])
        try terminal.tmux(["paste-buffer", "-p", "-t", "t"])
        _ = try terminal.waitFor { $0.hasPrefix("Поиск: abc d\n") }
        // A query longer than the line: its end is shown, after an ellipsis.
        try terminal.keys("C-u")
        try type(String(repeating: "я", count: 60) + "конец", into: terminal)
        screen = try terminal.waitFor { $0.hasPrefix("Поиск: …") && $0.components(separatedBy: "\n")[0].hasSuffix("яконец") }
        XCTAssertLessThanOrEqual(screen.components(separatedBy: "\n")[0].count, 40, screen)
        // Ctrl-Z: the shell's job, its screen back; fg: the view again.
        try terminal.keys("C-z")
        _ = try terminal.waitFor { $0.contains("Stopped") && $0.contains("shell-before") }
        try terminal.run("fg")
        _ = try terminal.waitFor { $0.hasPrefix("Поиск: …") }
        try terminal.keys("C-d")
        // The warning, said once the terminal is given back.
        screen = try terminal.waitFor { $0.contains("rules: warning: ") && $0.contains("shell-before") }
        XCTAssertEqual(screen.components(separatedBy: "rules: warning: ").count, 2, screen)
        try assertShellIsBack(terminal, before: "shell-before")
    }

    /// SIGTTIN and SIGTTOU (a read or a write from the background) stop browse as Ctrl-Z
    /// does: the terminal given back first (no alternate screen left behind), the view
    /// again on `fg`.
    func testABackgroundStopGivesTheTerminalBack() throws {
        for (name, signal) in [("TTIN", SIGTTIN), ("TTOU", SIGTTOU)] {
            let marker = "стоп\(name)"
            let terminal = try browseSent(signal, marker: marker)
            _ = try terminal.waitFor { $0.contains("Stopped") && $0.contains("shell-before") }
            XCTAssertEqual(
                try terminal.tmux(["display", "-p", "-t", "t", "#{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines), "0",
                name)
            try terminal.run("fg")
            _ = try terminal.waitFor { $0.hasPrefix("Поиск: \(marker)") }
            try terminal.keys("C-d")
            try assertShellIsBack(terminal, before: "shell-before")
        }
    }

    /// A terminal whose shell said "shell-before", then ran `rules browse MARKER`, which was
    /// sent `signal` once its view was there.
    private func browseSent(_ signal: Int32, marker: String) throws -> TerminalSession {
        let terminal = try TerminalSession(width: 80, height: 20)
        try terminal.run("echo shell-before")
        _ = try terminal.waitFor { $0.contains("shell-before\n") }
        try terminal.run("\(rules) browse \(marker)")
        _ = try terminal.waitFor { $0.contains("Поиск: \(marker)") }
        let pids = processes(withArguments: ["browse", marker])
        XCTAssertEqual(pids.count, 1, marker)
        for pid in pids { XCTAssertEqual(kill(pid, signal), 0, marker) }
        return terminal
    }

    private let signals: [String: Int32] = [
        "TERM": SIGTERM, "HUP": SIGHUP, "SEGV": SIGSEGV, "ILL": SIGILL, "TRAP": SIGTRAP, "ABRT": SIGABRT,
        "USR1": SIGUSR1, "ALRM": SIGALRM, "XCPU": SIGXCPU, "PROF": SIGPROF, "SYS": SIGSYS,
        "PWR": SIGPWR, "STKFLT": SIGSTKFLT, "IO": SIGIO,
        "RTMIN": __libc_current_sigrtmin(), "RTMAX": __libc_current_sigrtmax(),
    ]

    /// The processes whose command line ends with `arguments` (read from /proc, as pgrep
    /// does, which a minimal system may lack).
    private func processes(withArguments arguments: [String]) -> [pid_t] {
        let tail = Array(arguments.joined(separator: "\u{0}").utf8) + [0]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            return Array(line).suffix(tail.count) == tail[...] ? pid : nil
        }
    }

    /// In a pipe there is no browser: bare `rules` is the usage error, `rules browse` says
    /// it needs a terminal; both exit with 2.
    func testNoTerminalNoBrowser() throws {
        let bare = try runRules([])
        XCTAssertEqual(bare.status, 2)
        XCTAssertTrue(bare.stderr.hasPrefix("rules: usage: rules COMMAND"), bare.stderr)
        let browse = try runRules(["browse"])
        XCTAssertEqual(browse.status, 2)
        XCTAssertEqual(
            browse.stderr,
            "rules: browse needs a terminal on standard input and output; in a script, use rules search (see rules browse --help)\n")
    }

    /// Bytes to keys: Cyrillic letters (split between reads too), the arrows and paging keys
    /// in both forms, control keys, Escape alone only once no sequence follows.
    func testKeysFromBytes() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.keys(Array("за".utf8)), [.character("з"), .character("а")])
        let split = Array("я".utf8)
        XCTAssertEqual(decoder.keys([split[0]]), [])
        XCTAssertEqual(decoder.keys([split[1]]), [.character("я")])
        XCTAssertEqual(
            decoder.keys(Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~".utf8)),
            [.up, .down, .right, .left, .pageUp, .pageDown, .home, .end])
        XCTAssertEqual(decoder.keys(Array("\u{1B}[Z\u{1B}[1;2Z".utf8)), [.backTab, .unknown])
        XCTAssertEqual(
            decoder.keys([0x03, 0x04, 0x15, 0x0D, 0x09, 0x7F]),
            [.control("c"), .control("d"), .control("u"), .enter, .tab, .backspace])
        XCTAssertEqual(decoder.keys([0x1B]), [])
        XCTAssertTrue(decoder.pendingEscape)
        XCTAssertEqual(decoder.keys(Array("[A".utf8)), [.up])
        XCTAssertEqual(decoder.keys([0x1B]), [])
        XCTAssertEqual(decoder.flushEscape(), [.escape])
        XCTAssertEqual(decoder.keys([0x1B, 0x61]), [.unknown])   // Alt-a
        XCTAssertEqual(decoder.keys([0x1B, 0x1B]), [.escape])   // Escape twice: one, one waiting
        XCTAssertEqual(decoder.flushEscape(), [.escape])
        XCTAssertEqual(decoder.keys(Array("\u{1B}[".utf8)), [])   // a sequence that never ends
        XCTAssertTrue(decoder.pendingEscape)
        XCTAssertEqual(decoder.flushEscape(), [.unknown])
        XCTAssertEqual(decoder.keys(Array("x\u{1B}[1;5C".utf8)), [.character("x"), .unknown])   // Ctrl-Right
        XCTAssertEqual(
            decoder.keys(Array("\u{1B}[200~a\nb\u{1B}[201~".utf8)), [.pasteStart, .character("a"), .enter, .character("b"), .pasteEnd])
        // Not UTF-8, or a sequence no key sends: passed over, never stuck.
        XCTAssertEqual(decoder.keys([0xFF, 0xD0, 0x41]), [.unknown, .unknown, .character("A")])
        XCTAssertEqual(decoder.keys(Array("\u{1B}[1;5Pz".utf8)), [.unknown, .character("z")])
        XCTAssertEqual(decoder.keys(Array("\u{1B}[5;2~".utf8)), [.unknown])
        // Escape then Ctrl-C in one read: both keys, not an Alt chord (it did not quit).
        XCTAssertEqual(decoder.keys([0x1B, 0x03]), [.escape, .control("c")])
        // What a terminal sends of its own accord never reaches the query: an OSC reply
        // (BEL or ST ended, whole or in pieces), a DCS, and the 8-bit CSI and OSC.
        XCTAssertEqual(decoder.keys(Array("\u{1B}]0;x\u{07}a".utf8)), [.unknown, .character("a")])
        XCTAssertEqual(decoder.keys(Array("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\b".utf8)), [.unknown, .character("b")])
        XCTAssertEqual(decoder.keys(Array("\u{1B}]0;ti".utf8)), [])
        XCTAssertEqual(decoder.keys(Array("tle\u{07}c".utf8)), [.unknown, .character("c")])
        XCTAssertEqual(decoder.keys(Array("\u{1B}P1$r0m\u{1B}\\d".utf8)), [.unknown, .character("d")])
        XCTAssertEqual(decoder.keys([0x9B, 0x33, 0x31, 0x6D, 0x65]), [.unknown, .character("e")])
        XCTAssertEqual(decoder.keys([0x9D, 0x30, 0x3B, 0x78, 0x07, 0x66]), [.unknown, .character("f")])
        XCTAssertEqual(decoder.keys([0x9D, 0x30]), [])
        XCTAssertTrue(decoder.pendingEscape)
        XCTAssertEqual(decoder.flushEscape(), [.unknown])
        XCTAssertEqual(decoder.keys(Array("\u{1B}[M !!g".utf8)), [.unknown, .character("g")])   // X10 mouse
        XCTAssertEqual(decoder.keys([0x9B]), [])
        XCTAssertEqual(decoder.flushEscape(), [.unknown])
        XCTAssertEqual(decoder.keys(Array("я".utf8)), [.character("я")])
    }
}
