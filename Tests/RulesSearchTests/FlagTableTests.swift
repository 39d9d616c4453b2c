import Foundation
import XCTest

@testable import RulesCLI

/// The flag table, in-process: each flag writes its field of ``Options`` (every field has
/// its flag), checks its value, and is named in the help of each command that takes it and
/// in the man page; each rule of the table is a refusal.
final class FlagTableTests: XCTestCase {
    /// A value each flag takes.
    private func sample(_ flag: Flag) -> String? {
        switch flag.value {
        case .none: nil
        case .number: "2"
        case .text: "x"
        case .choice(_, let choices): choices.last
        }
    }

    private func parse(_ words: [String]) throws -> Arguments { try Arguments(words) }

    /// The names of the fields of `options` that differ from a fresh one's.
    private func changed(_ options: Options) -> Set<String> {
        let fresh = Mirror(reflecting: Options()).children.map { String(describing: $0.value) }
        var names: Set<String> = []
        for (k, child) in Mirror(reflecting: options).children.enumerated() where String(describing: child.value) != fresh[k] {
            names.insert(child.label!)
        }
        return names
    }

    func testEachFlagWritesItsOwnFieldForEachOfItsCommands() throws {
        var written: [String: String] = [:]
        for flag in Flag.table {
            for command in flag.commands {
                var words = [command.rawValue, "--\(flag.name)"]
                if let value = sample(flag) { words.append(value) }
                // With --help, the table's rules (--corpus needs --index) do not apply.
                if flag.name != "help" { words.append("--help") }
                let options = try parse(words).options
                let fields = changed(options).subtracting(flag.name == "help" ? [] : ["help"])
                XCTAssertEqual(fields.count, 1, "--\(flag.name) for \(command): \(fields)")
                if let field = fields.first {
                    XCTAssertTrue(
                        written[field] == nil || written[field] == flag.name, "\(field) written by --\(flag.name) and --\(written[field]!)")
                    written[field] = flag.name
                }
                // --name=value is the same.
                if let value = sample(flag) {
                    XCTAssertEqual(try parse([command.rawValue, "--\(flag.name)=\(value)", "--help"]).options, options, flag.name)
                }
            }
        }
        // Every field has its flag: a command can read nothing the table does not define.
        let fields = Set(Mirror(reflecting: Options()).children.map { $0.label! })
        XCTAssertEqual(Set(written.keys), fields)
    }

    func testNumbersAreCheckedWhereTheFlagIsRead() throws {
        let refused: [[String]] = [
            ["search", "--limit", "0", "x"], ["search", "--page", "-1", "x"], ["search", "--limit", "ten", "x"],
            ["check-engines", "--fuzz", "1000001"], ["check-engines", "--seed", "-2"],
            ["search", "--color", "sometimes", "x"],
        ]
        for words in refused {
            XCTAssertThrowsError(try parse(words), "\(words)") { error in
                switch error as? Failure {
                case .notANumber?, .notAChoice?: break
                default: XCTFail("\(words): \(error)")
                }
            }
        }
        XCTAssertEqual(try parse(["search", "--limit", "9223372036854775807", "x"]).options.limit, Int.max)
        XCTAssertEqual(try parse(["check-engines", "--fuzz", "1000000"]).options.fuzz, 1_000_000)
        XCTAssertEqual(try parse(["search", "--color", "never", "x"]).options.color, .never)
    }

    func testTheTablesRulesAreRefusalsButNotForHelp() throws {
        for rule in Flag.rules {
            let flag = try XCTUnwrap(Flag.named(rule.option))
            XCTAssertTrue(flag.commands.contains(rule.command), "\(rule.option) is not an option of \(rule.command)")
            var words = [rule.command.rawValue, "--\(rule.option)"] + (sample(flag).map { [$0] } ?? [])
            switch rule.kind {
            case .conflicts(let other):
                let otherFlag = try XCTUnwrap(Flag.named(other))
                XCTAssertTrue(otherFlag.commands.contains(rule.command))
                words += ["--\(other)"] + (sample(otherFlag).map { [$0] } ?? [])
                XCTAssertThrowsError(try parse(words), "\(words)") { error in
                    guard case .conflicting? = error as? Failure else { return XCTFail("\(words): \(error)") }
                }
            case .requires(let other):
                XCTAssertNotNil(Flag.named(other))
                XCTAssertThrowsError(try parse(words), "\(words)") { error in
                    guard case .requires? = error as? Failure else { return XCTFail("\(words): \(error)") }
                }
            }
            XCTAssertNoThrow(try parse(words + ["--help"]), "\(words) --help")
        }
    }

