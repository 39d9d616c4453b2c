import Foundation
import RulesRegex
import RulesSearch

/// `rules`: search the rules of Russian spelling and punctuation.
/// Exit status: 0 found (or done), 1 nothing found, 2 an error, as grep.

let version = "rules 0.1.0 (a Swift port of s2_search by Roman Parpalak; GPL-2.0-or-later)"

let usage = """
usage: rules <command> [options] [arguments]

Search the rules of Russian spelling and punctuation, as therules.ru does.

Commands:
  search QUERY...          rank the rules that answer QUERY
      --json               one JSON object (with --batch: one a line)
      --batch              read one query a line from standard input
      --limit N | --all    results per page (default 10) or every match
      --page N             page of results (default 1)
      --index DIR          an index made by 'rules index build' or by s2_search
  titles QUERY             chapters whose title contains QUERY
  show N | §N              a paragraph, or a chapter with its paragraphs
  stem [WORD...]           the stem of each word (standard input when none)
  index build --corpus FILE.jsonl --out DIR
                           build an index from a corpus
  check-engines            compare the two regex engines stage by stage

Options for every command:
  --engine pcre2|foundation   regex engine (default pcre2; or RULES_ENGINE)
  --help, --version

Exit status: 0 found, 1 nothing found, 2 error.
"""

signal(SIGPIPE, SIG_IGN)

/// `message` on one line, as scripts read it: a line break or other control character
/// that came in with an argument or a path is shown escaped.
func oneLine(_ message: String) -> String {
    var line = ""
    for scalar in message.unicodeScalars {
        switch scalar {
        case "\n": line += "\\n"
        case "\r": line += "\\r"
        case "\t": line += "\\t"
        case _ where scalar.properties.generalCategory == .control, "\u{2028}", "\u{2029}":
            line += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: line.unicodeScalars.append(scalar)
        }
    }
    return line
}

/// Prints the error on one line and exits with 2.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("rules: \(oneLine(message))\n".utf8))
    exit(2)
}

/// Prints a warning on one line; the command goes on.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("rules: warning: \(oneLine(message))\n".utf8))
}

do {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    let context = Context(arguments: arguments)
    if arguments.flag("version") {
        print(version)
        exit(0)
    }
    guard let command = arguments.operands.first, !arguments.flag("help"), command != "help" else {
        // Asked for, the usage is the output; without a command, it is the error message.
        if arguments.operands.isEmpty && !arguments.flag("help") {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            exit(2)
        }
        print(usage)
        exit(0)
    }
    _ = try context.engine()   // an unknown engine is an error for every command
    let status: Int32
    switch command {
    case "stem":
        status = try StemCommand.run(context)
    case "index":
        status = try IndexCommand.run(context)
    case "search":
        status = try SearchCommand.run(context)
    case "titles":
        status = try TitlesCommand.run(context)
    case "show":
        status = try ShowCommand.run(context)
    case "check-engines":
        status = try CheckEnginesCommand.run(context)
    default:
        throw CLIError("unknown command '\(command)' (see rules --help)")
    }
    exit(status)
} catch let error as CLIError {
    fail(error.message)
} catch let error as S2IndexFile.FormatError {
    fail(error.message)
} catch {
    fail("\(error)")
}
