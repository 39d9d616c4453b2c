import Foundation
import RulesSearch

/// Long reading on a terminal goes through a pager, as git does: `$PAGER`, else `less -FRX`
/// (quit if it fits, keep colours, leave the text on the screen). Only when standard output
/// is a terminal and the text is taller than the screen; never in a pipe; not with
/// `--no-pager`, nor when `PAGER` is empty or `cat`.
enum Pager {
    /// Writes `text` to standard output, through the pager when it is wanted. Returns when
    /// the pager has ended.
    static func show(
        _ text: Bytes, terminal: Terminal, allowed: Bool, out: OutputBuffer,
        environment given: [String: String]? = nil
    ) {
        guard allowed, terminal.isTerminal, let height = terminal.height,
            text.lazy.filter({ $0 == 0x0A }).count >= height
        else {
            out.write(text)
            out.flush()
            return
        }
        // Only now, with a pager wanted: the pager gets the whole environment.
        let environment = given ?? ProcessInfo.processInfo.environment
        guard let command = command(environment), spawn(command, text, environment) else {
            // No pager, or one that could not be run: the text is not lost.
            out.write(text)
            out.flush()
            return
        }
    }

    /// The pager's command line for `sh -c`, or `nil` for none.
    static func command(_ environment: [String: String]) -> String? {
        if let pager = environment["PAGER"] {
            let trimmed = pager.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
        }
        // No PAGER: less, if the system has it.
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return path.contains { FileManager.default.isExecutableFile(atPath: "\($0)/less") } ? "less -FRX" : nil
    }

    /// Runs `sh -c command` with `text` on its standard input and waits for it. `false`
    /// when it could not be started, or the shell could not find or run it (exit 127 or
    /// 126, as `PAGER=nosuchpager` gives): the text is then written directly.
    private static func spawn(_ command: String, _ text: Bytes, _ environment: [String: String]) -> Bool {
        var pipe: [Int32] = [0, 0]
        guard Foundation.pipe(&pipe) == 0 else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipe[0], 0)
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        var env = environment
        if env["LESS"] == nil { env["LESS"] = "FRX" }
        if env["LV"] == nil { env["LV"] = "-c" }
        let arguments = ["/bin/sh", "-c", command]
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        // rules ignores SIGPIPE, and an ignored signal stays ignored across exec: the pager
        // gets the default back.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGPIPE, SIGINT, SIGQUIT] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let started = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, &envp) == 0
        close(pipe[0])
        guard started else {
            close(pipe[1])
            return false
        }
        // The pager owns the keyboard until it ends: Ctrl-C is for it, not for us.
        let oldInt = signal(SIGINT, SIG_IGN)
        let oldQuit = signal(SIGQUIT, SIG_IGN)
        text.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(pipe[1], buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }   // the pager quit early (EPIPE): the rest is not wanted
                offset += n
            }
        }
        close(pipe[1])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        signal(SIGINT, oldInt)
        signal(SIGQUIT, oldQuit)
        let exitCode = (status >> 8) & 0xFF
        let signalled = status & 0x7F != 0
        if signalled || (exitCode != 126 && exitCode != 127) {
            // It ran but failed (`PAGER=false`): what it was given may be lost; said, not silent.
            if !signalled, exitCode != 0 { warn(.pagerFailed(command: command, status: exitCode)) }
            return true
        }
        return false
    }
}
