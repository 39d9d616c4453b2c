import Foundation
import XCTest

/// A real terminal for the tests: a tmux server of its own (its own socket), one window of
/// a chosen size running a plain shell, driven with `send-keys` and read with
/// `capture-pane`, as a person at a terminal would see it.
final class TerminalSession {
    private let socket = "rules-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let width: Int, height: Int

    /// Skips the test when tmux is not installed.
    init(width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            throw XCTSkip("tmux is not installed: the terminal tests need it (apt-get install tmux)")
        }
        self.width = width
        self.height = height
        var env = ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory(), "PS1": "$ "]
        for (k, v) in environment { env[k] = v }
        let assignments = env.map { "\($0.key)=\(TerminalSession.quote($0.value))" }.joined(separator: " ")
        try tmux([
            "new-session", "-d", "-s", "t", "-x", String(width), "-y", String(height),
            "env -i \(assignments) bash --norc --noprofile",
        ])
        try tmux(["set-option", "-t", "t", "status", "off"])
        _ = try waitFor { $0.contains("$") }
    }

    deinit { _ = try? tmux(["kill-server"]) }

    static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Runs tmux with `arguments` and returns what it printed. Spawned and waited for with
    /// waitpid rather than Foundation's Process: the server that new-session starts keeps
    /// every descriptor the client had, including those Process watches to learn that its
    /// child ended, so that Process would wait for the server's end; and the output goes to
    /// a file for the same reason.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).out").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = (["/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/usr/bin/tmux", &actions, nil, argv, environ) == 0 else {
            throw XCTSkip("tmux could not be started")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        defer { unlink(file) }
        return String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data(), as: UTF8.self)
    }

    /// Types `line` and Enter.
    func run(_ line: String) throws {
        try tmux(["send-keys", "-t", "t", "-l", line])
        try tmux(["send-keys", "-t", "t", "Enter"])
    }

    func keys(_ keys: String...) throws { try tmux(["send-keys", "-t", "t"] + keys) }

    /// The screen as text; with `escapes`, with its colours as SGR sequences.
    /// With `history`, the lines scrolled off the top too.
    func screen(escapes: Bool = false, history: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", "t"] + (escapes ? ["-e"] : []) + (history ? ["-S", "-"] : []))
    }

    /// Waits up to `seconds` for the screen to satisfy `condition`; the last screen.
    func waitFor(
        seconds: Double = 15, escapes: Bool = false, history: Bool = false,
        _ condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var last = ""
        while Date() < deadline {
            last = try screen(escapes: escapes, history: history)
            if condition(last) { return last }
            usleep(50_000)
        }
        XCTFail("the terminal did not show what was waited for; it shows:\n\(last)")
        return last
    }

    /// Runs `command` and waits for it to end (a marker with its exit status); the screen.
    /// The screen and what scrolled off it since the command was typed.
    func runToEnd(_ command: String, escapes: Bool = false) throws -> (screen: String, status: Int?) {
        try run("clear")
        _ = try waitFor { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }
        try tmux(["clear-history", "-t", "t"])
        try run(command + "; echo \"[exit $?]\"")
        let screen = try waitFor(escapes: escapes, history: true) { $0.range(of: #"\[exit \d+\]"#, options: .regularExpression) != nil }
        let status = screen.range(of: #"\[exit (\d+)\]"#, options: .regularExpression)
            .flatMap { Int(screen[$0].dropFirst(6).dropLast()) }
        return (screen, status)
    }
}