    /// Each flag in the help of each of its commands, in both languages, and in the man page.
    func testEachFlagIsInItsCommandsHelpAndTheManPage() throws {
        let man = ManPage.roff(.english)
        XCTAssertEqual(
            man, try String(contentsOf: TestPaths.repository.appendingPathComponent("doc/rules.1"), encoding: .utf8),
            "doc/rules.1 is not what 'rules help man' prints: make it again")
        // The Russian page: every text of its own in Russian, the sections named as Russian
        // pages name them.
        let russian = ManPage.roff(.russian)
        XCTAssertEqual(
            russian, try String(contentsOf: TestPaths.repository.appendingPathComponent("doc/rules.ru.1"), encoding: .utf8),
            "doc/rules.ru.1 is not what 'LC_ALL=ru_RU.UTF-8 rules help man' prints: make it again")
        for section in [
            "ИМЯ", "ОБЗОР", "ОПИСАНИЕ", "КОМАНДЫ", "ПАРАМЕТРЫ", "ОКРУЖЕНИЕ", "КОД ВЫХОДА", "ФАЙЛЫ", "ПРИМЕРЫ", "СМОТРИТЕ ТАКЖЕ",
        ] {
            XCTAssertTrue(russian.contains(".SH \(section)\n"), section)
        }
        for flag in Flag.table {
            XCTAssertTrue(
                russian.contains("\\-\\-\(flag.name.replacingOccurrences(of: "-", with: "\\-"))"), "rules.ru.1 lacks --\(flag.name)")
            if let manual = flag.manual {
                XCTAssertTrue(manual.ru.contains { ("а"..."я").contains($0) } && manual.ru != manual.en, "--\(flag.name) has no Russian")
                XCTAssertTrue(russian.contains(ManPage.text(manual.ru)), "--\(flag.name)")
            }
        }
        for (_, what) in ManPage.environment + ManPage.files { XCTAssertTrue(russian.contains(ManPage.text(what.ru)), what.en) }
        // Nothing English but names, commands and examples: no line of the English page's
        // prose is in it.
        let prose = man.split(separator: "\n").filter { line in
            line.split(separator: " ").filter { $0.count > 1 && $0.allSatisfy { ("a"..."z").contains($0) } }.count >= 5
        }
        XCTAssertGreaterThan(prose.count, 40)
        for line in prose {
            XCTAssertFalse(russian.contains(line), "English in rules.ru.1: \(line)")
        }
        for flag in Flag.table {
            XCTAssertTrue(man.contains("\\-\\-\(flag.name.replacingOccurrences(of: "-", with: "\\-"))"), "rules.1 lacks --\(flag.name)")
            for command in flag.commands {
                for language in [Language.english, .russian] {
                    let help = HelpText.command(command, language)
                    XCTAssertTrue(help.contains("  --\(flag.name)"), "\(command) --help (\(language)) lacks --\(flag.name)")
                    // Wrapped to the width of the help: compared with its spaces and line breaks as one.
                    func flat(_ s: String) -> String { s.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
                    XCTAssertTrue(
                        flat(help).contains(flat(flag.help.text(language))),
                        "\(command) --help (\(language)) lacks the help of --\(flag.name)")
                }
            }
        }
    }

    /// Asked for help, the help is shown whatever else the line holds; an unknown command
    /// is still an error.
    func testHelpWinsOverAnythingElseOnTheLine() throws {
        let lines: [([String], CommandName?)] = [
            (["search", "--limit", "0", "--help"], .search), (["search", "--color", "sometimes", "-h"], .search),
            (["search", "--bogus", "--help"], .search), (["stem", "--json", "--help"], .stem), (["--json", "--help"], nil),
            (["--limit=x", "titles", "-h"], .titles), (["search", "--all", "--limit", "3", "--help"], .search),
        ]
        for (words, command) in lines {
            let arguments = try parse(words)
            XCTAssertTrue(arguments.options.help, "\(words)")
            XCTAssertEqual(arguments.command, command, "\(words)")
        }
        XCTAssertThrowsError(try parse(["serch", "--help"])) { error in
            guard case .unknownCommand? = error as? Failure else { return XCTFail("\(error)") }
        }
        // After --, --help is a word like any other.
        XCTAssertFalse(try parse(["search", "--", "--help"]).options.help)
    }
}
