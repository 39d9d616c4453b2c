import Foundation
import XCTest

@testable import RulesCLI

/// The command line as defined once: every option of the flag table is in its help and in
/// the man page, a command refuses options it does not take, help and errors follow the
/// locale, and the completions offer what the parser takes.
final class CommandLineTests: XCTestCase {
    private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }
    private let commands = ["search", "titles", "show", "check", "stem", "index", "check-engines", "completions", "help"]

    func testEveryOptionIsInTheHelpAndTheManPage() throws {
        let man = try String(contentsOf: TestPaths.repository.appendingPathComponent("doc/rules.1"), encoding: .utf8)
        XCTAssertEqual(text(try runRules(["help", "man"]).stdout), man, "doc/rules.1 is not what 'rules help man' prints: make it again")
        // Under a Russian locale, the Russian page.
        let russian = try String(contentsOf: TestPaths.repository.appendingPathComponent("doc/rules.ru.1"), encoding: .utf8)
        XCTAssertEqual(text(try runRules(["help", "man"], environment: ["LC_ALL": "ru_RU.UTF-8"]).stdout), russian)
        // Each command's options, as the flag table defines them (each writes a field of
        // the options a command reads: FlagTableTests).
        var read: [String: Set<String>] = [:]
        for flag in Flag.table where flag.name != "help" && flag.name != "version" {
            for command in flag.commands { read[command.rawValue, default: []].insert(flag.name) }
        }
        XCTAssertEqual(
            read["search"]?.isSuperset(of: ["json", "plain", "batch", "limit", "all", "page", "color", "no-pager"]), true, "\(read)")
        for (command, options) in read {
            let help = try runRules([command, "--help"])
            XCTAssertEqual(help.status, 0, command)
            XCTAssertEqual(text(try runRules(["help", command]).stdout), text(help.stdout))
            for option in options {
                XCTAssertTrue(text(help.stdout).contains("  --\(option)"), "rules \(command) --help lacks --\(option)")
                XCTAssertTrue(man.contains("\\-\\-\(option.replacingOccurrences(of: "-", with: "\\-"))"), "rules.1 lacks --\(option)")
                // The parser takes it for that command.
                let probe = try runRules([command, "--\(option)", "1", "--help"])
                XCTAssertFalse(
                    probe.stderr.contains("does not take") || probe.stderr.contains("unknown option"),
                    "\(command) --\(option): \(probe.stderr)")
            }
        }
        for section in ["NAME", "SYNOPSIS", "COMMANDS", "OPTIONS", "ENVIRONMENT", "EXIT STATUS", "FILES", "EXAMPLES"] {
            XCTAssertTrue(man.contains(".SH \(section)\n"), section)
        }
        for variable in ["RULES_ENGINE", "NO_COLOR", "PAGER", "LC_ALL"] { XCTAssertTrue(man.contains(variable), variable) }
        for command in commands { XCTAssertTrue(man.contains(".B rules\n\(command.replacingOccurrences(of: "-", with: "\\-"))"), command) }
        // It renders.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/man")
            process.arguments = ["-l", TestPaths.repository.appendingPathComponent("doc/rules.1").path]
            process.environment = ["MANPAGER": "cat", "PAGER": "cat", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "MANWIDTH": "80"]
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let page = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            XCTAssertTrue(page.contains("EXIT STATUS") && page.contains("--no-pager"), page)
            // The example ran: its output, from the built-in rules, is in the page.
            let example = text(try runRules(["search", "--plain", "--limit", "3", "тире", "между", "подлежащим", "и", "сказуемым"]).stdout)
            let firstTitle = example.split(separator: "\n")[0].split(separator: "\t")[2]
            XCTAssertTrue(page.contains(firstTitle), "\(firstTitle)")
        }
    }

    func testEachCommandTakesOnlyItsOptions() throws {
        let refused: [[String]] = [
            ["stem", "--json", "x"], ["show", "--engine", "pcre2", "12"], ["check-engines", "--engine", "pcre2"],
            ["titles", "--limit", "3", "x"], ["index", "--page", "2", "build"], ["completions", "--json", "bash"],
            ["--plain", "titles", "x"],
        ]
        for arguments in refused {
            let run = try runRules(arguments)
            let command = arguments.first { !$0.hasPrefix("-") }!
            let option = arguments.first { $0.hasPrefix("-") }!
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertEqual(run.stderr, "rules: the command '\(command)' does not take \(option) (see rules \(command) --help)\n")
            XCTAssertTrue(run.stdout.isEmpty)
        }
        // Usage errors name the command's help; other errors say what to do.
        for (arguments, message) in [
            (["search"], "rules: give a query (or --batch) (see rules search --help)\n"),
            ([], "rules: usage: rules COMMAND [OPTIONS] [ARGUMENTS]; 'rules help' lists the commands\n"),
            (
                ["search", "--corpus", "c.jsonl", "x"],
                "rules: --corpus goes with --index: it names the texts of that index's chapters (see rules search --help)\n"
            ),
            (
                ["index", "build", "--corpus", "c.jsonl", "--out="],
                "rules: option '--out' needs a value, not an empty one (see rules index --help)\n"
            ),
            (["search", "--all", "--page", "2", "x"], "rules: --all and --page cannot be used together (see rules search --help)\n"),
            (
                ["index", "build", "extra", "--corpus", "c", "--out", "d"],
                "rules: 'index build' takes no argument after build (see rules index --help)\n"
            ),
            (
                ["index", "rebuild"],
                "rules: the command 'index' has no action 'rebuild': use 'rules index build' or 'rules index refresh' (see rules index --help)\n"
            ),
            (
                ["serch", "тире"],
                "rules: unknown command 'serch': did you mean 'rules search'? To search for the word: rules search serch\n"
            ),
            (["-тся"], "rules: unknown option '-тся'; to search for it, put -- before it: rules search -- -тся (see rules --help)\n"),
            (["search", "--limit"], "rules: option '--limit N' needs a value (see rules search --help)\n"),
            (["search", "--json=yes", "x"], "rules: option '--json' takes no value (see rules search --help)\n"),
            (["completions", "tcsh"], "rules: no completions for 'tcsh': give bash, zsh or fish (see rules completions --help)\n"),
            (["help", "nothing"], "rules: no command 'nothing' to show the help of (see rules --help)\n"),
            (["search", "--engine", "perl", "x"], "rules: unknown engine 'perl' in --engine: use pcre2 or foundation\n"),
        ] {
            let run = try runRules(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertEqual(run.stderr, message)
        }
        XCTAssertEqual(
            try runRules(["search", "x"], environment: ["RULES_ENGINE": "perl"]).stderr,
            "rules: unknown engine 'perl' in RULES_ENGINE: use pcre2 or foundation\n")
        // A command without an engine does not mind RULES_ENGINE.
        XCTAssertEqual(try runRules(["show", "12"], environment: ["RULES_ENGINE": "perl"]).status, 0)
    }

    func testLanguageFollowsTheLocale() throws {
        let russian = "rules: команда stem не принимает --json (см. rules stem --help)\n"
        let english = "rules: the command 'stem' does not take --json (see rules stem --help)\n"
        let cases: [([String: String], String)] = [
            (["LANG": "ru_RU.UTF-8"], russian), (["LANG": "C.UTF-8"], english), (["LANG": "en_GB.UTF-8"], english),
            (["LANG": "ru_RU.UTF-8", "LC_ALL": "C"], english), (["LANG": "C", "LC_MESSAGES": "ru_RU.UTF-8"], russian),
            (["LANG": "ru_RU.UTF-8", "LC_MESSAGES": ""], russian), (["LANG": "", "LC_ALL": "ru_UA.UTF-8"], russian),
        ]
        for (environment, message) in cases {
            XCTAssertEqual(try runRules(["stem", "--json", "x"], environment: environment).stderr, message, "\(environment)")
        }
        // The search core's errors too: a missing index, a bad corpus line.
        let ru = ["LANG": "ru_RU.UTF-8"]
        XCTAssertEqual(
            try runRules(["search", "--index", "/nonexistent-\(getpid())", "x"], environment: ru).stderr,
            "rules: нет индекса в /nonexistent-\(getpid()): постройте его командой «rules index build --corpus FILE.jsonl --out DIR»\n")
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("rules-ru-corpus-\(getpid()).jsonl")
        try Data("{\"id\": \"a\", \"title\": \"T\", \"html\": \"x\"}\n{\"id\": \"b\", \"title\": 5}\n".utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("rules-ru-out-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        XCTAssertEqual(
            try runRules(["index", "build", "--corpus", bad.path, "--out", out], environment: ru).stderr,
            "rules: \(bad.path): строка 2, поле «html»: отсутствует\n")
        XCTAssertEqual(
            try runRules(["index", "build", "--corpus", bad.path, "--out", out]).stderr,
            "rules: \(bad.path): line 2, field 'html': missing\n")
        let ruHelp = text(try runRules(["search", "--help"], environment: ["LANG": "ru_RU.UTF-8"]).stdout)
        XCTAssertTrue(ruHelp.hasPrefix("Использование: rules search"), ruHelp)
        XCTAssertTrue(ruHelp.contains("Примеры:"), ruHelp)
        // The results view is Russian in every locale; JSON and --plain never change.
        for lang in ["C.UTF-8", "ru_RU.UTF-8", "de_DE.UTF-8"] {
            XCTAssertTrue(text(try runRules(["search", "тире"], environment: ["LANG": lang]).stdout).hasPrefix("Нашлось "))
            XCTAssertEqual(text(try runRules(["search", "qwertyzzz"], environment: ["LANG": lang]).stdout), "Ничего не найдено.\n")
        }
        XCTAssertEqual(
            try runRules(["search", "--json", "тире"], environment: ["LANG": "ru_RU.UTF-8"]).stdout,
            try runRules(["search", "--json", "тире"]).stdout)
        XCTAssertEqual(
            try runRules(["search", "--plain", "тире"], environment: ["LANG": "ru_RU.UTF-8"]).stdout,
            try runRules(["search", "--plain", "тире"]).stdout)
    }

    func testHelp() throws {
        for command in commands {
            let help = text(try runRules(["help", command]).stdout)
            XCTAssertTrue(help.hasPrefix("usage: rules \(command)"), help)
            XCTAssertTrue(help.contains("Examples:\n  rules "), help)
            XCTAssertTrue(help.split(separator: "\n").allSatisfy { $0.count <= 80 }, help)
            // A quoted command is never cut across lines.
            let russian = text(try runRules(["help", command], environment: ["LANG": "ru_RU.UTF-8"]).stdout)
            for line in russian.split(separator: "\n") {
                XCTAssertEqual(line.filter { $0 == "«" }.count, line.filter { $0 == "»" }.count, String(line))
            }
        }
        XCTAssertTrue(text(try runRules(["search", "--help"]).stdout).contains("'rules index build'"))
        let general = text(try runRules(["help"]).stdout)
        for command in commands { XCTAssertTrue(general.contains("\n  \(command) "), command) }
        XCTAssertEqual(text(try runRules(["--help"]).stdout), general)
        XCTAssertEqual(text(try runRules(["-h"]).stdout), general)
        XCTAssertTrue(text(try runRules(["--version"]).stdout).hasPrefix("rules 0.2.0"))
    }

    /// The completions: bash completes commands, options, engines, folders, choices and
    /// paragraph numbers; zsh and fish read their scripts, fish shows the titles.
    func testCompletions() throws {
        let bash = text(try runRules(["completions", "bash"]).stdout)
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("rules-completion-\(getpid()).bash")
        try Data(bash.utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-complete-\(getpid())")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("indexdir"), withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("corpus.jsonl"))
        defer { try? FileManager.default.removeItem(at: folder) }
        func complete(_ line: String) throws -> [String] {
            let shell = """
                source \(TerminalSession.quote(script.path)); cd \(TerminalSession.quote(folder.path))
                read -ra COMP_WORDS <<< \(TerminalSession.quote(line)); [[ \(TerminalSession.quote(line)) == *" " ]] && COMP_WORDS+=("")
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _rules; printf '%s\\n' "${COMPREPLY[@]}"
                """
            let run = try runTool("/bin/bash", ["-c", shell])
            XCTAssertEqual(run.status, 0, run.error)
            return run.output.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try complete("rules se"), ["search", "serve"])
        XCTAssertEqual(try complete("rules sea"), ["search"])
        XCTAssertEqual(try complete("rules check"), ["check", "check-engines"])
        XCTAssertEqual(try complete("rules check-"), ["check-engines"])
        XCTAssertEqual(try complete("rules check --fo"), ["--format"])
        XCTAssertEqual(Set(try complete("rules search --e")), ["--engine"])
        XCTAssertEqual(try complete("rules search --engine "), ["pcre2", "foundation"])
        XCTAssertEqual(try complete("rules --engine pcre2 search --pa"), ["--page"])
        XCTAssertEqual(try complete("rules search --color "), ["auto", "always", "never"])
        XCTAssertEqual(try complete("rules search --index "), ["indexdir"])
        XCTAssertEqual(Set(try complete("rules index build --corpus ")), ["indexdir", "corpus.jsonl"])
        XCTAssertEqual(try complete("rules index "), ["build", "refresh"])
        XCTAssertEqual(try complete("rules index build "), [], "an action is given once")
        XCTAssertEqual(try complete("rules show 12 "), [])
        // --name=value: bash splits the word at "=".
        XCTAssertEqual(try complete("rules search --color = "), ["auto", "always", "never"])
        XCTAssertEqual(try complete("rules search --color = al"), ["always"])
        XCTAssertEqual(try complete("rules search --color = never --pa"), ["--page"])
        XCTAssertEqual(try complete("rules --engine = pcre2 sea"), ["search"])
        XCTAssertEqual(try complete("rules completions "), ["bash", "zsh", "fish"])
        XCTAssertTrue(try complete("rules show 32").contains("329"))
        XCTAssertTrue(try complete("rules show ch").contains("ch29"))
        XCTAssertEqual(try complete("rules stem --"), ["--engine", "--help", "--version"])
        XCTAssertFalse(try complete("rules stem --").contains("--json"))

        let zsh = text(try runRules(["completions", "zsh"]).stdout)
        XCTAssertTrue(zsh.hasPrefix("#compdef rules\n"))
        XCTAssertTrue(zsh.contains("'329:§ 329. Запятая перед как, словно, будто в сравнительном обороте'"), "zsh shows titles")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") {
            let check = try runTool("/usr/bin/zsh", ["-n", "-c", zsh])
            XCTAssertEqual(check.status, 0, check.error)
        }
        let fish = text(try runRules(["completions", "fish"]).stdout)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") {
            let fishFile = folder.appendingPathComponent("rules.fish")
            try Data(fish.utf8).write(to: fishFile)
            let offered = try runTool(
                "/usr/bin/fish", ["--no-config", "-c", "source \(TerminalSession.quote(fishFile.path)); complete -C 'rules show 329'"])
            XCTAssertEqual(offered.status, 0, offered.error)
            XCTAssertTrue(offered.output.contains("329\t§ 329. Запятая перед как, словно, будто"), offered.output)
            let options = try runTool(
                "/usr/bin/fish", ["--no-config", "-c", "source \(TerminalSession.quote(fishFile.path)); complete -C 'rules stem --'"])
            XCTAssertFalse(options.output.contains("--json"), options.output)
        } else {
            XCTAssertTrue(fish.contains("-a '329' -d '§ 329. Запятая перед как, словно, будто в сравнительном обороте'"))
        }
    }

    private func runTool(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let error = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output, error)
    }
}
