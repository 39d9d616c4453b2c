import Foundation
import XCTest
@testable import RulesCLI
@testable import RulesSearch

/// The command line's pieces called in-process, each against what the real command prints
/// in a subprocess: the results view, the help in both languages, the completions.
final class InProcessCLITests: XCTestCase {
    private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    /// `ResultsView` over a session of the built-in rules renders what `rules search`
    /// prints to a pipe, byte for byte, for queries with one page, several pages and none.
    func testTheResultsViewIsWhatTheCommandPrints() throws {
        let session = SearchSession(index: try BuiltInIndex.index(), texts: try BuiltInIndex.texts(), engine: .default)
        for words in [["запятая", "перед", "как"], ["жюри"], ["щщщщ"], ["-", "тире"]] {
            let line = ["search", "--limit", "3"] + (words.first == "-" ? ["--"] : []) + words
            let arguments = try Arguments(line)
            let query = Bytes(arguments.operands.joined(separator: " ").utf8)
            let result = session.search(query, limit: 3, page: 1)
            let view = ResultsView(marks: Marks(on: false), width: nil, outline: BuiltInIndex.outline, session: session,
                                   pageCommand: { SearchCommand.pageCommand(arguments, page: $0, query: $1) })
            XCTAssertEqual(view.render(result), text(try runRules(line).stdout), "\(words)")
        }
    }

    /// Help and the man page, made in-process, are what the command prints.
    func testHelpInBothLanguagesIsWhatTheCommandPrints() throws {
        for (language, lang) in [(Language.english, "C.UTF-8"), (.russian, "ru_RU.UTF-8")] {
            XCTAssertEqual(HelpText.general(language), text(try runRules(["--help"], environment: ["LANG": lang]).stdout))
            for command in CommandName.allCases {
                XCTAssertEqual(HelpText.command(command, language),
                               text(try runRules([command.rawValue, "--help"], environment: ["LANG": lang]).stdout), "\(command) \(language)")
            }
        }
        XCTAssertEqual(ManPage.roff(), text(try runRules(["help", "man"]).stdout))
        XCTAssertEqual(Completions.bash(), text(try runRules(["completions", "bash"]).stdout))
    }
}
